/**
 * The stream routes through the real server on the embedded engine: records
 * as server-sent events (from now on, and from the oldest), an item's history
 * that tells DynoTable's journaled writes from another client's, the stream
 * turned on, off and to another view type, and refused on a read-only connection.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';
import type { ItemHistoryView, StreamEventView } from '../../src/data/shapes.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { MemoryJournalStore } from '../../src/journal/store.js';

const TABLES = '/api/connections/embedded/tables';

let server: RunningServer;
let connections: ConnectionRegistry;

beforeAll(async () => {
  connections = createConnectionRegistry({ seedExamples: false });
  await connections.add({ kind: 'embedded', inMemory: true, safety: 'full' });
  server = await startServer({ port: 0, connections, journal: new WriteJournal(new MemoryJournalStore()) });
});

afterAll(async () => {
  await server.close();
  await connections.closeAll();
});

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(new URL(path, server.origin), {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** The events of a server-sent event stream, one parsed `data:` line each. */
async function openEvents(path: string, signal: AbortSignal): Promise<{ status: number; next: () => Promise<StreamEventView> }> {
  const response = await fetch(new URL(path, server.origin), { headers: { authorization: `Bearer ${server.token}` }, signal });
  if (response.status !== 200) return { status: response.status, next: async () => ((await response.json()) as never) };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const queue: StreamEventView[] = [];
  return {
    status: 200,
    async next() {
      while (queue.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffered += value;
        const blocks = buffered.split('\n\n');
        buffered = blocks.pop()!;
        for (const block of blocks) for (const line of block.split('\n')) if (line.startsWith('data: ')) queue.push(JSON.parse(line.slice(6)) as StreamEventView);
      }
      return queue.shift()!;
    },
  };
}

async function nextRecord(events: { next: () => Promise<StreamEventView> }) {
  for (;;) {
    const event = await events.next();
    if (event.kind === 'record') return event.record;
  }
}

async function createTable(name: string, stream?: { enabled: boolean; viewType?: string }) {
  const created = await api('POST', TABLES, { name, partitionKey: { name: 'id', type: 'S' }, ...(stream !== undefined ? { stream } : {}) });
  expect(created.status).toBe(200);
}

async function describeStream(name: string) {
  const { json } = await api<{ table: { StreamSpecification?: { StreamEnabled: boolean; StreamViewType?: string }; LatestStreamArn?: string } }>('GET', `${TABLES}/${name}`);
  return json.table;
}

