/** GetShardIterator: a position in one shard of a stream, valid for 15 minutes. */
import { DynamoError, invalidParameterMessage, validationError } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { encodeIterator } from '../../streams/iterator.js';
import { parseSequence } from '../../streams/shards.js';
import { ConstraintViolations, checkEnum, checkLength, checkRequired } from '../../validation/constraints.js';
import { checkStreamRequestShape, requireStream, shardNotFound, viewStream } from './stream-request.js';

const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_SEQUENCE_NUMBER', 'AFTER_SEQUENCE_NUMBER'] as const;

export function trimmedDataAccess(): DynamoError {
  return new DynamoError(
    'TrimmedDataAccessException',
    'The operation attempted to read past the oldest stream record in a shard: records older than 24 hours are trimmed',
  );
}

export const getShardIterator: Operation = (context, input) => {
  checkStreamRequestShape('GetShardIterator', input);
  const violations = new ConstraintViolations();
  checkLength(violations, input.ShardId, 'shardId', 28, 65);
  if (checkRequired(violations, input.ShardIteratorType, 'shardIteratorType')) {
    checkEnum(violations, input.ShardIteratorType, 'shardIteratorType', ITERATOR_TYPES);
  }
  checkLength(violations, input.SequenceNumber, 'sequenceNumber', 21, 40);
  violations.throwIfAny();
  const ref = requireStream(context, input.StreamArn, invalidParameterMessage('streamArn cannot be empty or null.'));
  if (typeof input.ShardId !== 'string') throw validationError('No ShardId specified.');
  const view = viewStream(context, ref);
  const shard = view.shards.find((candidate) => candidate.id === input.ShardId);
  if (shard === undefined) throw shardNotFound();

  const type = input.ShardIteratorType as (typeof ITERATOR_TYPES)[number];
  const given = input.SequenceNumber;
  let next: number;
  if (type === 'TRIM_HORIZON' || type === 'LATEST') {
    if (given !== undefined && given !== null) throw validationError(invalidParameterMessage('SequenceNumber should not be passed for this iterator type'));
    if (type === 'TRIM_HORIZON') next = Math.max(shard.start, view.horizon);
    else next = shard.end === undefined ? view.last + 1 : shard.end + 1;
  } else {
    const sequence = typeof given === 'string' ? parseSequence(given) : undefined;
    if (sequence === undefined || sequence < shard.start) throw validationError(invalidParameterMessage('Invalid SequenceNumber'));
    if (sequence < view.horizon) throw trimmedDataAccess();
    next = type === 'AT_SEQUENCE_NUMBER' ? sequence : sequence + 1;
  }
  return { ShardIterator: encodeIterator({ streamArn: ref.arn, shardId: shard.id, next, issuedAt: context.now() }) };
};
