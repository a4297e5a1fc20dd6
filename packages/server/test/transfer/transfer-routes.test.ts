import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSnapshot } from '../../src/data/job-types.js';
import { downloadRoutes, transferRoutes } from '../../src/api/transfer-routes.js';
import type { Connection } from '../../src/connections/registry-types.js';
import { sendDownload } from '../../src/http/file-route.js';
import { FORMATS } from '../../src/transfer/formats.js';
import { sampleItems } from './sample-items.js';
import { byKey, call, createTable, finished, scanAll, send, testContext } from './support.js';

const EXPORT = '/api/connections/:connectionId/tables/:table/export';
const IMPORT = '/api/connections/:connectionId/tables/:table/import';

const { context, connections } = testContext();
let source: Connection;
let target: Connection;
let original: Record<string, unknown>[];

async function load(connection: Connection, table: string, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    const output = await send(connection, 'BatchWriteItem', { RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } });
    expect(output['UnprocessedItems'] ?? {}).toEqual({});
  }
}

async function job(path: string, params: Record<string, string>, input: unknown): Promise<JobSnapshot> {
  const started = (await call(transferRoutes, context, 'POST', path, params, input)) as JobSnapshot;
  expect(started.state).toBe('running');
  return finished(context, started.id);
}

/** Exports through the route and downloads the file's text. */
async function exported(table: string, format: string, extra: Record<string, unknown> = {}): Promise<{ text: string; result: Record<string, unknown> }> {
  const done = await job(EXPORT, { connectionId: 'source', table }, { format, ...extra });
  expect(done.error).toBeUndefined();
  const result = done.result as { download: { id: string } };
  const opened = await downloadRoutes[0]!.open(context, { params: { downloadId: result.download.id }, input: {}, signal: new AbortController().signal });
  const body = await text(opened.body);
  await opened.done();
  return { text: body, result: done.result as Record<string, unknown> };
}

beforeAll(async () => {
  source = connections.open('source');
  target = connections.open('target');
  await createTable(source, 'Things');
  original = sampleItems(1000);
  await load(source, 'Things', original);
});

afterAll(async () => {
  await connections.closeAll();
});

describe('export, then import', () => {
  // Every lossless format of the registry (plain JSON lines has its own tests: binary and sets come back as strings and lists).
  for (const format of FORMATS.filter((entry) => entry.lossless).map((entry) => entry.name)) {
    it(`${format}: 1,000 items of every type come back equal, item for item`, async () => {
      // Two of the formats are exported with a parallel Scan: the items arrive in another order, all of them once.
      const parallel = format === 'json' || format === 'csv' ? { segments: 4 } : {};
      const { text: file, result } = await exported('Things', format, parallel);
      expect(result).toMatchObject({ items: 1000, cancelled: false, format });
      expect((result['consumed'] as { readUnits: number }).readUnits).toBeGreaterThan(0);

      const table = `Copy_${format.replace(/-/g, '_')}`;
      await createTable(target, table);
      const done = await job(IMPORT, { connectionId: 'target', table }, { format, content: file });
      expect(done.error).toBeUndefined();
      expect(done.result).toMatchObject({ items: 1000, written: 1000, notWritten: 0, cancelled: false });
      expect((done.result as { consumed: { writeUnits: number } }).consumed.writeUnits).toBeGreaterThanOrEqual(1000);

      const before = byKey(await scanAll(source, 'Things'), 'pk', 'sk');
      const after = byKey(await scanAll(target, table), 'pk', 'sk');
      expect(after.length).toBe(1000);
      expect(after).toEqual(before);
    });
  }

  it('jsonl: plain JSON lines keep strings, exact numbers, booleans, nulls, lists and maps, and are detected on import', async () => {
    const plain = Array.from({ length: 50 }, (_, i) => ({
      pk: { S: `plain-${i}` },
      sk: { N: `${i}` },
      big: { N: '12345678901234567890123456789012345678' },
      flag: { BOOL: i % 2 === 0 },
      none: { NULL: true as const },
      list: { L: [{ S: 'a' }, { N: '-0.5' }] },
      map: { M: { city: { S: 'Zürich' } } },
    }));
    await createTable(source, 'Plain');
    await load(source, 'Plain', plain);
    const { text: file, result } = await exported('Plain', 'jsonl', {});
    expect(result).toMatchObject({ items: 50, format: 'jsonl' });
    expect(file.split('\n')[0]).not.toMatch(/"S":/);
    await createTable(target, 'PlainCopy');
    const done = await job(IMPORT, { connectionId: 'target', table: 'PlainCopy' }, { content: file });
    expect(done.result).toMatchObject({ format: 'jsonl', written: 50 });
    expect(byKey(await scanAll(target, 'PlainCopy'), 'pk', 'sk')).toEqual(byKey(await scanAll(source, 'Plain'), 'pk', 'sk'));
  });

  it('exports what a Query selects, and the format is detected on import when not given', async () => {
    const query = { operation: 'Query', input: { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'pärtition-3-日本-😀' } } } };
    const { text: file, result } = await exported('Things', 'csv', { request: query });
    const expected = original.filter((item) => (item['pk'] as { S: string }).S === 'pärtition-3-日本-😀').length;
    expect(result['items']).toBe(expected);
    await createTable(target, 'Queried');
    const done = await job(IMPORT, { connectionId: 'target', table: 'Queried' }, { content: file });
    expect(done.result).toMatchObject({ format: 'csv', written: expected });
  });
});

