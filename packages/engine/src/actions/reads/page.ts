/**
 * One page of a Query or Scan: walks entries in order, stops at Limit items
 * evaluated or once 1 MB of items has been read (the item that crosses the
 * megabyte is included), filters, projects, counts, and tallies capacity:
 * the sizes of the items read are summed and rounded up once; an LSI read
 * that fetches base items adds a full item read for each.
 */
import {
  evaluateCondition,
  itemReadUnits,
  itemToWire,
  MAX_PAGE_BYTES,
  projectItem,
  queryReadUnits,
  type Condition,
  type Item,
  type WireItem,
} from '@dynotable/core';
import type { CapacityTally } from '../../capacity/consumed.js';
import { encodePosition } from '../../items/keys.js';
import { RawJson } from '../../output/raw-json.js';
import { tableSpace, type Storage, type StoredItem } from '../../storage/storage.js';
import type { IndexMeta, TableMeta } from '../../tables/meta.js';
import type { ReadShape } from './select.js';
import { lastEvaluatedKey } from './start-key.js';

const PAGE_BYTES = MAX_PAGE_BYTES;

export interface PagePlan {
  storage: Storage;
  table: TableMeta;
  index: IndexMeta | undefined;
  shape: ReadShape;
  filter: Condition | undefined;
  limit: number | undefined;
  consistent: boolean;
}

export interface Page {
  /** Undefined for Select COUNT; whole items as their stored JSON text. */
  items: (WireItem | RawJson)[] | undefined;
  count: number;
  scannedCount: number;
  lastEvaluatedKey: WireItem | undefined;
}

export function readPage(entries: Iterable<StoredItem>, plan: PagePlan, tally: CapacityTally): Page {
  const { shape, filter, limit, table, index } = plan;
  const consistency = plan.consistent ? 'strong' : 'eventual';
  const items: (WireItem | RawJson)[] | undefined = shape.select === 'COUNT' ? undefined : [];
  let scanned = 0;
  let fetchUnits = 0;
  let bytes = 0;
  let count = 0;
  let last: StoredItem | undefined;

  // An LSI read may fetch the table's item, at most once per entry.
  let entry: StoredItem;
  let base: StoredItem | undefined;
  const fetched = (): StoredItem => {
    if (base !== undefined) return base;
    base = plan.storage.get(tableSpace(table.name), ...positionOf(table, entry.item)) ?? entry;
    if (base !== entry) fetchUnits += itemReadUnits(base.size, consistency);
    return base;
  };
  // Stored items decode on every read of `item`: the filter's decoded item is kept for the projection.
  let decodedFrom: StoredItem | undefined;
  let decoded: Item | undefined;
  const itemOf = (source: StoredItem): Item => {
    if (source !== decodedFrom) {
      decodedFrom = source;
      decoded = source.item;
    }
    return decoded!;
  };

  for (entry of entries) {
    scanned++;
    bytes += entry.size;
    base = undefined;
    decodedFrom = undefined;
    if (filter === undefined || evaluateCondition(filter, itemOf(shape.fetchForFilter ? fetched() : entry))) {
      count++;
      if (items) {
        const source = shape.fetchForOutput ? fetched() : entry;
        // A whole item goes out as the text it is stored as.
        items.push(shape.projection ? itemToWire(projectItem(shape.projection, itemOf(source))) : new RawJson(source.json));
      }
    }
    if (scanned === limit || bytes >= PAGE_BYTES) {
      last = entry;
      break;
    }
  }

  // Capacity is charged on the sum of the sizes read.
  const units = queryReadUnits([bytes], consistency);
  if (index) tally.addIndex(index.name, units, 0);
  else tally.addTable(units, 0);
  if (fetchUnits > 0) tally.addTable(fetchUnits, 0);
  return {
    items,
    count,
    scannedCount: scanned,
    lastEvaluatedKey: last ? lastEvaluatedKey(table, index, last.item) : undefined,
  };
}

function positionOf(table: TableMeta, item: Item): [string, string] {
  const position = encodePosition(table.keys, item);
  return [position.partition, position.sort];
}

/** The response members every page has, in DynamoDB's order. */
export function renderPage(page: Page, consumed: Record<string, unknown> | undefined): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  if (page.items) output.Items = page.items;
  output.Count = page.count;
  output.ScannedCount = page.scannedCount;
  if (page.lastEvaluatedKey) output.LastEvaluatedKey = page.lastEvaluatedKey;
  if (consumed) output.ConsumedCapacity = consumed;
  return output;
}
