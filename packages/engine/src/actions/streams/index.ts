/**
 * The DynamoDB Streams operations (target prefix DynamoDBStreams_20120810),
 * served on the same port and transport as DynamoDB's.
 */
import type { Operation } from '../../context.js';
import { describeStream } from './describe-stream.js';
import { getRecords } from './get-records.js';
import { getShardIterator } from './get-shard-iterator.js';
import { listStreams } from './list-streams.js';

export const streamOperations: Record<string, Operation> = {
  ListStreams: listStreams,
  DescribeStream: describeStream,
  GetShardIterator: getShardIterator,
  GetRecords: getRecords,
};
