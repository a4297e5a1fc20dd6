/** A table's stream as DescribeTable names it, and its records as JSON: what the routes and `dynotable streams tail` read. */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DataError } from '../errors.js';
import { followStream, type FollowOptions } from './follow-stream.js';
import { recordToJson, type StreamRecordJson } from './record-json.js';
import { sdkStreamsApi } from './streams-api.js';
import { streamsClientFor } from './streams-client.js';

export interface TableStream {
  /** The latest stream's ARN: while the stream is on, the one being written. */
  readonly streamArn: string | undefined;
  readonly enabled: boolean;
  readonly viewType?: string;
}

export async function tableStream(client: DynamoDBClient, table: string, signal: AbortSignal): Promise<TableStream> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: signal });
  const spec = Table?.StreamSpecification;
  const enabled = spec?.StreamEnabled === true;
  return { streamArn: Table?.LatestStreamArn, enabled, ...(enabled && spec?.StreamViewType !== undefined ? { viewType: spec.StreamViewType } : {}) };
}

/** The ARN to read; a table that never had a stream is refused with what to do. */
export async function requireStreamArn(client: DynamoDBClient, table: string, signal: AbortSignal): Promise<string> {
  const stream = await tableStream(client, table, signal);
  if (stream.streamArn === undefined) {
    throw new DataError(
      'conflict',
      'StreamNotEnabled',
      `Table ${table} has no stream. Turn it on in the table's settings (Update table → Stream) or with UpdateTable's StreamSpecification, then write to see the changes.`,
    );
  }
  return stream.streamArn;
}

/** The table's stream records as JSON, in order per item; see followStream for `from` and `until`. */
export async function* tableRecords(client: DynamoDBClient, table: string, options: Omit<FollowOptions, 'signal'> & { readonly signal: AbortSignal }): AsyncGenerator<StreamRecordJson> {
  const streamArn = await requireStreamArn(client, table, options.signal);
  const api = sdkStreamsApi(await streamsClientFor(client));
  for await (const { record } of followStream(api, streamArn, options)) yield recordToJson(record);
}
