/**
 * GetRecords: the records of one shard from an iterator's position, at most
 * Limit (1000 by default) and about 1 MB, with the iterator to read on from.
 * A closed shard read to its end answers no NextShardIterator.
 */
import { DynamoError, validationError } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { decodeIterator, encodeIterator, ITERATOR_LIFETIME_MS } from '../../streams/iterator.js';
import { renderRecord } from '../../streams/record.js';
import { sequenceText } from '../../streams/shards.js';
import { findStream } from '../../streams/stream-meta.js';
import { ConstraintViolations, checkNumberRange } from '../../validation/constraints.js';
import { trimmedDataAccess } from './get-shard-iterator.js';
import { checkStreamRequestShape, limitTooLarge, shardNotFound, streamNotFound, viewStream } from './stream-request.js';

const MAX_LIMIT = 1000;
const MAX_BYTES = 1024 * 1024;

export const getRecords: Operation = (context, input) => {
  checkStreamRequestShape('GetRecords', input);
  const position = typeof input.ShardIterator === 'string' ? decodeIterator(input.ShardIterator) : undefined;
  if (position === undefined) throw validationError('Invalid ShardIterator');
  const violations = new ConstraintViolations();
  checkNumberRange(violations, input.Limit, 'limit', 1);
  violations.throwIfAny();
  const limit = (input.Limit as number | undefined) ?? MAX_LIMIT;
  if (limit > MAX_LIMIT) throw limitTooLarge('GetRecords', MAX_LIMIT);

  const nowMs = context.now();
  if (nowMs - position.issuedAt > ITERATOR_LIFETIME_MS) {
    // DynamoDB Local says no more than the exception's name.
    throw new DynamoError('ExpiredIteratorException', '');
  }
  const ref = findStream(context, position.streamArn);
  if (ref === undefined) throw streamNotFound(position.streamArn);
  const view = viewStream(context, ref);
  const shard = view.shards.find((candidate) => candidate.id === position.shardId);
  if (shard === undefined) throw shardNotFound();
  const from = Math.max(position.next, shard.start);
  if (from < view.horizon) throw trimmedDataAccess();

  const records: Record<string, unknown>[] = [];
  let next = from;
  let bytes = 0;
  // Whether the page stopped at Limit or the size cap (rather than at the last record there is).
  let full = false;
  for (const { sequence, json } of context.streams.read(context.storage, ref.space, from, shard.end ?? Number.POSITIVE_INFINITY)) {
    if (records.length > 0 && bytes + json.length > MAX_BYTES) {
      full = true;
      break;
    }
    records.push(renderRecord(json, sequenceText(sequence)));
    bytes += json.length;
    next = sequence + 1;
    if (records.length >= limit) {
      full = true;
      break;
    }
  }
  const output: Record<string, unknown> = { Records: records };
  // A closed shard read to its last record has nothing more to give.
  if (shard.end === undefined || (full && next <= shard.end)) {
    output.NextShardIterator = encodeIterator({ ...position, next, issuedAt: nowMs });
  }
  return output;
};
