/** A table's stream as DescribeTable names it, and its records as JSON: what the routes and `dynotable streams tail` read. */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DataError } from '../errors.js';
import { followStream, type FollowOptions } from './follow-stream.js';
import type { StreamEventView } from '../shapes.js';
import { recordToJson } from './record-json.js';
import { sdkStreamsApi } from './streams-api.js';
import { streamsClientFor } from './streams-client.js';

export interface TableStream {
  /** The latest stream's ARN: while the stream is on, the one being written; after it is turned off, readable for 24 hours. */
  readonly streamArn: string | undefined;
  readonly enabled: boolean;
  readonly viewType?: string;
}

/** What a reader of the table's stream receives: each record, and once, that it has read every record there was. */
type TableStreamEvent = StreamEventView;

export async function tableStream(client: DynamoDBClient, table: string, signal: AbortSignal): Promise<TableStream> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }), { abortSignal: signal });
  const spec = Table?.StreamSpecification;
  const enabled = spec?.StreamEnabled === true;
  return { streamArn: Table?.LatestStreamArn, enabled, ...(enabled && spec?.StreamViewType !== undefined ? { viewType: spec.StreamViewType } : {}) };
}

/** The ARN to read; a table that never had a stream is refused with what to do. */
async function requireStreamArn(client: DynamoDBClient, table: string, signal: AbortSignal): Promise<string> {
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

async function* events(client: DynamoDBClient, streamArn: string, options: FollowOptions): AsyncGenerator<TableStreamEvent> {
  const api = sdkStreamsApi(await streamsClientFor(client));
  for await (const event of followStream(api, streamArn, options)) {
    yield event.kind === 'record' ? { kind: 'record', record: recordToJson(event.record) } : event;
  }
}

/**
 * The table's stream records as JSON, in order per item (see followStream for
 * `from` and `until`). The table and its stream are checked before it
 * resolves, so a refusal comes before the first record.
 */
export async function openTableStream(client: DynamoDBClient, table: string, options: FollowOptions): Promise<AsyncGenerator<TableStreamEvent>> {
  const streamArn = await requireStreamArn(client, table, options.signal);
  return events(client, streamArn, options);
}