describe('the stream routes', () => {
  it('sends a write made in the workbench as a record with its old and new image, after saying it follows', async () => {
    await createTable('Live', { enabled: true, viewType: 'NEW_AND_OLD_IMAGES' });
    const controller = new AbortController();
    try {
      const events = await openEvents(`${TABLES}/Live/stream/records?from=latest`, controller.signal);
      expect(events.status).toBe(200);
      expect(await events.next()).toEqual({ kind: 'caught-up' });
      await api('POST', `${TABLES}/Live/items/put`, { Item: { id: { S: 'a' }, n: { N: '1' } } });
      await api('POST', `${TABLES}/Live/items/update`, { key: { id: { S: 'a' } }, before: { id: { S: 'a' }, n: { N: '1' } }, after: { id: { S: 'a' }, n: { N: '2' } } });
      const inserted = await nextRecord(events);
      expect(inserted.eventName).toBe('INSERT');
      expect(inserted.dynamodb).toMatchObject({ Keys: { id: { S: 'a' } }, NewImage: { id: { S: 'a' }, n: { N: '1' } }, StreamViewType: 'NEW_AND_OLD_IMAGES' });
      const modified = await nextRecord(events);
      expect(modified.eventName).toBe('MODIFY');
      expect(modified.dynamodb.OldImage).toEqual({ id: { S: 'a' }, n: { N: '1' } });
      expect(modified.dynamodb.NewImage).toEqual({ id: { S: 'a' }, n: { N: '2' } });
    } finally {
      controller.abort();
    }
    // From the oldest record: both again, in order, then caught up.
    const again = new AbortController();
    try {
      const events = await openEvents(`${TABLES}/Live/stream/records?from=trim-horizon`, again.signal);
      expect((await events.next()).kind === 'record' && 'INSERT').toBe('INSERT');
      const second = await events.next();
      expect(second.kind === 'record' ? second.record.eventName : second.kind).toBe('MODIFY');
      expect(await events.next()).toEqual({ kind: 'caught-up' });
    } finally {
      again.abort();
    }
  });

  it('refuses to follow a table without a stream, saying how to turn it on', async () => {
    await createTable('Quiet');
    const controller = new AbortController();
    const response = await fetch(new URL(`${TABLES}/Quiet/stream/records`, server.origin), { headers: { authorization: `Bearer ${server.token}` }, signal: controller.signal });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { __type: string; message: string };
    expect(body.__type).toBe('StreamNotEnabled');
    expect(body.message).toContain('Update table');
    const bad = await api('GET', `${TABLES}/Quiet/stream/records?from=yesterday`);
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toContain('from is latest');
  });

  it("lists an item's history newest first: DynoTable's journaled writes named, another client's write told apart", async () => {
    await createTable('Told', { enabled: true, viewType: 'NEW_AND_OLD_IMAGES' });
    await api('POST', `${TABLES}/Told/items/put`, { Item: { id: { S: 'k' }, v: { S: 'mine' } } });
    // Straight through the SDK: a write DynoTable did not make, so not in its journal.
    await connections.get('embedded').client.send(new PutItemCommand({ TableName: 'Told', Item: { id: { S: 'k' }, v: { S: 'theirs' } } }));
    await api('POST', `${TABLES}/Told/items/delete`, { Key: { id: { S: 'k' } } });
    await api('POST', `${TABLES}/Told/items/put`, { Item: { id: { S: 'other' } } });
    const { status, json } = await api<ItemHistoryView>('POST', `${TABLES}/Told/items/history`, { Key: { id: { S: 'k' } } });
    expect(status).toBe(200);
    expect(json.stream).toMatchObject({ exists: true, enabled: true, viewType: 'NEW_AND_OLD_IMAGES', recordsRead: 4, truncated: false });
    expect(json.entries.map((entry) => [entry.eventName, entry.by.kind, entry.sources.join('+')])).toEqual([
      ['REMOVE', 'dynotable', 'stream+journal'],
      ['MODIFY', 'other', 'stream'],
      ['INSERT', 'dynotable', 'stream+journal'],
    ]);
    expect(json.entries[0]!.by).toMatchObject({ operation: 'delete', undone: false });
    expect(json.entries[1]).toMatchObject({ before: { id: { S: 'k' }, v: { S: 'mine' } }, after: { id: { S: 'k' }, v: { S: 'theirs' } } });
    const invalid = await api('POST', `${TABLES}/Told/items/history`, { Key: { id: { X: 'k' } } });
    expect(invalid.status).toBe(400);
  });

  it('without a stream, the history is the journal alone', async () => {
    await createTable('Journaled');
    await api('POST', `${TABLES}/Journaled/items/put`, { Item: { id: { S: 'j' } } });
    const { json } = await api<ItemHistoryView>('POST', `${TABLES}/Journaled/items/history`, { Key: { id: { S: 'j' } } });
    expect(json.stream.exists).toBe(false);
    expect(json.entries).toHaveLength(1);
    expect(json.entries[0]).toMatchObject({ eventName: 'INSERT', sources: ['journal'], by: { kind: 'dynotable', operation: 'put' } });
  });

  it('turns the stream on, to another view type (a new stream), and off; a read-only connection is refused', async () => {
    await createTable('Switch');
    expect((await api('PATCH', `${TABLES}/Switch`, { stream: { enabled: true } })).json).toMatchObject({ __type: 'ValidationException', message: expect.stringContaining('stream.viewType') });
    expect((await api('PATCH', `${TABLES}/Switch`, { stream: { enabled: true, viewType: 'KEYS_ONLY' } })).status).toBe(200);
    const first = await describeStream('Switch');
    expect(first.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'KEYS_ONLY' });
    expect((await api('PATCH', `${TABLES}/Switch`, { stream: { enabled: true, viewType: 'NEW_IMAGE' } })).status).toBe(200);
    const second = await describeStream('Switch');
    expect(second.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    expect(second.LatestStreamArn).not.toBe(first.LatestStreamArn);
    // Asking for what the table has already: nothing to send.
    expect((await api('PATCH', `${TABLES}/Switch`, { stream: { enabled: true, viewType: 'NEW_IMAGE' } })).json).toMatchObject({ message: expect.stringContaining('nothing to change') });
    connections.setSafety('embedded', 'read-only');
    try {
      const refused = await api('PATCH', `${TABLES}/Switch`, { stream: { enabled: false } });
      expect(refused.status).toBe(403);
      expect((await describeStream('Switch')).StreamSpecification?.StreamEnabled).toBe(true);
    } finally {
      connections.setSafety('embedded', 'full');
    }
    expect((await api('PATCH', `${TABLES}/Switch`, { stream: { enabled: false } })).status).toBe(200);
    expect((await describeStream('Switch')).StreamSpecification?.StreamEnabled).not.toBe(true);
  });
});
