/**
 * A table's DynamoDB stream over HTTP: its records live, as server-sent
 * events (each a record, and once `caught-up` when every record there was has
 * been sent), and one item's history — its stream records and its journaled
 * changes, with who or what made each. Streams are read through the
 * connection's own client: no credential reaches the browser.
 */
import { z } from 'zod';
import { itemFromWire, itemToWire, type WireItem } from '@dynotable/core';
import { itemHistory, itemsEqual, type JournaledChange } from '../data/streams/item-history.js';
import type { ItemHistoryView, StreamRecordJson } from '../data/shapes.js';
import { openTableStream, tableStream } from '../data/streams/table-stream.js';
import { wireItemSchema } from '../data/wire-input.js';
import { defineStreamRoute, type StreamRoute } from '../http/stream-route.js';
import { targetOf } from '../journal/target.js';
import type { ServerContext } from './context.js';
import { clientOf, tableParam } from './path-params.js';
import { defineRoute, type Route } from './route.js';

const TABLE = '/api/connections/:connectionId/tables/:table';

/** The history reads the stream from its oldest record; past this many records (any item's) it stops and says so. */
const HISTORY_RECORD_LIMIT = 100_000;

const tailInput = z.object({
  from: z.enum(['latest', 'trim-horizon'], { error: 'from is latest (new records only) or trim-horizon (every record the stream holds)' }).optional(),
});

async function journaledChanges(context: ServerContext, connectionId: string, table: string): Promise<JournaledChange[]> {
  const journal = context.journal;
  if (journal === undefined) return [];
  const target = targetOf(context.connections.get(connectionId).info, journal.session);
  const { operations } = await journal.operations({ target, table });
  return operations.flatMap((operation) =>
    operation.changes.map((change) => ({
      operationId: operation.id,
      operation: operation.operation,
      time: operation.time,
      key: change.key,
      ...(change.newKey !== undefined ? { newKey: change.newKey } : {}),
      before: change.before,
      after: change.after,
      undone: operation.state === 'undone',
    })),
  );
}

async function streamRecords(context: ServerContext, params: Readonly<Record<string, string>>, key: WireItem, signal: AbortSignal) {
  const client = clientOf(context, params);
  const stream = await tableStream(client, tableParam(params), signal);
  const records: StreamRecordJson[] = [];
  let read = 0;
  let truncated = false;
  if (stream.streamArn !== undefined) {
    for await (const event of await openTableStream(client, tableParam(params), { from: 'trim-horizon', until: 'caught-up', signal })) {
      if (event.kind !== 'record') continue;
      read++;
      // Only this item's are kept: the rest of the stream is read past.
      const keys = event.record.dynamodb.Keys;
      if (keys !== undefined && itemsEqual(keys, key)) records.push(event.record);
      if (read >= HISTORY_RECORD_LIMIT) {
        truncated = true;
        break;
      }
    }
  }
  return { stream: { enabled: stream.enabled, ...(stream.viewType !== undefined ? { viewType: stream.viewType } : {}), exists: stream.streamArn !== undefined, recordsRead: read, truncated }, records };
}

export const streamRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: `${TABLE}/items/history`,
    input: z.object({ Key: wireItemSchema }),
    summary: "One item's history: its stream records and its journaled writes, newest first, each with who or what made it",
    async handler(context, { params, input, signal }) {
      // DynamoDB JSON checked (a bad value is a ValidationException) and binary written alike.
      const key = itemToWire(itemFromWire(input.Key));
      const { stream, records } = await streamRecords(context, params, key, signal);
      const changes = await journaledChanges(context, params['connectionId'] ?? '', tableParam(params));
      const view: ItemHistoryView = { stream, journal: context.journal !== undefined, entries: itemHistory(key, records, changes) };
      return view;
    },
  }),
];

export const streamEventRoutes: StreamRoute[] = [
  defineStreamRoute({
    method: 'GET',
    path: `${TABLE}/stream/records`,
    input: tailInput,
    summary: "A table's stream records as server-sent events, from now on (from=latest) or from the oldest (from=trim-horizon); `caught-up` once the records there were are sent",
    open: (context, { params, input, signal }) => openTableStream(clientOf(context, params), tableParam(params), { from: input.from ?? 'latest', signal }),
  }),
];
