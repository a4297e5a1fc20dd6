/**
 * A GSI added by UpdateTable is filled from every item of the table before
 * the operation returns, so it answers queries at once. Items whose index key
 * has the wrong type, is an empty string or binary, or is over the key size
 * limits stay out of the index, as DynamoDB's backfill skips them.
 */
import { isDynamoError } from '@dynotable/core';
import type { EngineContext } from '../../context.js';
import { fitsIndex, indexEntry } from '../../items/index-entries.js';
import { indexSpace, tableSpace, type ItemWrite } from '../../storage/storage.js';
import type { IndexMeta, TableMeta } from '../../tables/meta.js';

/** Writes are applied in batches to bound memory on large tables. */
const BATCH = 1000;

export function backfillIndex(context: EngineContext, table: TableMeta, index: IndexMeta): void {
  const space = indexSpace(table.name, index.name);
  // Collected first: writing while the scan iterates would disturb its order.
  const writes: ItemWrite[] = [];
  for (const stored of context.storage.scan(tableSpace(table.name), { index: 0, total: 1 })) {
    let entry;
    const item = stored.item;
    if (!fitsIndex(index, item)) continue;
    try {
      entry = indexEntry(table, index, item);
    } catch (error) {
      if (isDynamoError(error)) continue;
      throw error;
    }
    // An entry projecting every attribute shares the table item's text.
    const json = entry?.item === item ? stored.json : undefined;
    if (entry) writes.push({ space, partition: entry.partition, sort: entry.sort, item: entry.item, json, size: entry.size });
  }
  for (let i = 0; i < writes.length; i += BATCH) context.storage.write(writes.slice(i, i + BATCH));
}