describe('import', () => {
  it('writes nothing when one line is invalid, and names the line with DynamoDB’s message', async () => {
    await createTable(target, 'Strict');
    const lines = sampleItems(40).map((item) => JSON.stringify({ Item: item }));
    const bad = { ...sampleItems(1)[0]! };
    delete bad['sk'];
    lines.splice(29, 0, JSON.stringify(bad));
    const done = await job(IMPORT, { connectionId: 'target', table: 'Strict' }, { format: 'dynamodb-json', content: lines.join('\n') });
    expect(done.state).toBe('failed');
    expect(done.error).toEqual({ type: 'ValidationException', message: 'Line 30: One or more parameter values were invalid: Missing the key sk in the item (nothing was written)' });
    expect(await scanAll(target, 'Strict')).toEqual([]);
  });

  it('refuses an item over 400 KB and an index key of the wrong type before writing', async () => {
    await createTable(target, 'Limits');
    const big = JSON.stringify({ pk: { S: 'a' }, sk: { N: '1' }, blob: { S: 'x'.repeat(400 * 1024) } });
    const wrongIndex = JSON.stringify({ pk: { S: 'a' }, sk: { N: '2' }, gpk: { N: '5' } });
    const first = await job(IMPORT, { connectionId: 'target', table: 'Limits' }, { format: 'dynamodb-json', content: `${wrongIndex.replace('"2"', '"3"').replace('"N":"5"', '"S":"ok"')}\n${big}` });
    expect(first.error).toEqual({ type: 'ValidationException', message: 'Line 2: Item size has exceeded the maximum allowed size (nothing was written)' });
    const second = await job(IMPORT, { connectionId: 'target', table: 'Limits' }, { format: 'dynamodb-json', content: wrongIndex });
    expect(second.error?.message).toBe('Line 1: One or more parameter values were invalid: Type mismatch for Index Key gpk Expected: S Actual: N IndexName: byG (nothing was written)');
    expect(await scanAll(target, 'Limits')).toEqual([]);
  });

  it('writes the later of two items with the same key, as puts one after another would', async () => {
    await createTable(target, 'Twice', false);
    const content = [
      { pk: { S: 'a' }, sk: { N: '1' }, v: { S: 'first' } },
      { pk: { S: 'a' }, sk: { N: '1.0' }, v: { S: 'second' } },
    ]
      .map((item) => JSON.stringify(item))
      .join('\n');
    const done = await job(IMPORT, { connectionId: 'target', table: 'Twice' }, { format: 'dynamodb-json', content });
    expect(done.result).toMatchObject({ items: 2, written: 2 });
    expect(await scanAll(target, 'Twice')).toEqual([{ pk: { S: 'a' }, sk: { N: '1' }, v: { S: 'second' } }]);
  });

  it('stops between batches when cancelled, and says exactly how much was written', async () => {
    await createTable(target, 'Cancelled', false);
    const content = sampleItems(500).map((item) => JSON.stringify(item)).join('\n');
    let batches = 0;
    let jobId = '';
    // Cancel while the third batch is on its way: it completes, the fourth never starts.
    target.client.middlewareStack.add(
      (next, handlerContext) => async (args) => {
        if (handlerContext.commandName === 'BatchWriteItemCommand' && ++batches === 3) context.jobs.cancel(jobId);
        return next(args);
      },
      { step: 'initialize', name: 'cancelThirdBatch' },
    );
    try {
      const started = (await call(transferRoutes, context, 'POST', IMPORT, { connectionId: 'target', table: 'Cancelled' }, { format: 'dynamodb-json', content })) as JobSnapshot;
      jobId = started.id;
      const done = await finished(context, started.id);
      expect(done.state).toBe('cancelled');
      expect(done.result).toMatchObject({ items: 500, written: 75, notWritten: 425, cancelled: true });
      expect((await scanAll(target, 'Cancelled')).length).toBe(75);
    } finally {
      target.client.middlewareStack.remove('cancelThirdBatch');
    }
  });

  it('refuses input that is not a known format or not text', async () => {
    await expect(call(transferRoutes, context, 'POST', IMPORT, { connectionId: 'target', table: 'Strict' }, { format: 'xml', content: '' })).rejects.toThrow(/format: use one of dynamodb-json, jsonl, json, csv, s3-export, nosql-workbench/);
    await expect(call(transferRoutes, context, 'POST', IMPORT, { connectionId: 'target', table: 'Strict' }, { content: 5 })).rejects.toThrow(/content: give the file content as text/);
  });
});

