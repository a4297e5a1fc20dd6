/**
 * ListStreams: the visible streams, by table name, each table's newest first
 * (a deleted table's streams, kept for 24 hours, after those of the table now
 * of that name); paged by stream ARN.
 */
import type { Operation } from '../../context.js';
import { isStreamVisible, streamArn, tableStreams } from '../../streams/stream-meta.js';
import type { StreamMeta } from '../../tables/meta.js';
import { ConstraintViolations, checkNumberRange } from '../../validation/constraints.js';
import { checkStreamRequestShape, limitTooLarge } from './stream-request.js';

const MAX_LIMIT = 100;

export const listStreams: Operation = (context, input) => {
  checkStreamRequestShape('ListStreams', input);
  const violations = new ConstraintViolations();
  checkNumberRange(violations, input.Limit, 'limit', 1);
  violations.throwIfAny();
  const limit = (input.Limit as number | undefined) ?? MAX_LIMIT;
  if (limit > MAX_LIMIT) throw limitTooLarge('ListStreams', MAX_LIMIT);

  const nowMs = context.now();
  // Each name's streams, oldest first: a deleted table's, then the live table's.
  const byName = new Map<string, StreamMeta[]>();
  for (const retired of context.retiredStreams.visible(context, nowMs)) {
    byName.set(retired.tableName, [...(byName.get(retired.tableName) ?? []), retired.stream]);
  }
  for (const name of context.catalog.names()) {
    const streams = tableStreams(context.catalog.find(name)!).filter((stream) => isStreamVisible(stream, nowMs));
    byName.set(name, [...(byName.get(name) ?? []), ...streams]);
  }
  const names = typeof input.TableName === 'string' ? [input.TableName] : [...byName.keys()].sort();
  const all: { StreamArn: string; TableName: string; StreamLabel: string }[] = [];
  for (const name of names) {
    for (const stream of [...(byName.get(name) ?? [])].reverse()) {
      all.push({ StreamArn: streamArn(context, name, stream.label), TableName: name, StreamLabel: stream.label });
    }
  }
  let from = 0;
  if (typeof input.ExclusiveStartStreamArn === 'string') {
    // An ARN that is not listed starts past the end, as DynamoDB Local answers.
    const at = all.findIndex((stream) => stream.StreamArn === input.ExclusiveStartStreamArn);
    from = at === -1 ? all.length : at + 1;
  }
  const page = all.slice(from, from + limit);
  const output: Record<string, unknown> = { Streams: page };
  if (from + limit < all.length) output.LastEvaluatedStreamArn = page[page.length - 1]!.StreamArn;
  return output;
};
