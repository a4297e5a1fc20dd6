import { BatchWriteItemCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DEFAULT_PRICES, itemFromWire, itemToWire, type WireItem } from '@dynotable/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHarness, itemsPath, tablesPath, type Harness } from './harness.js';

const TABLE = 'tickets';
const items = itemsPath(TABLE);

async function createTicketTable(h: Harness): Promise<void> {
  await h.call('POST', tablesPath, {
    name: TABLE,
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [{ name: 'by-status', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'SK', type: 'S' } }],
  });
}

async function allItems(h: Harness): Promise<WireItem[]> {
  const output = await h.client.send(new ScanCommand({ TableName: TABLE, ConsistentRead: true }));
  return (output.Items ?? []).map((item) => itemToWire(item as never)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const ticket = (n: number, status: string, extra: WireItem = {}): WireItem => ({
  PK: { S: 'TEAM#7' },
  SK: { S: `STATUS#${status}#${String(n).padStart(3, '0')}` },
  status: { S: status },
  title: { S: `ticket ${n}` },
  ...extra,
});

describe('item routes over the embedded engine', () => {
  let h: Harness;
  beforeEach(async () => {
    h = createHarness();
    await createTicketTable(h);
  });

  it('queries with friendly key text and a filter on the reserved word status, returning the exact request and its code', async () => {
    for (let n = 0; n < 6; n++) await h.call('POST', `${items}/put`, { Item: ticket(n, n % 2 === 0 ? 'open' : 'closed', { priority: { N: String(n) } }) });
    const page = await h.call<{ items: WireItem[]; count: number; scannedCount: number; request: { wire: Record<string, unknown>; code: Record<string, string> } }>(
      'POST',
      `${items}/query`,
      { key: 'PK = "TEAM#7" AND begins_with(SK, "STATUS#open")', filter: 'status = "open" AND priority >= 2', ScanIndexForward: false },
    );
    expect(page.items.map((item) => item['SK'])).toEqual([{ S: 'STATUS#open#004' }, { S: 'STATUS#open#002' }]);
    expect(page.count).toBe(2);
    expect(page.scannedCount).toBe(3);
    const wire = page.request.wire;
    expect(wire['KeyConditionExpression']).toBe('PK = :v0 AND begins_with(SK, :v1)');
    expect(wire['FilterExpression']).toBe('#status = :v2 AND priority >= :v3');
    expect(wire['ExpressionAttributeNames']).toEqual({ '#status': 'status' });
    expect(wire['ReturnConsumedCapacity']).toBe('INDEXES');
    expect(Object.keys(page.request.code).sort()).toEqual(['aws-cli', 'python', 'typescript']);
    expect(page.request.code['typescript']).toContain(String(wire['KeyConditionExpression']));
    expect(page.request.code['aws-cli']).toContain('--filter-expression');
  });

  it('takes raw expressions with wire values, and refuses mixing them with friendly text', async () => {
    await h.call('POST', `${items}/put`, { Item: ticket(1, 'open') });
    const page = await h.call<{ items: WireItem[] }>('POST', `${items}/query`, {
      IndexName: 'by-status',
      KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': { S: 'open' } },
    });
    expect(page.items).toHaveLength(1);
    const mixed = await h.fail('POST', `${items}/query`, { key: 'PK = "TEAM#7"', FilterExpression: 'a = :a' });
    expect(mixed.__type).toBe('ValidationException');
    expect(mixed.message).toContain('FilterExpression');
  });

  it('scans in parallel segments that together cover the table, and refuses a key condition on a Scan', async () => {
    for (let n = 0; n < 40; n++) await h.call('POST', `${items}/put`, { Item: ticket(n, 'open') });
    const seen: string[] = [];
    for (let segment = 0; segment < 4; segment++) {
      const page = await h.call<{ items: WireItem[]; request: { wire: Record<string, unknown> } }>('POST', `${items}/scan`, { Segment: segment, TotalSegments: 4, projection: 'SK' });
      expect(page.request.wire).toMatchObject({ Segment: segment, TotalSegments: 4 });
      seen.push(...page.items.map((item) => (item['SK'] as { S: string }).S));
    }
    expect(seen.sort()).toEqual(Array.from({ length: 40 }, (_, n) => `STATUS#open#${String(n).padStart(3, '0')}`));
    const keyed = await h.fail('POST', `${items}/scan`, { key: 'PK = "TEAM#7"' });
    expect(keyed.message).toBe('key: a Scan has no key condition: use filter, or POST .../query');
  });

  it("reports DynamoDB's own error for a bad key condition, with where it is", async () => {
    const error = await h.fail('POST', `${items}/query`, { key: 'PK = "TEAM#7" AND SK >' });
    expect(error.status).toBe(400);
    expect(error.__type).toBe('ValidationException');
    expect(error.message).toMatch(/^Invalid KeyConditionExpression: Syntax error; token: "<EOF>"/);
  });

  it('pages through more than 1 MB with lastEvaluatedKey, on Query and Scan', async () => {
    const big = 'x'.repeat(100 * 1024);
    for (let n = 0; n < 25; n++) await h.call('POST', `${items}/put`, { Item: ticket(n, 'open', { body: { S: big } }) });
    for (const operation of ['query', 'scan'] as const) {
      const seen: string[] = [];
      let pages = 0;
      let start: WireItem | undefined;
      do {
        const page: { items: WireItem[]; lastEvaluatedKey?: WireItem; consumed: { readUnits: number }; request: unknown } = await h.call('POST', `${items}/${operation}`, {
          ...(operation === 'query' ? { key: 'PK = "TEAM#7"' } : {}),
          projection: 'SK',
          ...(start ? { ExclusiveStartKey: start } : {}),
          code: false,
        });
        expect((page.request as { code: unknown }).code).toEqual({});
        pages++;
        seen.push(...page.items.map((item) => (item['SK'] as { S: string }).S));
        // A page stops once 1 MB was read, whatever was projected: at most 1 MB plus the item that crossed it, eventually consistent.
        const itemBytes = 110 * 1024;
        expect(page.consumed.readUnits).toBeLessThanOrEqual(Math.ceil((1024 * 1024 + itemBytes) / 4096) / 2);
        start = page.lastEvaluatedKey;
      } while (start !== undefined);
      expect(pages).toBeGreaterThan(1);
      expect(seen).toEqual(Array.from({ length: 25 }, (_, n) => `STATUS#open#${String(n).padStart(3, '0')}`));
    }
  });

  it('round-trips a 38-digit number, binary and sets exactly through query, update and get', async () => {
    const exact: WireItem = {
      PK: { S: 'TEAM#7' },
      SK: { S: 'EXACT' },
      big: { N: '1234567890123456789012345678901.234567' },
      tiny: { N: '-0.00000000000000000000000000000000000012345678901234567890123456789012345678' },
      bytes: { B: 'AAEC/f7/' },
      names: { SS: ['b', 'a'] },
      numbers: { NS: ['99999999999999999999999999999999999999', '0.1'] },
      blobs: { BS: ['AQ==', '/w=='] },
      nested: { M: { n: { N: '12345678901234567890123456789012345678' }, l: { L: [{ B: 'AA==' }, { NULL: true }] } } },
    };
    await h.call('POST', `${items}/put`, { Item: exact });
    const queried = await h.call<{ items: WireItem[] }>('POST', `${items}/query`, { key: 'PK = "TEAM#7" AND SK = "EXACT"' });
    const loaded = queried.items[0]!;
    expect(itemFromWire(loaded)).toEqual(itemFromWire(exact));
    const edited = { ...loaded, note: { S: 'edited' } };
    const updated = await h.call<{ item: WireItem; changed: string[] }>('POST', `${items}/update`, {
      key: { PK: loaded['PK'], SK: loaded['SK'] },
      before: loaded,
      after: edited,
    });
    expect(updated.changed).toEqual(['note']);
    const got = await h.call<{ item: WireItem }>('POST', `${items}/get`, { Key: { PK: { S: 'TEAM#7' }, SK: { S: 'EXACT' } }, ConsistentRead: true });
    expect(got.item['big']).toEqual({ N: '1234567890123456789012345678901.234567' });
    expect(got.item['tiny']).toEqual(exact['tiny']);
    expect(got.item['nested']).toEqual(exact['nested']);
    expect(got.item['bytes']).toEqual({ B: 'AAEC/f7/' });
    expect(itemFromWire(got.item)).toEqual(itemFromWire(edited));
    expect(updated.item).toEqual(got.item);
  });

  it('sends the minimal update: SET and REMOVE only what differs, numbers compared by value, maps whole', async () => {
    const loaded = ticket(1, 'open', { count: { N: '1.0' }, meta: { M: { a: { S: 'x' }, b: { S: 'y' } } }, gone: { S: 'bye' }, tags: { SS: ['a', 'b'] } });
    await h.call('POST', `${items}/put`, { Item: loaded });
    const after = { ...loaded, count: { N: '1' }, tags: { SS: ['b', 'a'] }, meta: { M: { a: { S: 'x' }, b: { S: 'z' } } }, added: { BOOL: true } };
    delete (after as Record<string, unknown>)['gone'];
    const key = { PK: loaded['PK']!, SK: loaded['SK']! };
    const result = await h.call<{ changed: string[]; request: { wire: Record<string, unknown> } }>('POST', `${items}/update`, { key, before: loaded, after });
    expect(result.changed.sort()).toEqual(['added', 'gone', 'meta']);
    const wire = result.request.wire;
    expect(wire['UpdateExpression']).toMatch(/^SET meta = :v\d, added = :v\d REMOVE gone$/);
    expect(wire['ConditionExpression']).toBe('attribute_exists(PK) AND meta = :v0 AND gone = :v1 AND attribute_not_exists(added)');
    expect(wire['ReturnValues']).toBe('ALL_NEW');
    const unchanged = await h.call<{ changed: string[]; request?: unknown }>('POST', `${items}/update`, { key, before: after, after });
    expect(unchanged).toEqual({ changed: [] });
  });

  it('refuses a minimal update when the item changed between read and write, and writes nothing', async () => {
    const loaded = ticket(1, 'open', { assignee: { S: 'ana' } });
    await h.call('POST', `${items}/put`, { Item: loaded });
    // Someone else reassigns the ticket meanwhile.
    const theirs = { ...loaded, assignee: { S: 'bo' } };
    await h.client.send(new PutItemCommand({ TableName: TABLE, Item: itemFromWire(theirs) as never }));
    const error = await h.fail('POST', `${items}/update`, {
      key: { PK: loaded['PK'], SK: loaded['SK'] },
      before: loaded,
      after: { ...loaded, assignee: { S: 'cy' } },
    });
    expect(error.__type).toBe('ConditionalCheckFailedException');
    expect(error.message).toMatch(/^The conditional request failed: the item changed since it was loaded \(assignee/);
    expect(error.message).toContain('nothing was written');
    expect(await allItems(h)).toEqual([theirs]);
  });

  it('also refuses to bring back an item deleted meanwhile', async () => {
    const loaded = ticket(1, 'open');
    await h.call('POST', `${items}/put`, { Item: loaded });
    await h.call('POST', `${items}/delete`, { Key: { PK: loaded['PK'], SK: loaded['SK'] } });
    const error = await h.fail('POST', `${items}/update`, { key: { PK: loaded['PK'], SK: loaded['SK'] }, before: loaded, after: { ...loaded, title: { S: 'new' } } });
    expect(error.__type).toBe('ConditionalCheckFailedException');
    expect(await allItems(h)).toEqual([]);
  });

  it('refuses a key change in update and points to move', async () => {
    const loaded = ticket(1, 'open');
    const error = await h.fail('POST', `${items}/update`, {
      key: { PK: loaded['PK'], SK: loaded['SK'] },
      before: loaded,
      after: { ...loaded, SK: { S: 'STATUS#closed#001' } },
    });
    expect(error.__type).toBe('ValidationException');
    expect(error.message).toBe('One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key');
    expect(error['keyAttribute']).toBe('SK');
    expect(error['hint']).toContain('/move');
  });

  it('moves an item to a new key in one transaction', async () => {
    const loaded = ticket(1, 'open');
    await h.call('POST', `${items}/put`, { Item: loaded });
    const after = { ...loaded, SK: { S: 'STATUS#closed#001' }, status: { S: 'closed' } };
    const moved = await h.call<{ newKey: WireItem; consumed: { writeUnits: number }; request: { operation: string; wire: { TransactItems: unknown[] } } }>(
      'POST',
      `${items}/move`,
      { before: loaded, after },
    );
    expect(moved.newKey).toEqual({ PK: { S: 'TEAM#7' }, SK: { S: 'STATUS#closed#001' } });
    expect(moved.request.operation).toBe('TransactWriteItems');
    expect(moved.request.wire.TransactItems).toHaveLength(2);
    expect(moved.consumed.writeUnits).toBeGreaterThan(0);
    expect(await allItems(h)).toEqual([after]);
  });

  it('refuses a move onto an existing key and writes nothing', async () => {
    const loaded = ticket(1, 'open');
    const occupant = ticket(1, 'closed', { title: { S: 'already here' } });
    await h.call('POST', `${items}/put`, { Item: loaded });
    await h.call('POST', `${items}/put`, { Item: occupant });
    const error = await h.fail('POST', `${items}/move`, { before: loaded, after: { ...loaded, SK: occupant['SK'], status: { S: 'closed' } } });
    expect(error.__type).toBe('TransactionCanceledException');
    expect(error.message).toBe('The key change was refused and nothing was written: an item with the new key already exists.');
    expect(await allItems(h)).toEqual([occupant, loaded].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
  });

  it('refuses a move when the item changed since it was loaded', async () => {
    const loaded = ticket(1, 'open');
    await h.call('POST', `${items}/put`, { Item: loaded });
    const theirs = { ...loaded, title: { S: 'renamed by someone else' } };
    await h.client.send(new PutItemCommand({ TableName: TABLE, Item: itemFromWire(theirs) as never }));
    const error = await h.fail('POST', `${items}/move`, { before: loaded, after: { ...loaded, SK: { S: 'STATUS#closed#001' } } });
    expect(error.message).toBe('The key change was refused and nothing was written: the item changed since it was loaded (or was deleted).');
    expect(await allItems(h)).toEqual([theirs]);
  });

  it('batch-deletes 1,000 keys, duplicates once, and says so', async () => {
    const keys: WireItem[] = [];
    for (let start = 0; start < 1000; start += 25) {
      const batch = Array.from({ length: 25 }, (_, i) => ({ PK: { S: `P#${(start + i) % 10}` }, SK: { S: `S#${start + i}` }, status: { S: 'open' } }));
      await h.client.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: batch.map((item) => ({ PutRequest: { Item: itemFromWire(item) as never } })) } }));
      keys.push(...batch.map((item) => ({ PK: item.PK, SK: item.SK })));
    }
    const keep = { PK: { S: 'KEEP' }, SK: { S: 'ME' } };
    await h.call('POST', `${items}/put`, { Item: keep });
    h.operations.length = 0;
    const result = await h.call<{ requested: number; duplicates: number; deleted: number; notDeleted: unknown[]; consumed: { writeUnits: number; costUsd: number } }>(
      'POST',
      `${items}/batch-delete`,
      { keys: [...keys, keys[0]] },
    );
    expect(result).toMatchObject({ requested: 1001, duplicates: 1, deleted: 1000, notDeleted: [] });
    expect(h.operations.filter((op) => op === 'BatchWriteItem')).toHaveLength(40);
    // Each delete writes the table and the by-status index.
    expect(result.consumed.writeUnits).toBe(2000);
    expect(result.consumed.costUsd).toBeCloseTo((2000 * DEFAULT_PRICES.standard.onDemandWritePerMillion) / 1e6, 12);
    expect(await allItems(h)).toEqual([keep]);
  });

  it('refuses a batch delete whose keys do not match the schema before deleting anything', async () => {
    await h.call('POST', `${items}/put`, { Item: ticket(1, 'open') });
    const error = await h.fail('POST', `${items}/batch-delete`, { keys: [{ PK: { S: 'TEAM#7' }, SK: { S: 'STATUS#open#001' } }, { PK: { S: 'x' } }] });
    expect(error).toMatchObject({ __type: 'ValidationException', message: 'keys[1]: The provided key element does not match the schema' });
    expect(await allItems(h)).toHaveLength(1);
  });

  it('checks a put as DynamoDB would before any call', async () => {
    h.operations.length = 0;
    const tooPrecise = await h.fail('POST', `${items}/put`, { Item: ticket(1, 'open', { n: { N: '1.234567890123456789012345678901234567891' } }) });
    expect(tooPrecise).toMatchObject({ __type: 'ValidationException', message: 'Attempting to store more than 38 significant digits in a Number' });
    const duplicates = await h.fail('POST', `${items}/put`, { Item: ticket(1, 'open', { s: { SS: ['a', 'a'] } }) });
    expect(duplicates.__type).toBe('ValidationException');
    expect(duplicates.message).toMatch(/duplicates/);
    const twoTypes = await h.fail('POST', `${items}/put`, { Item: { PK: { S: 'a', N: '1' } } });
    expect(twoTypes).toMatchObject({ __type: 'ValidationException', message: expect.stringContaining('more than one datatypes') });
    const malformed = await h.fail('POST', `${items}/put`, { Item: { PK: { S: 5 } } });
    expect(malformed.__type).toBe('SerializationException');
    expect(h.operations.filter((op) => op !== 'DescribeTable')).toEqual([]);
  });

  it('puts with ifNotExists and a friendly condition, and prices the write by index', async () => {
    const item = ticket(1, 'open');
    const first = await h.call<{ consumed: { writeUnits: number; byIndex: Record<string, number>; costUsd: number }; request: { wire: Record<string, unknown> } }>(
      'POST',
      `${items}/put`,
      { Item: item, ifNotExists: true },
    );
    expect(first.request.wire['ConditionExpression']).toBe('attribute_not_exists(PK)');
    expect(first.consumed).toEqual({ readUnits: 0, writeUnits: 2, byIndex: { 'by-status': 1 }, costUsd: (2 * DEFAULT_PRICES.standard.onDemandWritePerMillion) / 1e6 });
    const again = await h.fail('POST', `${items}/put`, { Item: item, ifNotExists: true });
    expect(again).toMatchObject({ __type: 'ConditionalCheckFailedException', message: 'The conditional request failed' });
    const conditioned = await h.call<{ previous: WireItem; request: { wire: Record<string, unknown> } }>('POST', `${items}/put`, {
      Item: { ...item, title: { S: 'changed' } },
      condition: 'status = "open"',
      ifNotExists: false,
    });
    expect(conditioned.previous).toEqual(item);
    expect(conditioned.request.wire['ConditionExpression']).toBe('#status = :v0');
  });

  it('previews every write with the request the write sends, and sends nothing', async () => {
    const loaded = ticket(1, 'open');
    await h.call('POST', `${items}/put`, { Item: loaded });
    const before = await allItems(h);
    h.operations.length = 0;
    const key = { PK: loaded['PK'], SK: loaded['SK'] };
    const after = { ...loaded, title: { S: 'new title' } };
    const put = await h.call<{ request: { wire: Record<string, unknown>; code: Record<string, string> } }>('POST', `${items}/preview/put`, { Item: after });
    const update = await h.call<{ changed: string[]; request: { wire: Record<string, unknown> } }>('POST', `${items}/preview/update`, { key, before: loaded, after });
    const move = await h.call<{ request: { wire: Record<string, unknown>; code: Record<string, string> } }>('POST', `${items}/preview/move`, {
      before: loaded,
      after: { ...loaded, SK: { S: 'STATUS#closed#001' } },
    });
    const del = await h.call<{ request: { wire: Record<string, unknown> } }>('POST', `${items}/preview/delete`, { Key: key });
    const batch = await h.call<{ requests: { wire: { RequestItems: Record<string, unknown[]> } }[] }>('POST', `${items}/preview/batch-delete`, {
      keys: Array.from({ length: 30 }, (_, n) => ({ PK: { S: 'P' }, SK: { S: String(n) } })),
    });
    expect(h.operations.filter((op) => op !== 'DescribeTable')).toEqual([]);
    expect(await allItems(h)).toEqual(before);
    expect(put.request.wire).toMatchObject({ TableName: TABLE, Item: after, ReturnValues: 'ALL_OLD' });
    expect(put.request.code['python']).toContain('put_item');
    expect(update.changed).toEqual(['title']);
    expect(move.request.code['aws-cli']).toContain('transact-write-items');
    expect(del.request.wire).toMatchObject({ Key: key });
    expect(batch.requests.map((r) => r.wire.RequestItems[TABLE]!.length)).toEqual([25, 5]);
    // The preview is exactly what the write then sends.
    const sent = await h.call<{ request: { wire: Record<string, unknown> } }>('POST', `${items}/update`, { key, before: loaded, after });
    expect(sent.request.wire).toEqual(update.request.wire);
  });

  it('gets and deletes by key, returning what was there', async () => {
    const item = ticket(3, 'open');
    await h.call('POST', `${items}/put`, { Item: item });
    const key = { PK: item['PK'], SK: item['SK'] };
    const got = await h.call<{ item?: WireItem; consumed: { readUnits: number } }>('POST', `${items}/get`, { Key: key, projection: 'title, status' });
    expect(got.item).toEqual({ title: item['title'], status: item['status'] });
    expect(got.consumed.readUnits).toBe(0.5);
    const deleted = await h.call<{ previous?: WireItem }>('POST', `${items}/delete`, { Key: key, condition: 'attribute_exists(title)' });
    expect(deleted.previous).toEqual(item);
    const missing = await h.call<{ item?: WireItem }>('POST', `${items}/get`, { Key: key });
    expect(missing.item).toBeUndefined();
  });

  it('combines a raw condition with ifNotExists in one printed condition', async () => {
    const put = await h.call<{ request: { wire: Record<string, unknown> } }>('POST', `${items}/put`, {
      Item: ticket(9, 'open'),
      ifNotExists: true,
      ConditionExpression: 'attribute_not_exists(#s) OR #s <> :closed',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':closed': { S: 'closed' } },
    });
    expect(put.request.wire).toMatchObject({
      ConditionExpression: '(attribute_not_exists(#status) OR #status <> :v0) AND attribute_not_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':v0': { S: 'closed' } },
    });
  });

  it("passes DynamoDB's errors through: a consistent read on a GSI", async () => {
    const error = await h.fail('POST', `${items}/query`, { IndexName: 'by-status', key: 'status = "open"', ConsistentRead: true });
    expect(error).toMatchObject({ status: 400, __type: 'ValidationException', message: 'Consistent reads are not supported on global secondary indexes' });
  });

  it("passes DynamoDB's errors through: an unknown table", async () => {
    const error = await h.fail('POST', `${itemsPath('nope')}/query`, { key: 'PK = "x"' });
    expect(error).toMatchObject({ status: 400, __type: 'ResourceNotFoundException' });
  });
});
