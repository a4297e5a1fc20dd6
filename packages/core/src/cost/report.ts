/**
 * The cost of a model: read units per access pattern, write units per write
 * path (base table and each index), storage, and money per month on on-demand
 * and on provisioned capacity from the declared rates.
 */
import { planAccessPattern } from '../design/index.js';
import { findTable } from '../model/lookup.js';
import type { AccessPatternSpec, Model, PatternPlan } from '../model/types.js';
import { DEFAULT_EXPECTED_ITEMS, patternReadCost } from './pattern-cost.js';
import type { PatternReadCost } from './pattern-cost.js';
import type { PriceOverride, PriceTable } from './prices.js';
import { BILLING_HOURS_PER_MONTH, BYTES_PER_GB, classPrices, mergePrices, onDemandMonthly, provisionedMonthly, storageMonthly } from './prices.js';
import type { EntityStorage } from './storage-cost.js';
import { entityStorage, STORAGE_OVERHEAD_BYTES } from './storage-cost.js';
import type { WritePathCost } from './write-path-cost.js';
import { writePathCost } from './write-path-cost.js';
import type { ZeroCostReasons } from './zero-reasons.js';
import { zeroCostReasons } from './zero-reasons.js';

export interface MonthlyCost {
  /** On-demand request units at the declared rate. */
  readonly onDemand: number;
  /** Provisioned capacity for exactly this rate (before rounding pools up to whole units). */
  readonly provisioned: number;
}

export type PatternCost = PatternReadCost & { readonly monthly?: MonthlyCost };
export type WritePathCostRow = WritePathCost & { readonly monthly?: MonthlyCost };

/** One provisioned capacity pool: a table (with its LSIs) or a GSI. */
export interface CapacityPool {
  readonly table: string;
  /** The table's name, or the GSI's. */
  readonly pool: string;
  /** Units per second at the declared rates. */
  readonly readUnitsPerSecond: number;
  readonly writeUnitsPerSecond: number;
  /** Whole units to provision: the rates rounded up, no headroom. */
  readonly readCapacity: number;
  readonly writeCapacity: number;
  readonly monthly: number;
}

export type EntityStorageCost = EntityStorage & { readonly monthly: number };

export interface CostReport {
  readonly model: string;
  readonly patterns: readonly PatternCost[];
  readonly writePaths: readonly WritePathCostRow[];
  readonly storage: { readonly entities: readonly EntityStorageCost[]; readonly bytes: number; readonly gb: number; readonly monthly: number };
  readonly capacity: readonly CapacityPool[];
  readonly totals: { readonly onDemandMonthly: number; readonly provisionedMonthly: number; readonly storageMonthly: number };
  readonly prices: PriceTable;
  /** Access patterns, write paths and entities that could not be costed, and why. */
  readonly problems: readonly CostProblem[];
  readonly assumptions: readonly string[];
  /** Why each total that is $0 is $0. */
  readonly zeroReasons: ZeroCostReasons;
  /** How many figures in the totals are assumed (rates, counts, items per call) rather than a person's. */
  readonly assumedFigures: number;
}

export interface CostProblem {
  readonly kind: 'pattern' | 'writePath' | 'entity';
  readonly name: string;
  readonly message: string;
}

export interface CostOptions {
  /** The planner for access patterns; the designer's planAccessPattern by default. */
  readonly plan?: (model: Model, pattern: AccessPatternSpec) => PatternPlan;
}

function baseAssumptions(prices: PriceTable): string[] {
  return [
    `Prices: ${prices.region}, ${prices.currency}, as of ${prices.asOf}. ${prices.source}`,
    `A month is ${BILLING_HOURS_PER_MONTH} hours; on-demand money = calls per second × ${BILLING_HOURS_PER_MONTH * 3600} s × units per call × price per unit.`,
    'Provisioned: each table (with its LSIs) and each GSI is a pool; its units per second at the declared rates are rounded up to whole units, with no headroom for peaks or an auto-scaling target.',
    'Item sizes come from the declared attributes: string lengths at the midpoint of minLength..maxLength (1..32 characters when undeclared, or the examples), ASCII; numbers at the midpoint of min..max; ISO-8601 timestamps 20 characters; uuids 36; enums the value nearest the mean length; maps, lists and sets their averageBytes (64 when undeclared).',
    'Optional attributes and sparse index keys are counted as present: the estimate is for an item in every index it can join; an update is shown at its costliest value change.',
    `Lists read the pattern's expectedItems, else the plan's limit, else ${DEFAULT_EXPECTED_ITEMS} items; reads are eventually consistent unless consistentRead is set (GSIs always are).`,
    `Storage counts ${STORAGE_OVERHEAD_BYTES} bytes of overhead per item and per index entry; a sparse index on an enum holds one value's share of the items; 1 GB = ${BYTES_PER_GB} bytes; the free tier (25 GB, 25 RCU/WCU) is not deducted.`,
    'Transactional writes are billed at twice the table units; their index writes at the normal rate.',
  ];
}

