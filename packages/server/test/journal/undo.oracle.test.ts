/**
 * Undo against DynamoDB Local: the guards (every attribute compared with `=`,
 * sets in another order, maps, lists, binary, 38-digit numbers) are accepted
 * and hold as DynamoDB evaluates them.
 */
import { CreateTableCommand, DeleteTableCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { itemFromWire, itemToWire, printCondition, type WireItem } from '@dynotable/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleEndpoint, oracleUnavailable } from '../../../core/test/support/dynamodb-local.js';
import type { ServerContext } from '../../src/api/context.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';
import { equalsGuard } from '../../src/journal/guard.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { FileJournalStore, MemoryJournalStore } from '../../src/journal/store.js';
import { run } from '../cli/capture.js';
import { RecordingJobs } from '../data/harness.js';
import { callRoute } from './support.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { TableQueries } from '../../src/queries/table-queries.js';

const TABLE = `dtjournal_${Date.now().toString(36)}`;
const items = `/api/connections/local/tables/${TABLE}/items`;
const key = (id: string): WireItem => ({ id: { S: id } });
const rich = (id: string): WireItem => ({
  ...key(id),
  big: { N: '99999999999999999999999999999999999999' },
  small: { N: '-0.00000000000000000000000000000000000001' },
  tags: { SS: ['zeta', 'alpha', 'mid'] },
  nums: { NS: ['3', '1.5', '2'] },
  bins: { BS: ['Aw==', 'AQ=='] },
  blob: { B: 'AAEC/w==' },
  doc: { M: { a: { L: [{ S: 'x' }, { N: '1' }, { M: { deep: { BOOL: true } } }] }, n: { NULL: true } } },
});

describe.skipIf(oracleUnavailable())('undo on DynamoDB Local', () => {
  let registry: ConnectionRegistry;
  let context: ServerContext;
  const call = <T = Record<string, unknown>>(method: 'POST' | 'GET', path: string, input?: unknown) => callRoute<T>(context, method, path, input);
  const get = async (id: string) => {
    const output = await registry.get('local').client.send(new GetItemCommand({ TableName: TABLE, Key: itemFromWire(key(id)) as never, ConsistentRead: true }));
    return output.Item === undefined ? undefined : itemToWire(output.Item as never);
  };

  beforeAll(async () => {
    registry = createConnectionRegistry({ seedExamples: false, env: {} });
    await registry.add({ kind: 'dynamodb-local', endpoint: oracleEndpoint() });
    context = { connections: registry, jobs: new RecordingJobs(), readOnly: false, links: new ModelLinks(), queries: new TableQueries(), journal: new WriteJournal(new MemoryJournalStore()) };
    await registry.get('local').client.send(
      new CreateTableCommand({ TableName: TABLE, AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST' }),
    );
  });
  afterAll(async () => {
    await registry.get('local').client.send(new DeleteTableCommand({ TableName: TABLE }));
    await registry.closeAll();
  });

  it('undoes an update, a move and a batch delete of items with every type, exactly', async () => {
    await call('POST', `${items}/put`, { Item: rich('u') });
    const loaded = (await get('u'))!;
    await call('POST', `${items}/update`, { key: key('u'), before: loaded, after: { ...loaded, tags: { SS: ['other'] }, extra: { S: 'new' } } });
    const update = await call<{ operations: { outcome: string; items: { guard?: string }[] }[] }>('POST', '/api/journal/undo', { connectionId: 'local', last: 1 });
    expect(update.operations[0]).toMatchObject({ outcome: 'reverted', items: [{ guard: 'every-attribute' }] });
    expect(await get('u')).toEqual(loaded);

    await call('POST', `${items}/move`, { before: loaded, after: { ...loaded, id: { S: 'u2' } } });
    await call('POST', '/api/journal/undo', { connectionId: 'local', last: 1 });
    expect(await get('u2')).toBeUndefined();
    expect(await get('u')).toEqual(loaded);

    for (const id of ['b1', 'b2', 'b3']) await call('POST', `${items}/put`, { Item: rich(id) });
    const stored = await Promise.all(['b1', 'b2', 'b3'].map(get));
    await call('POST', `${items}/batch-delete`, { keys: ['b1', 'b2', 'b3'].map(key) });
    await call('POST', '/api/journal/undo', { connectionId: 'local', last: 1 });
    expect(await Promise.all(['b1', 'b2', 'b3'].map(get))).toEqual(stored);
  });

  it("evaluates the guard as DynamoDB does: sets equal in any order, a changed set or map refused", async () => {
    const client = registry.get('local').client;
    await client.send(new PutItemCommand({ TableName: TABLE, Item: itemFromWire(rich('g')) as never }));
    const reordered = { ...rich('g'), tags: { SS: ['mid', 'zeta', 'alpha'] }, nums: { NS: ['2.0', '3', '1.50'] }, bins: { BS: ['AQ==', 'Aw=='] } };
    const put = (expected: WireItem) => {
      const guard = equalsGuard(itemFromWire(expected), null, ['id']);
      return client.send(new PutItemCommand({ TableName: TABLE, Item: itemFromWire(rich('g')) as never, ...(printCondition(guard.condition) as object) }));
    };
    await expect(put(reordered)).resolves.toBeDefined();
    await expect(put({ ...rich('g'), tags: { SS: ['zeta', 'alpha'] } })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await expect(put({ ...rich('g'), doc: { M: { a: { L: [{ S: 'x' }, { N: '1' }] }, n: { NULL: true } } } })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
  });

  it('is undone by `dynotable undo --endpoint` from a journal file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dynotable-journal-'));
    try {
      const file = join(dir, 'journal.jsonl');
      const fileContext: ServerContext = { ...context, journal: new WriteJournal(new FileJournalStore(file)) };
      await callRoute(fileContext, 'POST', `${items}/put`, { Item: rich('cli') });
      const listed = await run('undo', '--list', '--endpoint', oracleEndpoint(), '--journal', file);
      expect(listed.stdout).toContain('id = "cli"');
      const undone = await run('undo', '--last', '1', '--yes', '--endpoint', oracleEndpoint(), '--journal', file);
      expect(undone).toMatchObject({ code: 0, stderr: '' });
      expect(await get('cli')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses when a set changed since, even to the same elements plus one', async () => {
    await call('POST', `${items}/put`, { Item: rich('c') });
    await call('POST', `${items}/put`, { Item: { ...rich('c'), note: { S: 'second' } } });
    await registry.get('local').client.send(new PutItemCommand({ TableName: TABLE, Item: itemFromWire({ ...rich('c'), note: { S: 'second' }, tags: { SS: ['zeta', 'alpha', 'mid', 'more'] } }) as never }));
    await expect(call('POST', '/api/journal/undo', { connectionId: 'local', last: 1 })).rejects.toMatchObject({ type: 'ItemChangedSinceWrite' });
    expect((await get('c'))!['tags']).toEqual({ SS: expect.arrayContaining(['more']) as unknown });
  });
});
