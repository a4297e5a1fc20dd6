/**
 * The items the entity benchmark checks: sample items of the ticket desk and
 * the leaderboard from the verifier's generator, about one in ten made stale
 * (a source attribute changed, its derived keys not), as a grid loads them.
 */
import { generateSamples, itemChecker, recordToItem, type Item, type Model } from '../src/index.js';

interface EntityTable {
  readonly model: Model;
  readonly table: string;
  readonly items: readonly Item[];
}

export interface EntityWorkload {
  readonly tables: readonly EntityTable[];
  /** How many items were made stale: the checker must flag exactly these. */
  readonly stale: number;
}

const STALE_EVERY = 10;
const STATUSES = ['open', 'pending', 'closed'];

/** `itemsPerModel` items of each model's table, every tenth one that can be made stale made so. */
export function entityWorkload(ticketDesk: Model, leaderboard: Model, itemsPerModel: number): EntityWorkload {
  let stale = 0;
  const tables = [
    { model: ticketDesk, makeStale: nextStatus },
    { model: leaderboard, makeStale: otherRating },
  ].map(({ model, makeStale }): EntityTable => {
    const samples = generateSamples(model, { items: itemsPerModel, seed: 17 });
    const items = model.entities
      .flatMap((entity) => (samples.records[entity.name] ?? []).map((record) => recordToItem(model, entity, record)))
      .slice(0, itemsPerModel);
    items.forEach((item, i) => {
      if (i % STALE_EVERY === 0 && makeStale(item)) stale++;
    });
    return { model, table: model.tables[0]!.name, items };
  });
  return { tables, stale };
}

/** A ticket whose status changed while GSI1SK (and the sparse GSI2 keys) stayed. */
function nextStatus(item: Item): boolean {
  const status = item['status'];
  if (status === undefined || !('S' in status)) return false;
  item['status'] = { S: STATUSES[(STATUSES.indexOf(status.S) + 1) % STATUSES.length]! };
  return true;
}

/** A player whose rating changed while GSI1SK stayed (matches carry no rating). */
function otherRating(item: Item): boolean {
  const rating = item['rating'];
  if (rating === undefined || !('N' in rating)) return false;
  const value = Number(rating.N);
  item['rating'] = { N: String(value >= 1 ? value - 1 : value + 1) };
  return true;
}

/** One pass as the grid makes it: a checker per table (templates compiled once), every item checked. */
export function checkWorkload(workload: EntityWorkload): { flagged: number; unknown: number } {
  let flagged = 0;
  let unknown = 0;
  for (const { model, table, items } of workload.tables) {
    const check = itemChecker(model, table);
    for (const item of items) {
      const result = check(item);
      if (result.entity === undefined) unknown++;
      if (result.mismatches.length > 0) flagged++;
    }
  }
  return { flagged, unknown };
}
