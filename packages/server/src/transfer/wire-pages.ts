/**
 * A table's pages as DynamoDB JSON exactly as the read returned them, for an
 * export that writes DynamoDB JSON again: converting every item to core's
 * values and back would cost more than the rest of the export. A Scan may run
 * in parallel segments; pages come in the order they arrive, and the read
 * stops between pages when the signal aborts.
 */
import type { WireItem } from '@dynotable/core';
import type { ConsumedTally } from './consumed.js';
import type { ReadRequest } from './read-pages.js';
import type { WireSend } from './wire-send.js';

async function* segmentPages(send: WireSend, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segment: Record<string, number>): AsyncIterable<WireItem[]> {
  const operation = request?.operation ?? 'Scan';
  let startKey: unknown;
  do {
    if (signal.aborted) return;
    const input: Record<string, unknown> = { ...(request?.input ?? {}), ...segment, TableName: table, ReturnConsumedCapacity: 'INDEXES' };
    if (startKey !== undefined) input['ExclusiveStartKey'] = startKey;
    const output = await send(operation, input);
    consumed.add(output['ConsumedCapacity'], 'read');
    yield (output['Items'] as WireItem[] | undefined) ?? [];
    startKey = output['LastEvaluatedKey'];
  } while (startKey !== undefined);
}

/** Yields the values of several iterables as each arrives, each read one value ahead at most. */
export async function* mergeAsArrive<T>(sources: readonly AsyncIterable<T>[]): AsyncIterable<T> {
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
    // Stopped early: let the other segments finish their current page and stop.
    await Promise.allSettled([...pending.keys()].map((index) => iterators[index]!.return?.()));
  }
}

export function readWirePages(send: WireSend, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segments = 1): AsyncIterable<WireItem[]> {
  if (segments <= 1 || (request?.operation ?? 'Scan') !== 'Scan') return segmentPages(send, table, request, signal, consumed, {});
  return mergeAsArrive(Array.from({ length: segments }, (_, segment) => segmentPages(send, table, request, signal, consumed, { Segment: segment, TotalSegments: segments })));
}

/** The items of the pages one by one, at most `limit` of them. */
export async function* wireItemsOf(pages: AsyncIterable<WireItem[]>, limit = Infinity): AsyncIterable<WireItem> {
  if (limit <= 0) return;
  let count = 0;
  for await (const page of pages) {
    for (const item of page) {
      yield item;
      if (++count >= limit) return;
    }
  }
}
