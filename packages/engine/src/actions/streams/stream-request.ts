/**
 * What the stream operations share: the JSON types of their requests, the
 * stream an ARN names (with DynamoDB Local's errors), and the trim horizon
 * each read starts from.
 */
import { DynamoError, invalidParameterMessage, validationError } from '@dynotable/core';
import type { EngineContext } from '../../context.js';
import { findStream, STREAM_RETENTION_MS, type StreamRef } from '../../streams/stream-meta.js';
import type { Shard } from '../../streams/shards.js';
import { checkShape, type Shape } from '../../validation/shapes.js';

const SHAPES = {
  ListStreams: { structure: { TableName: 'String', Limit: 'Integer', ExclusiveStartStreamArn: 'String' } },
  DescribeStream: { structure: { StreamArn: 'String', Limit: 'Integer', ExclusiveStartShardId: 'String' } },
  GetShardIterator: { structure: { StreamArn: 'String', ShardId: 'String', ShardIteratorType: 'String', SequenceNumber: 'String' } },
  GetRecords: { structure: { ShardIterator: 'String', Limit: 'Integer' } },
} satisfies Record<string, Shape>;

export function checkStreamRequestShape(operation: keyof typeof SHAPES, input: Record<string, unknown>): void {
  checkShape(input, SHAPES[operation]);
}

/** DynamoDB Local's words for a Limit over each operation's maximum (they differ). */
export function limitTooLarge(operation: 'ListStreams' | 'DescribeStream' | 'GetRecords', max: number): DynamoError {
  const words = {
    ListStreams: `Limit cannot be greater than the maximum allowed size: ${max}`,
    DescribeStream: `Limit cannot be greater than the maximum: ${max}`,
    GetRecords: `Limit should be less than or equal to ${max}`,
  };
  return validationError(invalidParameterMessage(words[operation]));
}

export function streamNotFound(arn: string): DynamoError {
  return new DynamoError('ResourceNotFoundException', `Requested resource not found: Stream: ${arn} not found`);
}

/**
 * The stream `StreamArn` names: ValidationException without one (worded per
 * operation), ResourceNotFoundException for an unknown one.
 */
export function requireStream(context: EngineContext, arn: unknown, missing = 'Invalid StreamArn'): StreamRef {
  if (typeof arn !== 'string' || arn === '') throw validationError(missing);
  const found = findStream(context, arn);
  if (found === undefined) throw streamNotFound(arn);
  return found;
}

export interface StreamView {
  ref: StreamRef;
  shards: readonly Shard[];
  /** The last sequence number written (0 before the first). */
  last: number;
  /** The first sequence number not yet trimmed. */
  horizon: number;
}

/** The stream's shards after trimming what is past retention. */
export function viewStream(context: EngineContext, ref: StreamRef): StreamView {
  const horizon = context.streams.trim(context.storage, ref.space, context.now() - STREAM_RETENTION_MS);
  const state = context.streams.state(context.storage, ref.space);
  return { ref, shards: state.shards, last: state.last, horizon };
}

export function shardNotFound(): DynamoError {
  return new DynamoError('ResourceNotFoundException', 'Shard does not exist');
}
