/**
 * Reads a table page by page — a Scan of everything, or the Query or Scan the
 * user gave — following LastEvaluatedKey, and stops between pages when the
 * signal aborts.
 */
import type { Item } from '@dynotable/core';
import { itemFromWire } from '@dynotable/core';
import type { ConsumedTally } from './consumed.js';
import type { WireSend } from './wire-send.js';

export interface ReadRequest {
  readonly operation: 'Query' | 'Scan';
  /** The request in DynamoDB JSON, without TableName and ExclusiveStartKey. */
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * The pages of the read. With `segments` above 1 a Scan runs as that many
 * parallel segments (Segment/TotalSegments), their pages given in the order
 * they arrive.
 */
export function readPages(send: WireSend, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segments = 1): AsyncIterable<Item[]> {
  if (segments <= 1 || (request?.operation ?? 'Scan') !== 'Scan') return segmentPages(send, table, request, signal, consumed, {});
  const parts = Array.from({ length: segments }, (_, segment) => segmentPages(send, table, request, signal, consumed, { Segment: segment, TotalSegments: segments }));
  return merge(parts);
}

/** Yields the values of several iterables as each arrives, reading each one page ahead at most. */
async function* merge<T>(sources: AsyncIterable<T>[]): AsyncIterable<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  const pending = new Map<number, Promise<{ index: number; result: IteratorResult<T> }>>();
  const pull = (index: number) => pending.set(index, iterators[index]!.next().then((result) => ({ index, result })));
  iterators.forEach((_, index) => pull(index));
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(index);
        continue;
      }
      pull(index);
      yield result.value;
    }
  } finally {
    // Stopped early (an error downstream): let the other segments finish their current page and stop.
    await Promise.allSettled([...pending.keys()].map((index) => iterators[index]!.return?.()));
  }
}

async function* segmentPages(
  send: WireSend,
  table: string,
  request: ReadRequest | undefined,
  signal: AbortSignal,
  consumed: ConsumedTally,
  segment: Record<string, number>,
): AsyncIterable<Item[]> {
  const operation = request?.operation ?? 'Scan';
  let startKey: unknown;
  do {
    if (signal.aborted) return;
    const input: Record<string, unknown> = { ...(request?.input ?? {}), ...segment, TableName: table, ReturnConsumedCapacity: 'INDEXES' };
    if (startKey !== undefined) input['ExclusiveStartKey'] = startKey;
    const output = await send(operation, input);
    consumed.add(output['ConsumedCapacity'], 'read');
    const items = (output['Items'] as unknown[] | undefined) ?? [];
    yield items.map((item) => itemFromWire(item));
    startKey = output['LastEvaluatedKey'];
  } while (startKey !== undefined);
}

/** The items of the pages, one by one, and at most `limit` of them. */
export async function* itemsOf(pages: AsyncIterable<Item[]>, limit = Infinity): AsyncIterable<Item> {
  let count = 0;
  if (count >= limit) return;
  for await (const page of pages) {
    for (const item of page) {
      yield item;
      if (++count >= limit) return;
    }
  }
}
