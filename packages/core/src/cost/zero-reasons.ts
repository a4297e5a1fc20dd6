/**
 * Why a monthly total is $0.00. A model's cost is never shown as zero without
 * its reason: no rates, rates of zero, no item counts, rows that could not be
 * costed, or a price of zero.
 */
import type { Model } from '../model/types.js';
import type { ClassPrices } from './prices.js';

/** The reason for each total that is zero; absent for totals above zero. */
export interface ZeroCostReasons {
  readonly onDemand?: string;
  readonly provisioned?: string;
  readonly storage?: string;
}

export interface ZeroCostInput {
  readonly model: Model;
  readonly totals: { readonly onDemandMonthly: number; readonly provisionedMonthly: number; readonly storageMonthly: number };
  /** Names of access patterns, write paths and entities that could not be costed. */
  readonly notCosted: ReadonlySet<string>;
  /** The prices of the model's tables (their table classes). */
  readonly prices: readonly ClassPrices[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Why no call is priced: no patterns, none costed, no rates, rates of zero; undefined when some call has a rate above 0. */
function rateReason({ model, notCosted }: ZeroCostInput): string | undefined {
  const rows = [...model.accessPatterns, ...model.writePaths];
  if (rows.length === 0) return 'no access patterns or write paths yet: write the questions in the designer, and how the application writes';
  const costed = rows.filter((row) => !notCosted.has(row.name));
  if (costed.length === 0) return `none of the ${plural(rows.length, 'access pattern or write path', 'access patterns and write paths')} could be costed (see "Not costed")`;
  const rated = costed.filter((row) => row.rate !== undefined);
  if (rated.length === 0) return 'no rates yet: set a rate (calls per second) per access pattern and write path, or use the assumed ones';
  if (rated.every((row) => row.rate === 0)) {
    const unrated = costed.length - rated.length;
    return `every rate is 0 calls per second${unrated > 0 ? ` and ${plural(unrated, 'other has', 'others have')} no rate` : ''}: set a rate above 0`;
  }
  return undefined;
}

const NOTHING_READ = 'the calls with a rate read and write no capacity units';

function storageReason({ model, notCosted, prices }: ZeroCostInput): string {
  if (model.entities.length === 0) return 'no entities yet';
  const costed = model.entities.filter((entity) => !notCosted.has(entity.name));
  if (costed.length === 0) return 'no entity could be costed (see "Not costed")';
  const counted = costed.filter((entity) => entity.count !== undefined);
  if (counted.length === 0) return 'no item counts yet: set a count per entity, or use the assumed ones';
  if (counted.every((entity) => entity.count === 0)) return 'every entity has a count of 0 items: set a count above 0';
  if (prices.every((price) => price.storageGbMonth === 0)) return 'the storage price is $0: set it under Rates';
  return 'the entities store no bytes';
}

/** Why each zero total is zero. */
export function zeroCostReasons(input: ZeroCostInput): ZeroCostReasons {
  const { totals, prices } = input;
  const rates = totals.onDemandMonthly === 0 || totals.provisionedMonthly === 0 ? rateReason(input) : undefined;
  const onDemand =
    totals.onDemandMonthly !== 0
      ? undefined
      : (rates ?? (prices.every((price) => price.onDemandReadPerMillion === 0 && price.onDemandWritePerMillion === 0) ? 'the request prices are $0: set them under Rates' : NOTHING_READ));
  const provisioned =
    totals.provisionedMonthly !== 0
      ? undefined
      : (rates ?? (prices.every((price) => price.provisionedReadUnitHour === 0 && price.provisionedWriteUnitHour === 0) ? 'the capacity prices are $0: set them under Rates' : NOTHING_READ));
  const storage = totals.storageMonthly === 0 ? storageReason(input) : undefined;
  return { ...(onDemand !== undefined ? { onDemand } : {}), ...(provisioned !== undefined ? { provisioned } : {}), ...(storage !== undefined ? { storage } : {}) };
}
