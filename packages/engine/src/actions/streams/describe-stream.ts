/** DescribeStream: a stream's settings and its shards, paged by shard id. */
import type { Operation } from '../../context.js';
import { renderKeySchema } from '../../tables/describe.js';
import { sequenceText, type Shard } from '../../streams/shards.js';
import { ConstraintViolations, checkLength, checkNumberRange } from '../../validation/constraints.js';
import { checkStreamRequestShape, limitTooLarge, requireStream, viewStream } from './stream-request.js';

const MAX_LIMIT = 100;

function renderShard(shard: Shard, horizon: number): Record<string, unknown> {
  // Trimmed records are gone from the range; a closed shard's range never starts past its end.
  const start = Math.min(Math.max(shard.start, horizon), shard.end ?? Number.POSITIVE_INFINITY);
  const range: Record<string, string> = { StartingSequenceNumber: sequenceText(start) };
  if (shard.end !== undefined) range.EndingSequenceNumber = sequenceText(shard.end);
  const rendered: Record<string, unknown> = { ShardId: shard.id };
  if (shard.parent !== undefined) rendered.ParentShardId = shard.parent;
  rendered.SequenceNumberRange = range;
  return rendered;
}

export const describeStream: Operation = (context, input) => {
  checkStreamRequestShape('DescribeStream', input);
  const violations = new ConstraintViolations();
  checkNumberRange(violations, input.Limit, 'limit', 1);
  checkLength(violations, input.ExclusiveStartShardId, 'exclusiveStartShardId', 28, 65);
  violations.throwIfAny();
  const limit = (input.Limit as number | undefined) ?? MAX_LIMIT;
  if (limit > MAX_LIMIT) throw limitTooLarge('DescribeStream', MAX_LIMIT);
  const ref = requireStream(context, input.StreamArn);
  const view = viewStream(context, ref);

  let from = 0;
  if (typeof input.ExclusiveStartShardId === 'string') {
    const at = view.shards.findIndex((shard) => shard.id === input.ExclusiveStartShardId);
    from = at === -1 ? view.shards.length : at + 1;
  }
  const page = view.shards.slice(from, from + limit);
  const description: Record<string, unknown> = {
    StreamArn: ref.arn,
    StreamLabel: ref.stream.label,
    StreamStatus: ref.stream.disabledAt === undefined ? 'ENABLED' : 'DISABLED',
    StreamViewType: ref.stream.viewType,
    CreationRequestDateTime: ref.stream.createdAt / 1000,
    TableName: ref.tableName,
    KeySchema: renderKeySchema(ref.keys),
    Shards: page.map((shard) => renderShard(shard, view.horizon)),
  };
  if (from + limit < view.shards.length) description.LastEvaluatedShardId = page[page.length - 1]!.id;
  return { StreamDescription: description };
};
