/**
 * Reads a table page by page — a Scan of everything, or the Query or Scan the
 * user gave — following LastEvaluatedKey, and stops between pages when the
 * signal aborts. The page's items come as core's items, or as the DynamoDB
 * JSON the read returned (an export that writes DynamoDB JSON again: converting
 * every item to core's values and back would cost more than the rest of it).
 */
import type { Item, WireItem } from '@dynotable/core';
import { itemFromWire } from '@dynotable/core';
import type { ConsumedTally } from '../data/consumed.js';
import type { WireSend } from './wire-send.js';

export interface ReadRequest {
  readonly operation: 'Query' | 'Scan';
  /** The request in DynamoDB JSON, without TableName and ExclusiveStartKey. */
  readonly input: Readonly<Record<string, unknown>>;
}

/** A page's items from its output (called once the page's capacity is counted). */
export type PageItems<T> = (output: Record<string, unknown>) => T[];

/**
 * The pages of the read, each turned into its items by `pageItems`. With
 * `segments` above 1 a Scan runs as that many parallel segments
 * (Segment/TotalSegments), their pages given in the order they arrive.
 */
export function readPagesOf<T>(send: WireSend, pageItems: PageItems<T>, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segments = 1): AsyncIterable<T[]> {
  const read: PageRead<T> = { send, pageItems, table, request, signal, consumed };
  if (segments <= 1 || (request?.operation ?? 'Scan') !== 'Scan') return segmentPages(read, {});
  return mergeAsArrive(Array.from({ length: segments }, (_, segment) => segmentPages(read, { Segment: segment, TotalSegments: segments })));
}

/** The pages of the read as core's items. */
export function readPages(send: WireSend, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segments = 1): AsyncIterable<Item[]> {
  return readPagesOf(send, (output) => ((output['Items'] as unknown[] | undefined) ?? []).map((item) => itemFromWire(item)), table, request, signal, consumed, segments);
}

/** The pages of the read as DynamoDB JSON exactly as the read returned them. */
export function readWirePages(send: WireSend, table: string, request: ReadRequest | undefined, signal: AbortSignal, consumed: ConsumedTally, segments = 1): AsyncIterable<WireItem[]> {
  return readPagesOf(send, (output) => (output['Items'] as WireItem[] | undefined) ?? [], table, request, signal, consumed, segments);
}

/** Yields the values of several iterables as each arrives, reading each one value ahead at most. */
async function* mergeAsArrive<T>(sources: readonly AsyncIterable<T>[]): AsyncIterable<T> {
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

interface PageRead<T> {
  readonly send: WireSend;
  readonly pageItems: PageItems<T>;
  readonly table: string;
  readonly request: ReadRequest | undefined;
  readonly signal: AbortSignal;
  readonly consumed: ConsumedTally;
}

async function* segmentPages<T>({ send, pageItems, table, request, signal, consumed }: PageRead<T>, segment: Record<string, number>): AsyncIterable<T[]> {
  const operation = request?.operation ?? 'Scan';
  let startKey: unknown;
  do {
    if (signal.aborted) return;
    const input: Record<string, unknown> = { ...(request?.input ?? {}), ...segment, TableName: table, ReturnConsumedCapacity: 'INDEXES' };
    if (startKey !== undefined) input['ExclusiveStartKey'] = startKey;
    const output = await send(operation, input);
    consumed.add(output['ConsumedCapacity'], 'read');
    yield pageItems(output);
    startKey = output['LastEvaluatedKey'];
  } while (startKey !== undefined);
}

/** The items of the pages, one by one, and at most `limit` of them. */
export async function* itemsOf<T>(pages: AsyncIterable<T[]>, limit = Infinity): AsyncIterable<T> {
  if (limit <= 0) return;
  let count = 0;
  for await (const page of pages) {
    for (const item of page) {
      yield item;
      if (++count >= limit) return;
    }
  }
}
