/**
 * The requests that bring a live table to its model, for the differences
 * UpdateTable (and UpdateTimeToLive) can close. DynamoDB creates or deletes
 * one GSI per UpdateTable call, and changes neither an index's keys nor its
 * projection in place: such an index is deleted, then created again. Order:
 * deletions first (they free the names), then billing and class (so created
 * indexes get the throughput the model's billing wants), then creations, then TTL.
 */
import type { TableSpec } from '../model/types.js';
import { globalIndexRequest, throughputRequest } from './create-table.js';
import type { TableDifference } from './table-diff.js';

export interface TableUpdateRequest {
  readonly operation: 'UpdateTable' | 'UpdateTimeToLive';
  /** The request in DynamoDB JSON. */
  readonly input: Record<string, unknown>;
  /** What it does, in words. */
  readonly purpose: string;
}

function indexesToRebuild(differences: readonly TableDifference[], kinds: readonly TableDifference['kind'][]): string[] {
  const names = differences.filter((d) => d.indexKind === 'global' && kinds.includes(d.kind)).map((d) => d.index!);
  return [...new Set(names)];
}

function deleteIndex(table: string, index: string, again: boolean): TableUpdateRequest {
  return {
    operation: 'UpdateTable',
    input: { TableName: table, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: index } }] },
    purpose: again ? `delete GSI ${index}, to create it again as the model says` : `delete GSI ${index}, which the model does not have`,
  };
}

function createIndex(model: TableSpec, table: string, index: string): TableUpdateRequest {
  const spec = model.globalSecondaryIndexes.find((each) => each.name === index)!;
  const keys = [...spec.partitionKeys, ...spec.sortKeys];
  return {
    operation: 'UpdateTable',
    input: {
      TableName: table,
      // Only the new index's key attributes: DynamoDB refuses definitions no key uses.
      AttributeDefinitions: keys.map((key) => ({ AttributeName: key.name, AttributeType: key.type })),
      GlobalSecondaryIndexUpdates: [{ Create: globalIndexRequest(spec, model) }],
    },
    purpose: `create GSI ${index} (${keys.map((key) => key.name).join(', ')}); DynamoDB fills it from the table's items`,
  };
}

/** Billing to the model's mode; to provisioned, every GSI that stays gets its throughput in the same call (DynamoDB requires it). */
function billingRequest(model: TableSpec, table: string, staying: readonly string[]): TableUpdateRequest {
  if (model.billingMode === 'PAY_PER_REQUEST') return { operation: 'UpdateTable', input: { TableName: table, BillingMode: 'PAY_PER_REQUEST' }, purpose: 'switch billing to on demand' };
  const updates = model.globalSecondaryIndexes
    .filter((index) => staying.includes(index.name))
    .map((index) => ({ Update: { IndexName: index.name, ProvisionedThroughput: throughputRequest(index.provisioned ?? model.provisioned) } }));
  return {
    operation: 'UpdateTable',
    input: { TableName: table, BillingMode: 'PROVISIONED', ProvisionedThroughput: throughputRequest(model.provisioned), ...(updates.length > 0 ? { GlobalSecondaryIndexUpdates: updates } : {}) },
    purpose: 'switch billing to provisioned capacity',
  };
}

function timeToLiveRequests(model: TableSpec, table: string, difference: TableDifference | undefined, liveAttribute: string | undefined): TableUpdateRequest[] {
  if (difference === undefined) return [];
  const requests: TableUpdateRequest[] = [];
  if (liveAttribute !== undefined) {
    requests.push({ operation: 'UpdateTimeToLive', input: { TableName: table, TimeToLiveSpecification: { Enabled: false, AttributeName: liveAttribute } }, purpose: `turn time to live off (${liveAttribute})` });
  }
  if (model.timeToLiveAttribute !== undefined) {
    requests.push({
      operation: 'UpdateTimeToLive',
      input: { TableName: table, TimeToLiveSpecification: { Enabled: true, AttributeName: model.timeToLiveAttribute } },
      purpose: `turn time to live on, on attribute ${model.timeToLiveAttribute}`,
    });
  }
  return requests;
}

/** The requests for the differences found (none for those only a new table closes). */
export function closingRequests(model: TableSpec, live: TableSpec, differences: readonly TableDifference[], liveTimeToLive?: string): TableUpdateRequest[] {
  const table = live.name;
  const rebuilt = indexesToRebuild(differences, ['index-keys', 'index-projection']);
  const extra = indexesToRebuild(differences, ['index-extra']);
  const missing = indexesToRebuild(differences, ['index-missing']);
  const staying = model.globalSecondaryIndexes.map((index) => index.name).filter((name) => !rebuilt.includes(name) && !missing.includes(name));
  const has = (kind: TableDifference['kind']) => differences.some((difference) => difference.kind === kind);
  return [
    ...extra.map((index) => deleteIndex(table, index, false)),
    ...rebuilt.map((index) => deleteIndex(table, index, true)),
    ...(has('billing-mode') ? [billingRequest(model, table, staying)] : []),
    ...(has('throughput') ? [{ operation: 'UpdateTable' as const, input: { TableName: table, ProvisionedThroughput: throughputRequest(model.provisioned) }, purpose: "set the table's throughput" }] : []),
    ...(has('table-class') ? [{ operation: 'UpdateTable' as const, input: { TableName: table, TableClass: model.tableClass ?? 'STANDARD' }, purpose: `change the table class to ${model.tableClass ?? 'STANDARD'}` }] : []),
    ...[...rebuilt, ...missing].map((index) => createIndex(model, table, index)),
    ...timeToLiveRequests(model, table, differences.find((difference) => difference.kind === 'time-to-live'), liveTimeToLive),
  ];
}
