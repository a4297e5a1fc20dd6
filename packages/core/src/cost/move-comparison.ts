/**
 * Changing a ticket's status when the status sorts the tickets: either the
 * status is in the base table's sort key and every change is a transactional
 * Delete + Put move, or the base key is the immutable ticket id and the status
 * sorts in a GSI, where one UpdateItem moves the index entry.
 */
import { globalIndexSpec } from '../model/global-index.js';
import type { TableSpec } from '../model/types.js';
import { itemSize } from '../size/item-size.js';
import type { Item } from '../values/types.js';
import type { PriceOverride, PriceTable } from './prices.js';
import { mergePrices } from './prices.js';
import type { WriteUnitsBreakdown } from './write-units.js';
import { moveWriteUnits, writeUnitsForChange } from './write-units.js';

export interface MoveOption {
  readonly design: string;
  readonly operation: 'TransactWriteItems' | 'UpdateItem';
  readonly breakdown: WriteUnitsBreakdown;
  readonly units: number;
  /** On-demand money for a million status changes. */
  readonly perMillionChanges: number;
}

export interface MoveComparison {
  readonly itemBytes: number;
  readonly move: MoveOption;
  readonly indexUpdate: MoveOption;
  readonly prices: PriceTable;
}

const KEY = { type: 'S' } as const;

/** Status in the base sort key, no index. */
const MOVE_TABLE: TableSpec = {
  name: 'TicketsByStatus',
  partitionKey: { name: 'PK', ...KEY },
  sortKey: { name: 'SK', ...KEY },
  billingMode: 'PAY_PER_REQUEST',
  globalSecondaryIndexes: [],
  localSecondaryIndexes: [],
};

/** Immutable base key; the status sorts in GSI1 (projection ALL). */
const INDEX_TABLE: TableSpec = {
  ...MOVE_TABLE,
  name: 'Tickets',
  globalSecondaryIndexes: [globalIndexSpec('GSI1', [{ name: 'GSI1PK', ...KEY }], [{ name: 'GSI1SK', ...KEY }], { type: 'ALL' })],
};

/** The ticket padded with a body so the whole item is `bytes` (or as small as its keys allow). */
function ticket(attributes: Record<string, string>, bytes: number): Item {
  const item: Item = {};
  for (const [name, value] of Object.entries(attributes)) item[name] = { S: value };
  item['body'] = { S: '' };
  item['body'] = { S: 'x'.repeat(Math.max(0, bytes - itemSize(item))) };
  return item;
}

function option(design: string, operation: MoveOption['operation'], breakdown: WriteUnitsBreakdown, prices: PriceTable): MoveOption {
  return { design, operation, breakdown, units: breakdown.total, perMillionChanges: breakdown.total * prices.standard.onDemandWritePerMillion };
}

export function compareMoveWithIndexUpdate(itemBytes = 1024, prices?: PriceOverride): MoveComparison {
  const table = mergePrices(prices);
  const moveBefore = ticket({ PK: 'TEAM#7', SK: 'STATUS#open#TICKET#8842', status: 'open' }, itemBytes);
  const moveAfter = ticket({ PK: 'TEAM#7', SK: 'STATUS#pending#TICKET#8842', status: 'pending' }, itemBytes);
  const base = { PK: 'TICKET#8842', SK: 'TICKET', GSI1PK: 'TEAM#7' };
  const updateBefore = ticket({ ...base, GSI1SK: 'STATUS#open#TICKET#8842', status: 'open' }, itemBytes);
  const updateAfter = ticket({ ...base, GSI1SK: 'STATUS#pending#TICKET#8842', status: 'pending' }, itemBytes);
  return {
    itemBytes: Math.max(itemSize(moveBefore), itemSize(updateBefore)),
    move: option('status in the base sort key: Delete + Put in one transaction', 'TransactWriteItems', moveWriteUnits(MOVE_TABLE, moveBefore, moveAfter), table),
    indexUpdate: option('immutable base key, status in a GSI sort key', 'UpdateItem', writeUnitsForChange(INDEX_TABLE, updateBefore, updateAfter), table),
    prices: table,
  };
}
