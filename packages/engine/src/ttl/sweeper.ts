/**
 * Time to live: items whose TTL attribute holds a number of epoch seconds in
 * the past are deleted in the background, with their index entries. As in
 * DynamoDB, a value that is not a number, or lies more than five years in the
 * past, never expires (so millisecond timestamps, which look far in the
 * future, are never deleted either).
 */
import { isDynamoError, itemSize, type Item } from '@dynotable/core';
import type { EngineContext } from '../context.js';
import type { Engine } from '../engine.js';
import { encodePosition } from '../items/keys.js';
import { indexEntry } from '../items/index-entries.js';
import { indexSpace, tableSpace, type ItemWrite, type Position } from '../storage/storage.js';
import { commitWrites } from '../streams/commit.js';
import type { StreamChange } from '../streams/record.js';
import type { TableMeta } from '../tables/meta.js';

/** Five years of 365 days, in seconds. */
export const TTL_MAX_AGE_SECONDS = 5 * 365 * 24 * 60 * 60;

/** Whether an item has expired at `nowSeconds` under TTL attribute `attribute`. */
export function isExpired(item: Item, attribute: string, nowSeconds: number): boolean {
  const value = item[attribute];
  if (value === undefined || !('N' in value)) return false;
  const expiry = Number(value.N);
  return expiry <= nowSeconds && expiry >= nowSeconds - TTL_MAX_AGE_SECONDS;
}

/**
 * The deletes of an item's index entries. An index created over items whose
 * key attribute has the wrong type left those items out, so such an index is
 * skipped rather than refused as a write would be.
 */
function indexDeletes(table: TableMeta, item: Item): ItemWrite[] {
  const writes: ItemWrite[] = [];
  for (const index of table.indexes) {
    let entry;
    try {
      entry = indexEntry(table, index, item);
    } catch (error) {
      if (isDynamoError(error)) continue;
      throw error;
    }
    if (entry) writes.push({ space: indexSpace(table.name, index.name), partition: entry.partition, sort: entry.sort });
  }
  return writes;
}

/** Where each table's sweep stopped, by table incarnation, so a large table is swept a slice at a time. */
const cursors = new WeakMap<EngineContext, Map<string, Position>>();

function expiredItems(context: EngineContext, table: TableMeta, attribute: string, limit: number, budget: number): Item[] {
  let tableCursors = cursors.get(context);
  if (tableCursors === undefined) {
    tableCursors = new Map();
    cursors.set(context, tableCursors);
  }
  const nowSeconds = context.now() / 1000;
  // Stored items are JSON text: one without the attribute's name as a member never decodes.
  const member = `${JSON.stringify(attribute)}:`;
  const found: Item[] = [];
  let examined = 0;
  for (const stored of context.storage.scan(tableSpace(table.name), { index: 0, total: 1 }, tableCursors.get(table.tableId))) {
    if (found.length >= limit || examined >= budget) return found;
    examined++;
    // Resuming after an item that is about to be deleted is fine: the position is exclusive.
    tableCursors.set(table.tableId, { partition: stored.partition, sort: stored.sort });
    if (!stored.json.includes(member)) continue;
    const item = stored.item;
    if (isExpired(item, attribute, nowSeconds)) found.push(item);
  }
  // The end of the table: the next sweep starts again from the beginning.
  tableCursors.delete(table.tableId);
  return found;
}

/**
 * Deletes up to `limit` expired items across all tables with TTL enabled and
 * returns how many. Each sweep examines at most `scanBudget` items per table,
 * resuming where the last one stopped, so a tick stays short on a large
 * table. Each table's deletions are one atomic storage write.
 */
export function sweepExpiredItems(context: EngineContext, limit = 1000, scanBudget = 10_000): number {
  let deleted = 0;
  for (const name of context.catalog.names()) {
    if (deleted >= limit) break;
    const table = context.catalog.find(name);
    if (table?.ttl?.enabled !== true) continue;
    // Collected before writing: deleting while the scan iterates would disturb it.
    const items = expiredItems(context, table, table.ttl.attributeName, limit - deleted, scanBudget);
    if (items.length === 0) continue;
    const writes: ItemWrite[] = [];
    const changes: StreamChange[] = [];
    const streamed = table.stream?.enabled === true;
    for (const item of items) {
      const position = encodePosition(table.keys, item);
      writes.push({ space: tableSpace(table.name), partition: position.partition, sort: position.sort });
      writes.push(...indexDeletes(table, item));
      if (streamed) changes.push({ table, before: { item, size: itemSize(item) }, afterSize: 0 });
    }
    // A TTL deletion's stream record names the service as its user identity.
    commitWrites(context, writes, changes, 'ttl');
    deleted += items.length;
  }
  return deleted;
}

/**
 * Sweeps every `intervalMs` until the returned function is called. The timer
 * is unref'd so it never keeps the process alive by itself.
 */
export function startTtlSweeper(engine: Engine, intervalMs = 1000, limit = 1000): () => void {
  const timer = setInterval(() => {
    try {
      sweepExpiredItems(engine.context, limit);
    } catch {
      // A failed sweep (e.g. storage closed) is retried on the next tick.
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
