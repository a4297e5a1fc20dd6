/**
 * A model's table against a live one: every difference DynamoDB would act on
 * (keys and their types, indexes, projections, billing, class, TTL), each as a
 * sentence, with the requests that close what UpdateTable can close and, in
 * words, what only a new table can.
 */
import { MAX_GSI_KEY_ATTRIBUTES } from '../rules/limits.js';
import type { GlobalIndexSpec, KeyAttribute, LocalIndexSpec, Projection, TableSpec } from '../model/types.js';
import { liveTableSpec, type LiveTableDescription, type LiveTimeToLive } from './live-table.js';
import { closingRequests, type TableUpdateRequest } from './table-updates.js';

export type TableDifferenceKind =
  | 'partition-key'
  | 'sort-key'
  | 'index-missing'
  | 'index-extra'
  | 'index-keys'
  | 'index-projection'
  | 'billing-mode'
  | 'throughput'
  | 'table-class'
  | 'time-to-live';

export interface TableDifference {
  readonly kind: TableDifferenceKind;
  /** The index it is about, for index differences. */
  readonly index?: string;
  readonly indexKind?: 'global' | 'local';
  /** The difference in one sentence, the model's side first. */
  readonly message: string;
  /** `update`: requests on the live table close it; `new-table`: DynamoDB changes it only by creating the table again. */
  readonly fix: 'update' | 'new-table';
}

export interface TableComparison {
  /** The live table's name. */
  readonly table: string;
  /** The model's table it was compared with. */
  readonly modelTable: string;
  readonly equal: boolean;
  readonly differences: readonly TableDifference[];
  /** The requests that close every `update` difference, in the order to send them (one GSI created or deleted per UpdateTable). */
  readonly requests: readonly TableUpdateRequest[];
  /** In words, what no request closes (empty when every difference can be closed). */
  readonly needsNewTable: readonly string[];
}

export interface CompareOptions {
  /** DescribeTimeToLive's answer: TTL is compared only when it is given. */
  readonly timeToLive?: LiveTimeToLive;
}

const keyText = (key: KeyAttribute | undefined) => (key === undefined ? 'none' : `${key.name} (${key.type})`);
const sameKey = (a: KeyAttribute | undefined, b: KeyAttribute | undefined) => a?.name === b?.name && a?.type === b?.type;

function projectionText(projection: Projection): string {
  return projection.type === 'INCLUDE' ? `INCLUDE (${projection.attributes.join(', ') || 'no attributes'})` : projection.type;
}

function sameProjection(a: Projection, b: Projection): boolean {
  if (a.type !== b.type) return false;
  if (a.type !== 'INCLUDE' || b.type !== 'INCLUDE') return true;
  // DynamoDB keeps NonKeyAttributes as a set: the order is not a difference.
  return a.attributes.length === b.attributes.length && a.attributes.every((name) => b.attributes.includes(name));
}

function compareKeys(model: TableSpec, live: TableSpec): TableDifference[] {
  const differences: TableDifference[] = [];
  if (!sameKey(model.partitionKey, live.partitionKey)) {
    differences.push({ kind: 'partition-key', fix: 'new-table', message: `the partition key is ${keyText(model.partitionKey)} in the model but ${keyText(live.partitionKey)} on the table` });
  }
  if (!sameKey(model.sortKey, live.sortKey)) {
    const message =
      live.sortKey === undefined
        ? `the model has the sort key ${keyText(model.sortKey)}; the table has no sort key`
        : model.sortKey === undefined
          ? `the table has the sort key ${keyText(live.sortKey)}; the model has no sort key`
          : `the sort key is ${keyText(model.sortKey)} in the model but ${keyText(live.sortKey)} on the table`;
    differences.push({ kind: 'sort-key', fix: 'new-table', message });
  }
  return differences;
}

interface IndexView {
  readonly name: string;
  readonly keys: readonly (KeyAttribute | undefined)[];
  readonly projection: Projection;
}

// Every key attribute in order, partition attributes padded to the most a GSI has, so an attribute that changes role is a difference.
const globalView = (index: GlobalIndexSpec): IndexView => ({
  name: index.name,
  keys: [...padded(index.partitionKeys), ...padded(index.sortKeys)],
  projection: index.projection,
});

function padded(keys: readonly KeyAttribute[]): (KeyAttribute | undefined)[] {
  return Array.from({ length: Math.max(MAX_GSI_KEY_ATTRIBUTES, keys.length) }, (_, i) => keys[i]);
}
// An LSI shares the table's partition key (compared once, with the table's): only its sort key is its own.
const localView = (index: LocalIndexSpec): IndexView => ({ name: index.name, keys: [index.sortKey], projection: index.projection });

function indexKeysText(index: IndexView): string {
  return index.keys.filter((key) => key !== undefined).map(keyText).join(', ');
}

