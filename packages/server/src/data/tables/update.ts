/**
 * UpdateTable from the UI: billing mode and throughput, one GSI to add or
 * delete (DynamoDB allows one index change per call), class, deletion
 * protection; TTL on or off through UpdateTimeToLive.
 */
import {
  DescribeTableCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
  type StreamSpecification,
  type TableDescription,
  type UpdateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { DataError } from '../errors.js';
import { NOTHING_CONSUMED, type Consumed } from '../consumed.js';
import { forgetTable } from '../table-info.js';
import { attributeDefinitions, globalIndexKeyList, globalIndexOf, throughputOf, waitUntilActive } from './create.js';
import { needsStreamOffFirst, streamSpecification } from './stream-settings.js';
import type { TimeToLive } from '../shapes.js';
import type { StreamSettingsInput, UpdateTableInput } from './schemas.js';

/** Only a change is sent: DynamoDB refuses to turn on a stream that is on, or off one that is off. */
function streamChanges(stream: StreamSettingsInput | undefined, current: StreamSpecification | undefined): boolean {
  if (stream === undefined) return false;
  const on = current?.StreamEnabled === true;
  return stream.enabled ? !on || current.StreamViewType !== stream.viewType : on;
}

function updateTableRequest(name: string, input: UpdateTableInput, current: TableDescription): UpdateTableCommandInput | undefined {
  const billing = input.billingMode ?? current.BillingModeSummary?.BillingMode ?? 'PROVISIONED';
  const indexUpdates: NonNullable<UpdateTableCommandInput['GlobalSecondaryIndexUpdates']> = [];
  let definitions: UpdateTableCommandInput['AttributeDefinitions'];
  if (input.createIndex !== undefined) {
    const index = input.createIndex;
    const tableThroughput = input.provisionedThroughput ?? {
      readCapacityUnits: current.ProvisionedThroughput?.ReadCapacityUnits ?? 0,
      writeCapacityUnits: current.ProvisionedThroughput?.WriteCapacityUnits ?? 0,
    };
    indexUpdates.push({ Create: globalIndexOf(index, tableThroughput, billing === 'PROVISIONED') });
    definitions = attributeDefinitions(globalIndexKeyList(index));
  }
  if (input.deleteIndex !== undefined) indexUpdates.push({ Delete: { IndexName: input.deleteIndex } });
  const request: UpdateTableCommandInput = {
    TableName: name,
    ...(definitions !== undefined ? { AttributeDefinitions: definitions } : {}),
    ...(input.billingMode !== undefined ? { BillingMode: input.billingMode } : {}),
    ...(input.provisionedThroughput !== undefined ? { ProvisionedThroughput: throughputOf(input.provisionedThroughput) } : {}),
    ...(indexUpdates.length > 0 ? { GlobalSecondaryIndexUpdates: indexUpdates } : {}),
    ...(input.tableClass !== undefined ? { TableClass: input.tableClass } : {}),
    ...(input.deletionProtection !== undefined ? { DeletionProtectionEnabled: input.deletionProtection } : {}),
    ...(streamChanges(input.stream, current.StreamSpecification) ? { StreamSpecification: streamSpecification(input.stream!) } : {}),
  };
  return Object.keys(request).length > 1 ? request : undefined;
}

export interface UpdatedTable {
  readonly table: TableDescription;
  readonly timeToLive?: TimeToLive;
  readonly request?: { readonly operation: 'UpdateTable'; readonly wire: UpdateTableCommandInput };
  readonly consumed: Consumed;
}

export async function updateTable(client: DynamoDBClient, name: string, input: UpdateTableInput, signal: AbortSignal): Promise<UpdatedTable> {
  const { Table: current } = await client.send(new DescribeTableCommand({ TableName: name }), { abortSignal: signal });
  const request = updateTableRequest(name, input, current ?? {});
  if (request === undefined && input.timeToLive === undefined) {
    throw new DataError(
      'invalid',
      'ValidationException',
      "nothing to change: give billingMode, provisionedThroughput, createIndex, deleteIndex, tableClass, deletionProtection, timeToLive or a stream setting that differs from the table's",
    );
  }
  forgetTable(client, name);
  let table = current ?? {};
  if (request !== undefined && needsStreamOffFirst(input.stream, current?.StreamSpecification)) {
    await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: { StreamEnabled: false } }), { abortSignal: signal });
    await waitUntilActive(client, name, signal);
  }
  if (request !== undefined) {
    const output = await client.send(new UpdateTableCommand(request), { abortSignal: signal });
    table = output.TableDescription ?? table;
  }
  let timeToLive: TimeToLive | undefined;
  if (input.timeToLive !== undefined) {
    const { enabled, attributeName } = input.timeToLive;
    const output = await client.send(
      new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { Enabled: enabled, AttributeName: attributeName } }),
      { abortSignal: signal },
    );
    timeToLive = { status: output.TimeToLiveSpecification?.Enabled === false ? 'DISABLED' : 'ENABLED', attributeName };
  }
  return {
    table,
    ...(timeToLive !== undefined ? { timeToLive } : {}),
    ...(request !== undefined ? { request: { operation: 'UpdateTable' as const, wire: request } } : {}),
    consumed: NOTHING_CONSUMED,
  };
}
