/**
 * PartiQL through the server on the embedded engine: the plan flags a Scan
 * and names the key condition, the rewrite on the key is a Query; SELECTs run
 * as their plan's reads (filters and sorts the requests cannot say done
 * after reading); writes pass the write guard and land in the journal with
 * the item before and after.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import { startServer } from '../../src/http/server.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { MemoryJournalStore } from '../../src/journal/store.js';

const BASE = '/api/connections/embedded';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function serve(safety: 'full' | 'confirm-writes' | 'read-only' = 'full') {
  const connections = createConnectionRegistry({ seedExamples: false });
  await connections.add({ kind: 'embedded', inMemory: true, safety: 'full' });
  const journal = new WriteJournal(new MemoryJournalStore());
  const server = await startServer({ port: 0, connections, journal });
  stops.push(async () => {
    await server.close();
    await connections.closeAll();
  });
  const api = async (path: string, body: unknown) => {
    const response = await fetch(new URL(`${BASE}${path}`, server.origin), {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field
  };
  await api('/tables', {
    name: 'Orders',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [{ name: 'GSI1', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'SK', type: 'S' } }],
  });
  for (const [pk, sk, status] of [['A', '1', 'open'], ['A', '2', 'shut'], ['A', '3', 'open'], ['B', '1', 'open'], ['B', '2', 'shut']] as const) {
    const put = await api('/tables/Orders/items/put', { Item: { PK: { S: pk }, SK: { S: sk }, status: { S: status }, n: { N: '1' } } });
    expect(put.status).toBe(200);
  }
  connections.setSafety('embedded', safety);
  return { api, journal };
}

const keysOf = (items: Record<string, { S: string }>[]) => items.map((item) => `${item['PK']?.S}${item['SK']?.S}`);

describe('PartiQL routes', () => {
  it('flags a Scan with the key condition it needs; the rewrite on the key is a Query', async () => {
    const { api } = await serve();
    const scan = await api('/partiql/plan', { statement: `SELECT * FROM "Orders" WHERE n = 1` });
    expect(scan.status).toBe(200);
    expect(scan.json['plan'].operation).toBe('Scan');
    expect(scan.json['plan'].scan.keyNames).toEqual(['PK']);
    expect(scan.json['plan'].line).toMatch(/^full Scan of \d+ items, .* RCU — add a key condition on PK/);
    const query = await api('/partiql/plan', { statement: `SELECT * FROM "Orders" WHERE PK = ? AND n = 1`, parameters: [{ S: 'A' }] });
    expect(query.json['plan'].operation).toBe('Query');
    expect(query.json['plan'].line).toBe('Query on Orders, 0.5 RCU');
    expect(query.json['plan'].requests[0].wire.KeyConditionExpression).toBeDefined();
    const index = await api('/partiql/plan', { statement: `SELECT * FROM "Orders"."GSI1" WHERE status = 'open'` });
    expect(index.json['plan'].line).toBe('Query on GSI1, 0.5 RCU');
  });

  it('runs a SELECT as its reads, with the conditions and order the requests cannot say', async () => {
    const { api } = await serve();
    const query = await api('/partiql/run', { statement: `SELECT * FROM "Orders" WHERE PK = 'A' AND SK <> '2'` });
    expect(query.status).toBe(200);
    expect(keysOf(query.json['items'])).toEqual(['A1', 'A3']);
    expect(query.json['plan'].operation).toBe('Query');
    expect(query.json['consumed'].readUnits).toBeGreaterThan(0);
    const sorted = await api('/partiql/run', { statement: `SELECT PK, SK FROM "Orders" WHERE PK IN ('A', 'B') ORDER BY SK DESC` });
    expect(sorted.status).toBe(200);
    expect(sorted.json['items'].map((item: Record<string, { S: string }>) => item['SK']!.S)).toEqual(['3', '2', '2', '1', '1']);
    expect(Object.keys(sorted.json['items'][0]).sort()).toEqual(['PK', 'SK']);
    const one = await api('/partiql/run', { statement: `SELECT n FROM "Orders" WHERE PK = 'B' AND SK = '2'` });
    expect(one.json['plan'].operation).toBe('GetItem');
    expect(one.json['items']).toEqual([{ n: { N: '1' } }]);
  });

  it("answers a statement DynamoDB refuses with DynamoDB's message", async () => {
    const { api } = await serve();
    const bad = await api('/partiql/run', { statement: `SELECT * FROM "Orders" WHERE PK = 'A' AND upper(SK) = 'X'` });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ __type: 'ValidationException', message: 'Unrecognized function: upper' });
    const missing = await api('/partiql/run', { statement: `SELECT * FROM "Orders" WHERE PK = ?` });
    expect(missing.json['message']).toBe("Number of parameters in request and statement don't match.");
    const write = await api('/partiql/run', { statement: `DELETE FROM "Orders" WHERE PK = 'A' AND SK = '1'` });
    expect(write.status).toBe(400);
    expect(write.json['message']).toContain('/partiql/write');
  });

  it('journals an UPDATE with the item before and after', async () => {
    const { api, journal } = await serve();
    const updated = await api('/partiql/write', { statement: `UPDATE "Orders" SET n = n + 1 SET note = 'x' WHERE PK = 'A' AND SK = '1' RETURNING ALL NEW *` });
    expect(updated.status).toBe(200);
    expect(updated.json['items']).toEqual([{ PK: { S: 'A' }, SK: { S: '1' }, status: { S: 'open' }, n: { N: '2' }, note: { S: 'x' } }]);
    expect(updated.json['journal'].operationId).toBeDefined();
    const recorded = await journal.operation(updated.json['journal'].operationId);
    expect(recorded?.operation).toBe('update');
    expect(recorded?.table).toBe('Orders');
    expect(recorded?.changes).toEqual([
      {
        key: { PK: { S: 'A' }, SK: { S: '1' } },
        before: { PK: { S: 'A' }, SK: { S: '1' }, status: { S: 'open' }, n: { N: '1' } },
        after: { PK: { S: 'A' }, SK: { S: '1' }, status: { S: 'open' }, n: { N: '2' }, note: { S: 'x' } },
      },
    ]);
    const read = await api('/partiql/run', { statement: `SELECT n FROM "Orders" WHERE PK = 'A' AND SK = '1'` });
    expect(read.json['items']).toEqual([{ n: { N: '2' } }]);
  });

  it('journals INSERT and DELETE; an INSERT of a key that exists is DuplicateItemException', async () => {
    const { api, journal } = await serve();
    const inserted = await api('/partiql/write', { statement: `INSERT INTO "Orders" VALUE {'PK': 'C', 'SK': '1', 'n': 5}` });
    expect(inserted.status).toBe(200);
    expect((await journal.operation(inserted.json['journal'].operationId))?.changes[0]).toMatchObject({ before: null, after: { PK: { S: 'C' }, n: { N: '5' } } });
    const again = await api('/partiql/write', { statement: `INSERT INTO "Orders" VALUE {'PK': 'C', 'SK': '1'}` });
    expect(again.json).toMatchObject({ __type: 'DuplicateItemException', message: 'Duplicate primary key exists in table' });
    const deleted = await api('/partiql/write', { statement: `DELETE FROM "Orders" WHERE PK = 'C' AND SK = '1'` });
    expect((await journal.operation(deleted.json['journal'].operationId))?.changes[0]).toMatchObject({ before: { n: { N: '5' } }, after: null });
    const nothing = await api('/partiql/write', { statement: `DELETE FROM "Orders" WHERE PK = 'C' AND SK = '1'` });
    expect(nothing.status).toBe(200);
    expect(nothing.json['journal']).toBeUndefined();
  });

  it('asks for confirmation on a confirm-writes connection and refuses writes on a read-only one, where reads still run', async () => {
    const asked = await serve('confirm-writes');
    const unconfirmed = await asked.api('/partiql/write', { statement: `DELETE FROM "Orders" WHERE PK = 'A' AND SK = '1'` });
    expect(unconfirmed.json['__type']).toBe('ConfirmationRequired');
    const confirmed = await asked.api('/partiql/write', { statement: `DELETE FROM "Orders" WHERE PK = 'A' AND SK = '1'`, confirm: true });
    expect(confirmed.status).toBe(200);

    const { api } = await serve('read-only');
    const refused = await api('/partiql/write', { statement: `DELETE FROM "Orders" WHERE PK = 'A' AND SK = '1'`, confirm: true });
    expect(refused.status).toBe(403);
    expect(refused.json['__type']).toBe('ReadOnlyConnection');
    const read = await api('/partiql/run', { statement: `SELECT * FROM "Orders" WHERE PK = 'A' AND SK = '1'` });
    expect(read.json['items']).toHaveLength(1);
  });
});