function compareIndexes(kind: 'global' | 'local', model: readonly IndexView[], live: readonly IndexView[]): TableDifference[] {
  const label = kind === 'global' ? 'GSI' : 'LSI';
  // A GSI is created and deleted on the live table; an LSI only with the table.
  const fix = kind === 'global' ? 'update' : 'new-table';
  const differences: TableDifference[] = [];
  for (const index of model) {
    const other = live.find((each) => each.name === index.name);
    const base = { index: index.name, indexKind: kind, fix } as const;
    if (other === undefined) {
      differences.push({ ...base, kind: 'index-missing', message: `${label} ${index.name} (${indexKeysText(index)}; projection ${projectionText(index.projection)}) is in the model but not on the table` });
      continue;
    }
    if (!index.keys.every((key, i) => sameKey(key, other.keys[i]))) {
      const keyed = kind === 'global' ? 'is keyed' : 'sorts by';
      differences.push({ ...base, kind: 'index-keys', message: `${label} ${index.name} ${keyed} ${indexKeysText(index)} in the model but ${indexKeysText(other)} on the table` });
    }
    if (!sameProjection(index.projection, other.projection)) {
      differences.push({
        ...base,
        kind: 'index-projection',
        message: `${label} ${index.name} projects ${projectionText(index.projection)} in the model but ${projectionText(other.projection)} on the table`,
      });
    }
  }
  for (const index of live) {
    if (model.some((each) => each.name === index.name)) continue;
    differences.push({ index: index.name, indexKind: kind, fix, kind: 'index-extra', message: `${label} ${index.name} (${indexKeysText(index)}) is on the table but not in the model` });
  }
  return differences;
}

function compareBilling(model: TableSpec, live: TableSpec): TableDifference[] {
  const differences: TableDifference[] = [];
  const billingText = (mode: TableSpec['billingMode']) => (mode === 'PAY_PER_REQUEST' ? 'on demand (PAY_PER_REQUEST)' : 'provisioned (PROVISIONED)');
  if (model.billingMode !== live.billingMode) {
    differences.push({ kind: 'billing-mode', fix: 'update', message: `billing is ${billingText(model.billingMode)} in the model but ${billingText(live.billingMode)} on the table` });
  } else if (model.billingMode === 'PROVISIONED' && model.provisioned !== undefined) {
    const want = model.provisioned;
    const have = live.provisioned;
    if (have === undefined || have.readUnits !== want.readUnits || have.writeUnits !== want.writeUnits) {
      const text = (units: typeof want | undefined) => (units === undefined ? 'none' : `${units.readUnits} read and ${units.writeUnits} write units`);
      differences.push({ kind: 'throughput', fix: 'update', message: `the table's throughput is ${text(want)} in the model but ${text(have)} on the table` });
    }
  }
  const modelClass = model.tableClass ?? 'STANDARD';
  const liveClass = live.tableClass ?? 'STANDARD';
  if (modelClass !== liveClass) differences.push({ kind: 'table-class', fix: 'update', message: `the table class is ${modelClass} in the model but ${liveClass} on the table` });
  return differences;
}

/** The attribute TTL is on (or being turned on) for. */
function timeToLiveAttribute(live: LiveTimeToLive | undefined): string | undefined {
  const enabled = live?.TimeToLiveStatus === 'ENABLED' || live?.TimeToLiveStatus === 'ENABLING';
  return enabled ? live?.AttributeName : undefined;
}

function compareTimeToLive(model: TableSpec, live: LiveTimeToLive): TableDifference[] {
  const liveAttribute = timeToLiveAttribute(live);
  if (model.timeToLiveAttribute === liveAttribute) return [];
  const text = (attribute: string | undefined) => (attribute === undefined ? 'off' : `on attribute ${attribute}`);
  return [{ kind: 'time-to-live', fix: 'update', message: `time to live is ${text(model.timeToLiveAttribute)} in the model but ${text(liveAttribute)} on the table` }];
}

/** What a new table is needed for, in words. */
function newTableStatements(differences: readonly TableDifference[], name: string): string[] {
  const blocking = differences.filter((difference) => difference.fix === 'new-table');
  if (blocking.length === 0) return [];
  const what = [...new Set(blocking.map((difference) => (difference.kind === 'partition-key' || difference.kind === 'sort-key' ? "the table's key schema" : `LSI ${difference.index}`)))];
  return [
    `DynamoDB cannot change ${what.join(' or ')} of an existing table: no UpdateTable request closes ${blocking.length === 1 ? 'this difference' : 'these differences'}. ` +
      `Create a new table from the model (dynotable apply with --prefix), copy the items into it (dynotable data copy), then switch to it and delete ${name}.`,
  ];
}

/** Compares a model's table with DescribeTable's answer for a live table. */
export function compareTable(model: TableSpec, description: LiveTableDescription, options: CompareOptions = {}): TableComparison {
  const live = liveTableSpec(description);
  const differences = [
    ...compareKeys(model, live),
    ...compareIndexes('global', model.globalSecondaryIndexes.map(globalView), live.globalSecondaryIndexes.map(globalView)),
    ...compareIndexes('local', model.localSecondaryIndexes.map(localView), live.localSecondaryIndexes.map(localView)),
    ...compareBilling(model, live),
    ...(options.timeToLive !== undefined ? compareTimeToLive(model, options.timeToLive) : []),
  ];
  return {
    table: live.name,
    modelTable: model.name,
    equal: differences.length === 0,
    differences,
    requests: closingRequests(model, live, differences, timeToLiveAttribute(options.timeToLive)),
    needsNewTable: newTableStatements(differences, live.name),
  };
}