export function costModel(model: Model, prices?: PriceOverride, options: CostOptions = {}): CostReport {
  const table = mergePrices(prices);
  const plan = options.plan ?? planAccessPattern;
  const assumptions = baseAssumptions(table);
  const problems: CostProblem[] = [];
  const attempt = <T>(kind: CostProblem['kind'], name: string, run: () => T): T | undefined => {
    try {
      return run();
    } catch (error) {
      problems.push({ kind, name, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  };
  const pools = new Map<string, { table: string; pool: string; read: number; write: number; tableClass: Parameters<typeof classPrices>[1] }>();
  const pool = (tableName: string, poolName: string) => {
    const key = `${tableName}\u0000${poolName}`;
    let entry = pools.get(key);
    if (!entry) {
      entry = { table: tableName, pool: poolName, read: 0, write: 0, tableClass: findTable(model, tableName)?.tableClass };
      pools.set(key, entry);
    }
    return entry;
  };
  const pricesOf = (tableName: string) => classPrices(table, findTable(model, tableName)?.tableClass);

  const patterns: PatternCost[] = [];
  for (const pattern of model.accessPatterns) {
    const cost = attempt('pattern', pattern.name, () => patternReadCost(model, pattern, plan(model, pattern)));
    if (!cost) continue;
    if (cost.rate === undefined) {
      patterns.push(cost);
      continue;
    }
    const perSecond = cost.rate * cost.units;
    pool(cost.table, cost.pool).read += perSecond;
    const price = pricesOf(cost.table);
    patterns.push({
      ...cost,
      monthly: { onDemand: onDemandMonthly(cost.rate, cost.units, price.onDemandReadPerMillion), provisioned: provisionedMonthly(perSecond, price.provisionedReadUnitHour) },
    });
  }

  const writePaths: WritePathCostRow[] = [];
  for (const path of model.writePaths) {
    const cost = attempt('writePath', path.name, () => writePathCost(model, path));
    if (!cost) continue;
    if (cost.rate === undefined) {
      writePaths.push(cost);
      continue;
    }
    pool(cost.table, cost.table).write += cost.rate * cost.breakdown.table;
    for (const row of cost.breakdown.indexes) pool(cost.table, row.kind === 'gsi' ? row.index : cost.table).write += cost.rate * row.units;
    const price = pricesOf(cost.table);
    writePaths.push({
      ...cost,
      monthly: {
        onDemand: onDemandMonthly(cost.rate, cost.units, price.onDemandWritePerMillion),
        provisioned: provisionedMonthly(cost.rate * cost.units, price.provisionedWriteUnitHour),
      },
    });
  }

  const capacity: CapacityPool[] = [...pools.values()].map((entry) => {
    const price = classPrices(table, entry.tableClass);
    const readCapacity = Math.ceil(entry.read);
    const writeCapacity = Math.ceil(entry.write);
    return {
      table: entry.table,
      pool: entry.pool,
      readUnitsPerSecond: entry.read,
      writeUnitsPerSecond: entry.write,
      readCapacity,
      writeCapacity,
      monthly: provisionedMonthly(readCapacity, price.provisionedReadUnitHour) + provisionedMonthly(writeCapacity, price.provisionedWriteUnitHour),
    };
  });

  const entities = model.entities.flatMap((entity): EntityStorageCost[] => {
    const row = attempt('entity', entity.name, () => entityStorage(model, entity));
    return row ? [{ ...row, monthly: storageMonthly(row.bytes, pricesOf(row.table).storageGbMonth) }] : [];
  });
  for (const row of entities) {
    if (row.items === undefined) assumptions.push(`${row.entity} declares no count: its storage is not included.`);
    if (row.declaredItemBytes !== undefined && row.declaredItemBytes < row.estimatedItemBytes) {
      assumptions.push(`${row.entity} declares averageItemBytes ${row.declaredItemBytes}, less than the ${row.estimatedItemBytes} bytes its keys and attributes take: ${row.estimatedItemBytes} is used.`);
    }
  }
  for (const row of [...patterns, ...writePaths]) {
    if (row.rate === undefined) assumptions.push(`${'pattern' in row ? row.pattern : row.writePath} declares no rate: no monthly cost.`);
  }
  const storageBytes = entities.reduce((sum, row) => sum + row.bytes, 0);
  const storageMoney = entities.reduce((sum, row) => sum + row.monthly, 0);
  const totals = {
    onDemandMonthly: [...patterns, ...writePaths].reduce((sum, row) => sum + (row.monthly?.onDemand ?? 0), 0),
    provisionedMonthly: capacity.reduce((sum, entry) => sum + entry.monthly, 0),
    storageMonthly: storageMoney,
  };
  const assumedFigures = [...patterns, ...writePaths, ...entities].reduce((sum, row) => sum + row.assumed.length, 0);
  if (assumedFigures > 0) assumptions.unshift(`${assumedFigures} of the figures are assumed (marked so), not set by a person: set them, or keep them as they are.`);
  const zeroReasons = zeroCostReasons({
    model,
    totals,
    notCosted: new Set(problems.map((problem) => problem.name)),
    prices: (model.tables.length > 0 ? model.tables : [undefined]).map((spec) => classPrices(table, spec?.tableClass)),
  });

  return {
    model: model.name,
    patterns,
    writePaths,
    storage: { entities, bytes: storageBytes, gb: storageBytes / BYTES_PER_GB, monthly: storageMoney },
    capacity,
    totals,
    prices: table,
    problems,
    assumptions,
    zeroReasons,
    assumedFigures,
  };
}