describe('copy', () => {
  it('copies a table into another engine, creating it with the same keys and indexes', async () => {
    const done = await job('/api/copy', {}, { connectionId: 'target', table: 'Copied', source: { connectionId: 'source', table: 'Things', segments: 3 }, createTable: true });
    expect(done.error).toBeUndefined();
    expect(done.result).toMatchObject({ source: 'Things', target: 'Copied', created: true, read: 1000, written: 1000, cancelled: false });
    expect(byKey(await scanAll(target, 'Copied'), 'pk', 'sk')).toEqual(byKey(await scanAll(source, 'Things'), 'pk', 'sk'));
    const described = (await send(target, 'DescribeTable', { TableName: 'Copied' }))['Table'] as { GlobalSecondaryIndexes: { IndexName: string }[] };
    expect(described.GlobalSecondaryIndexes.map((index) => index.IndexName)).toEqual(['byG']);
    const indexed = await send(target, 'Query', { TableName: 'Copied', IndexName: 'byG', KeyConditionExpression: 'gpk = :g', ExpressionAttributeValues: { ':g': { S: 'g0' } } });
    expect(indexed['Count']).toBe(original.filter((item) => (item['gpk'] as { S: string } | undefined)?.S === 'g0').length);
  });

  it('copies only what a filter keeps, up to a limit', async () => {
    await createTable(target, 'Some');
    const request = { operation: 'Scan', input: { FilterExpression: 'attribute_exists(gpk)' } };
    const done = await job('/api/copy', {}, { connectionId: 'target', table: 'Some', source: { connectionId: 'source', table: 'Things', request, limit: 100 } });
    expect(done.result).toMatchObject({ read: 100, written: 100 });
    const copied = await scanAll(target, 'Some');
    expect(copied.length).toBe(100);
    expect(copied.every((item) => item['gpk'] !== undefined)).toBe(true);
  });

  it('stops at the first item the target’s keys refuse, saying how far it got', async () => {
    await send(target, 'CreateTable', {
      TableName: 'NumberKeys',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'N' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const done = await job('/api/copy', {}, { connectionId: 'target', table: 'NumberKeys', source: { connectionId: 'source', table: 'Things' } });
    expect(done.state).toBe('failed');
    expect(done.error).toEqual({
      type: 'ValidationException',
      message: 'One or more parameter values were invalid: Type mismatch for key pk expected: N actual: S (item 1 of Things does not fit NumberKeys; 0 items were written before it, the rest were not)',
    });
    expect(await scanAll(target, 'NumberKeys')).toEqual([]);
  });

  it('refuses parallel segments with a Query', async () => {
    const request = { operation: 'Query', input: { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'x' } } } };
    await expect(call(transferRoutes, context, 'POST', EXPORT, { connectionId: 'source', table: 'Things' }, { format: 'json', request, segments: 2 })).rejects.toThrow(/parallel segments work with a Scan only/);
  });

  it('refuses to copy a table onto itself', async () => {
    await expect(call(transferRoutes, context, 'POST', '/api/copy', {}, { connectionId: 'source', table: 'Things', source: { connectionId: 'source', table: 'Things' } })).rejects.toThrow(/the source and the target are the same table/);
  });
});

describe('downloads', () => {
  it('sends the file once with Content-Disposition, then it is gone', async () => {
    const done = await job(EXPORT, { connectionId: 'source', table: 'Things' }, { format: 'json', limit: 3 });
    const { download } = done.result as { download: { id: string; fileName: string; size: number } };
    expect(download.fileName).toBe('Things.json');
    const server = createServer((_request, response) => {
      void downloadRoutes[0]!.open(context, { params: { downloadId: download.id }, input: {}, signal: new AbortController().signal }).then(
        (opened) => sendDownload(response, opened),
        () => {
          response.statusCode = 404;
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const first = await fetch(url);
      expect(first.headers.get('content-disposition')).toBe(`attachment; filename="Things.json"; filename*=UTF-8''Things.json`);
      const body = await first.text();
      expect(Buffer.byteLength(body)).toBe(download.size);
      expect(JSON.parse(body)).toHaveLength(3);
      expect((await fetch(url)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
