/**
 * The trigger routes through real HTTP: add, list, remove, refusals, and the
 * log as server-sent events.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import type { TriggerEvent } from '../../src/triggers/trigger-types.js';
import { standInRegistry } from '../http/support/stand-in-registry.js';
import { ORDERS_WITH_STREAM } from './support/orders-table.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function start(options: { readOnly?: boolean } = {}) {
  const connections = standInRegistry({ main: 'full', guarded: 'read-only', asking: 'confirm-writes' });
  const server: RunningServer = await startServer({ connections, staticDir: '/nonexistent', ...options });
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-trigger-routes-'));
  const handler = join(dir, 'handler.mjs');
  writeFileSync(handler, 'export const handler = async () => ({});\n');
  cleanups.push(async () => {
    await server.close();
    await connections.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { server, connections, handler, dir, call };
}

/** Reads server-sent events one `data:` payload at a time. */
function eventReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<TriggerEvent> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
          if (data.length > 0) return JSON.parse(data.join('\n')) as TriggerEvent;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('the trigger routes', () => {
  it('add a trigger with Lambda defaults, list it with its log, and remove it', async () => {
    const { call, handler } = await start();
    const added = await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler, batchSize: 5, bisect: true, filters: ['{"eventName":["INSERT"]}'] });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      id: 't1',
      state: 'waiting',
      settings: { table: 'Orders', handler, batchSize: 5, window: 0, start: 'LATEST', bisect: true, retries: -1, reportFailures: false, filters: ['{"eventName":["INSERT"]}'], timeout: 3 },
    });
    const listed = await call('GET', '/api/connections/main/triggers');
    expect((listed.body['triggers'] as unknown[]).length).toBe(1);
    expect(listed.body['events']).toContainEqual(expect.objectContaining({ kind: 'status', triggerId: 't1', message: `trigger on Orders runs ${handler}` }));
    // No table yet: the trigger says it waits for one.
    await expect
      .poll(async () => ((await call('GET', '/api/connections/main/triggers')).body['events'] as TriggerEvent[]).some((event) => event.kind === 'status' && event.message.includes('does not exist yet')))
      .toBe(true);
    expect(await call('DELETE', '/api/connections/main/triggers/t1')).toEqual({ status: 200, body: { removed: 't1' } });
    expect((await call('GET', '/api/connections/main/triggers')).body['triggers']).toEqual([]);
    expect(await call('DELETE', '/api/connections/main/triggers/t1')).toMatchObject({ status: 404, body: { __type: 'TriggerNotFound' } });
  });

  it('refuse settings out of Lambda\'s ranges, a broken filter and a missing handler file, saying which', async () => {
    const { call, handler, dir } = await start();
    expect(await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler, batchSize: 0 })).toEqual({
      status: 400,
      body: { __type: 'InvalidTrigger', message: 'batchSize must be a whole number from 1 to 10000 (got 0)' },
    });
    expect(await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler, filters: ['{"eventName":"INSERT"}'] })).toMatchObject({
      status: 400,
      body: { __type: 'InvalidFilterPattern', message: expect.stringContaining('filter pattern 1, at eventName') },
    });
    expect(await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler: join(dir, 'missing.mjs') })).toEqual({
      status: 400,
      body: { __type: 'InvalidTrigger', message: `there is no handler file at ${join(dir, 'missing.mjs')}` },
    });
    expect(await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler, colour: 'red' })).toMatchObject({ status: 400 });
    expect((await call('GET', '/api/connections/main/triggers')).body['triggers']).toEqual([]);
  });

  it('refuse to add a trigger on a read-only connection, under --read-only, and on a connection other than the embedded engine; ask on a confirm-writes one', async () => {
    const { call, handler, connections } = await start();
    expect(await call('POST', '/api/connections/guarded/triggers', { table: 'Orders', handler })).toMatchObject({ status: 403 });
    // A connection that asks before every write asks before a trigger too.
    expect(await call('POST', '/api/connections/asking/triggers', { table: 'Orders', handler })).toMatchObject({ status: 409, body: { __type: 'ConfirmationRequired' } });
    expect(await call('POST', '/api/connections/asking/triggers', { table: 'Orders', handler, confirm: true })).toMatchObject({ status: 200, body: { id: 't1' } });
    const endpoint = await connections.add({ kind: 'endpoint', endpoint: 'http://127.0.0.1:1' });
    expect(await call('POST', `/api/connections/${endpoint.id}/triggers`, { table: 'Orders', handler })).toMatchObject({ status: 400, body: { __type: 'TriggersNeedEmbeddedEngine' } });
    const readOnly = await start({ readOnly: true });
    expect(await readOnly.call('POST', '/api/connections/main/triggers', { table: 'Orders', handler: readOnly.handler })).toMatchObject({ status: 403 });
  });

  it('stream the log: the events kept after `after`, then each new one', async () => {
    const { server, call, handler } = await start();
    await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler });
    const response = await fetch(`${server.origin}/api/connections/main/triggers/events?after=0`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = eventReader(response);
    const first = await events.next();
    expect(first).toMatchObject({ kind: 'status', seq: 1, triggerId: 't1', table: 'Orders' });
    await call('DELETE', '/api/connections/main/triggers/t1');
    for (;;) {
      const next = await events.next();
      expect(next.seq).toBeGreaterThan(first.seq);
      if (next.kind === 'status' && next.message === 'trigger removed') break;
    }
    await events.cancel();
  });

  it("run the handler on the embedded engine's stream and stream each call with the handler's output", async () => {
    const { server, call, connections, dir } = await start();
    const handler = join(dir, 'logging.mjs');
    writeFileSync(handler, "export const handler = async (event) => { console.log('saw ' + event.Records.map((r) => r.dynamodb.NewImage.pk.S).join(',')); };\n");
    const client = connections.get('main').client;
    await client.send(new CreateTableCommand(ORDERS_WITH_STREAM));
    await client.send(new PutItemCommand({ TableName: 'Orders', Item: { pk: { S: 'o1' } } }));
    const response = await fetch(`${server.origin}/api/connections/main/triggers/events`, { headers: { authorization: `Bearer ${server.token}` } });
    const events = eventReader(response);
    expect((await call('POST', '/api/connections/main/triggers', { table: 'Orders', handler, start: 'TRIM_HORIZON' })).status).toBe(200);
    let invocation: TriggerEvent | undefined;
    while (invocation === undefined) {
      const next = await events.next();
      if (next.kind === 'invocation') invocation = next;
    }
    expect(invocation).toMatchObject({ kind: 'invocation', triggerId: 't1', table: 'Orders', records: 1, outcome: 'success', output: [{ stream: 'stdout', text: 'saw o1' }] });
    expect((await call('GET', '/api/connections/main/triggers')).body['triggers']).toEqual([expect.objectContaining({ id: 't1', state: 'running', invocations: 1 })]);
    await events.cancel();
  });
});
