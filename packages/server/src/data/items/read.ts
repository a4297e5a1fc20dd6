/** Query, Scan and GetItem: the page of items in wire JSON, the counts, the consumed capacity and the exact request. */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { CodegenParams, WireItem } from '@dynotable/core';
import { consumedOf, type Consumed } from '../consumed.js';
import { requestView, type RequestView } from '../request-view.js';
import type { ReadPage } from '../shapes.js';
import { sdkItemToWire } from '../wire-output.js';
import { tableInfo } from '../table-info.js';
import { type TableShape } from '../table-description.js';
import { sendRequest, wireOf } from './send.js';

/** Only the table class, for the price: a read still answers where DescribeTable is not allowed (priced as STANDARD). */
function pricingInfo(client: DynamoDBClient, table: string, signal: AbortSignal): Promise<TableShape | undefined> {
  return tableInfo(client, table, signal).catch(() => undefined);
}

export type { ReadPage };

export async function readPage(
  client: DynamoDBClient,
  operation: 'Query' | 'Scan',
  params: CodegenParams,
  signal: AbortSignal,
  withCode = true,
): Promise<ReadPage> {
  const request = requestView(operation, params, withCode);
  const [output, info] = await Promise.all([sendRequest(client, operation, params, signal), pricingInfo(client, params.TableName, signal)]);
  const last = wireOf(output.LastEvaluatedKey);
  return {
    items: (output.Items ?? []).map(sdkItemToWire),
    count: output.Count ?? 0,
    scannedCount: output.ScannedCount ?? 0,
    ...(last !== undefined ? { lastEvaluatedKey: last } : {}),
    consumed: consumedOf(output.ConsumedCapacity, 'read', info?.tableClass),
    request,
  };
}

export interface GetResult {
  /** Absent when there is no item with this key. */
  readonly item?: WireItem;
  readonly consumed: Consumed;
  readonly request: RequestView;
}

export async function getItem(client: DynamoDBClient, params: CodegenParams, signal: AbortSignal): Promise<GetResult> {
  const request = requestView('GetItem', params);
  const [output, info] = await Promise.all([sendRequest(client, 'GetItem', params, signal), pricingInfo(client, params.TableName, signal)]);
  const item = wireOf(output.Item);
  return { ...(item !== undefined ? { item } : {}), consumed: consumedOf(output.ConsumedCapacity, 'read', info?.tableClass), request };
}
