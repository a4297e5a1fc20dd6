import type { WireItem } from '@dynotable/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONNECTION, createJournalHarness, createTable, itemsPath, undo, type JournalHarness } from './support.js';

const TABLE = 'journal-items';
const items = itemsPath(TABLE);
const key = (pk: string, sk = 'A'): WireItem => ({ PK: { S: pk }, SK: { S: sk } });

/** An item with every kind of value whose exactness matters: 38 digits, sets, binary, nesting. */
const rich = (pk: string, extra: WireItem = {}): WireItem => ({
  ...key(pk),
  amount: { N: '12345678901234567890.123456789012345678' },
  tiny: { N: '1E-130' },
  tags: { SS: ['b', 'a'] },
  scores: { NS: ['1.50', '99999999999999999999999999999999999999'] },
  blob: { B: 'AAEC/w==' },
  blobs: { BS: ['AQ==', 'Ag=='] },
  nested: { M: { list: { L: [{ N: '0.1' }, { NULL: true }, { BOOL: false }] } } },
  ...extra,
});

describe('undo through the API', () => {
  let h: JournalHarness;
  beforeEach(async () => {
    h = createJournalHarness();
    await createTable(h, TABLE);
  });

  it('undoes a put of a new item: the item is absent again', async () => {
    const put = await h.call<{ journal: { operationId: string } }>('POST', `${items}/put`, { Item: rich('p1') });
    expect(put.journal.operationId).toMatch(/\S/);
    expect(await h.item(TABLE, key('p1'))).toBeDefined();
    const answer = await undo(h, { last: 1 });
    expect(answer.operations).toHaveLength(1);
    expect(answer.operations[0]).toMatchObject({ operationId: put.journal.operationId, outcome: 'reverted', reverted: 1 });
    expect(await h.item(TABLE, key('p1'))).toBeUndefined();
  });

  it('undoes a put over an item: the old item comes back exactly', async () => {
    const old = rich('p2');
    await h.call('POST', `${items}/put`, { Item: old });
    await h.call('POST', `${items}/put`, { Item: { ...key('p2'), replaced: { BOOL: true } } });
    await undo(h, { last: 1 });
    expect(await h.item(TABLE, key('p2'))).toEqual(await normalized(h, old));
  });

  it('undoes an update: the old item exactly (38-digit numbers, sets, binary), added attributes gone', async () => {
    const before = rich('u1');
    await h.call('POST', `${items}/put`, { Item: before });
    const loaded = (await h.item(TABLE, key('u1')))!;
    const { tiny: _removed, ...rest } = loaded;
    const after = { ...rest, amount: { N: '-0.000000000000000000000000000000000001' }, tags: { SS: ['c'] }, added: { S: 'new' } };
    const update = await h.call<{ changed: string[]; journal: { operationId: string } }>('POST', `${items}/update`, { key: key('u1'), before: loaded, after });
    expect(update.changed.sort()).toEqual(['added', 'amount', 'tags', 'tiny']);
    const answer = await undo(h, { operationId: update.journal.operationId });
    expect(answer.operations[0]!.outcome).toBe('reverted');
    expect(await h.item(TABLE, key('u1'))).toEqual(loaded);
  });

  it('undoes a delete: the item comes back', async () => {
    const item = rich('d1');
    await h.call('POST', `${items}/put`, { Item: item });
    const stored = await h.item(TABLE, key('d1'));
    await h.call('POST', `${items}/delete`, { Key: key('d1') });
    expect(await h.item(TABLE, key('d1'))).toBeUndefined();
    await undo(h, { last: 1 });
    expect(await h.item(TABLE, key('d1'))).toEqual(stored);
  });

  it('records nothing for a delete of an absent item', async () => {
    const answer = await h.call<Record<string, unknown>>('POST', `${items}/delete`, { Key: key('nobody') });
    expect(answer['journal']).toBeUndefined();
    const { operations } = await h.journal.operations();
    expect(operations).toHaveLength(0);
  });

  it('undoes a move: the item is back at its old key and gone from the new one', async () => {
    await h.call('POST', `${items}/put`, { Item: rich('m1') });
    const loaded = (await h.item(TABLE, key('m1')))!;
    const moved = { ...loaded, SK: { S: 'B' }, note: { S: 'moved' } };
    await h.call('POST', `${items}/move`, { before: loaded, after: moved });
    expect(await h.item(TABLE, key('m1'))).toBeUndefined();
    const answer = await undo(h, { last: 1 });
    expect(answer.operations[0]!.outcome).toBe('reverted');
    expect(await h.item(TABLE, key('m1', 'B'))).toBeUndefined();
    expect(await h.item(TABLE, key('m1'))).toEqual(loaded);
  });

  it('undoes a batch delete of 50 items as one operation', async () => {
    const all = Array.from({ length: 50 }, (_, n) => rich(`b${n}`, { n: { N: String(n) } }));
    for (const item of all) await h.call('POST', `${items}/put`, { Item: item });
    const stored = await Promise.all(all.map((_, n) => h.item(TABLE, key(`b${n}`))));
    const result = await h.call<{ deleted: number; journal: { operationId: string } }>('POST', `${items}/batch-delete`, { keys: all.map((_, n) => key(`b${n}`)) });
    expect(result.deleted).toBe(50);
    expect(await h.count(TABLE)).toBe(0);
    const answer = await undo(h, { last: 1 });
    expect(answer.operations).toHaveLength(1);
    expect(answer.operations[0]).toMatchObject({ operationId: result.journal.operationId, outcome: 'reverted', reverted: 50 });
    expect(await h.count(TABLE)).toBe(50);
    const back = await Promise.all(all.map((_, n) => h.item(TABLE, key(`b${n}`))));
    expect(back).toEqual(stored);
  });

  it('refuses when the item changed since, writes nothing for it, and names it', async () => {
    await h.call('POST', `${items}/put`, { Item: rich('c1') });
    const loaded = (await h.item(TABLE, key('c1')))!;
    await h.call('POST', `${items}/update`, { key: key('c1'), before: loaded, after: { ...loaded, status: { S: 'edited' } } });
    const edited = (await h.item(TABLE, key('c1')))!;
    // Someone else changes it after: written straight to the table, not through DynoTable.
    await h.base.call('POST', `${items}/put`, { Item: { ...edited, status: { S: 'changed by someone else' } } });
    const now = await h.item(TABLE, key('c1'));
    const error = await h.fail('POST', '/api/journal/undo', { connectionId: CONNECTION, last: 1 });
    expect(error.status).toBe(409);
    expect(error.__type).toBe('ItemChangedSinceWrite');
    expect(error.message).toContain('PK = "c1", SK = "A"');
    expect(error.message).toContain("'status'");
    expect(error.message).toContain('nothing was written');
    expect(await h.item(TABLE, key('c1'))).toEqual(now);
  });

  it('refuses a whole batch when one of its items changed since, and writes none of them', async () => {
    for (let n = 0; n < 5; n++) await h.call('POST', `${items}/put`, { Item: rich(`r${n}`) });
    await h.call('POST', `${items}/batch-delete`, { keys: [0, 1, 2, 3, 4].map((n) => key(`r${n}`)) });
    await h.base.call('POST', `${items}/put`, { Item: { ...key('r3'), other: { S: 'new item in the same place' } } });
    const error = await h.fail('POST', '/api/journal/undo', { connectionId: CONNECTION, last: 1 });
    expect(error.__type).toBe('ItemChangedSinceWrite');
    expect(error.message).toContain('PK = "r3"');
    expect(error.message).toContain('an item was put at that key since');
    expect(await h.count(TABLE)).toBe(1);
    const detail = error['operations'] as { items: { status: string }[] }[];
    expect(detail[0]!.items.map((item) => item.status).sort()).toEqual(['changed-since', 'not-attempted', 'not-attempted', 'not-attempted', 'not-attempted']);
  });

  it('undoes the last N newest first, skips what is undone, and an undo can itself be undone', async () => {
    await h.call('POST', `${items}/put`, { Item: { ...key('n1'), v: { N: '1' } } });
    await h.call('POST', `${items}/put`, { Item: { ...key('n2'), v: { N: '2' } } });
    await h.call('POST', `${items}/put`, { Item: { ...key('n3'), v: { N: '3' } } });
    const first = await undo(h, { last: 2 });
    expect(first.operations.map((op) => op.outcome)).toEqual(['reverted', 'reverted']);
    expect(await h.count(TABLE)).toBe(1);
    // The next "last 1" is the oldest write still in effect, not the undo.
    const second = await undo(h, { last: 1 });
    expect(second.operations).toHaveLength(1);
    expect(await h.count(TABLE)).toBe(0);
    // Undo the undo (redo): n1 is back.
    await undo(h, { operationId: second.operations[0]!.undoOperationId });
    expect(await h.item(TABLE, key('n1'))).toEqual({ ...key('n1'), v: { N: '1' } });
    const again = await h.fail('POST', '/api/journal/undo', { connectionId: CONNECTION, operationId: first.operations[0]!.operationId });
    expect(again.__type).toBe('AlreadyUndone');
    // The redone write is in effect again, so it is the next to undo.
    const third = await undo(h, { last: 1 });
    expect(third.operations[0]!.operationId).toBe(second.operations[0]!.operationId);
    expect(await h.count(TABLE)).toBe(0);
  });

  it('lists operations newest first with their items before and after, per connection and table', async () => {
    await h.call('POST', `${items}/put`, { Item: { ...key('l1'), v: { N: '1' } } });
    await h.call('POST', `${items}/put`, { Item: { ...key('l1'), v: { N: '2' } } });
    const list = await h.call<{ enabled: boolean; operations: { operation: string; state: string; changes: { before: WireItem | null; after: WireItem | null }[]; openConnectionId?: string }[] }>(
      'GET',
      '/api/journal',
      { connectionId: CONNECTION, table: TABLE, limit: '5' },
    );
    expect(list.enabled).toBe(true);
    expect(list.operations.map((op) => op.operation)).toEqual(['put', 'put']);
    expect(list.operations[0]!.changes[0]).toMatchObject({ before: { v: { N: '1' } }, after: { v: { N: '2' } } });
    expect(list.operations[1]!.changes[0]!.before).toBeNull();
    expect(list.operations[0]!.openConnectionId).toBe(CONNECTION);
    const other = await h.call<{ operations: unknown[] }>('GET', '/api/journal', { table: 'another-table' });
    expect(other.operations).toEqual([]);
  });

  it('journals a purge ahead, batch by batch, so that its undo puts the items back', async () => {
    await h.call('POST', `${items}/put`, { Item: { ...key('s1'), v: { N: '1' } } });
    await h.call('POST', `${items}/put`, { Item: { ...key('s1'), v: { N: '2' } } });
    await h.call('POST', `${items}/put`, { Item: rich('s2') });
    const stored = await Promise.all([key('s1'), key('s2')].map((k) => h.item(TABLE, k)));
    const started = await h.call<{ job: { id: string } }>('POST', `/api/connections/${CONNECTION}/tables/${TABLE}/purge`, { confirmName: TABLE });
    await h.base.jobs.finished(started.job.id);
    expect(await h.count(TABLE)).toBe(0);
    const { operations } = await h.journal.operations();
    expect(operations[0]).toMatchObject({ operation: 'purge', undoable: true, state: 'done', ended: true, note: 'purge deleted 2 items' });
    expect(operations[0]!.changes).toHaveLength(2);
    const answer = await undo(h, { last: 1 });
    expect(answer.operations[0]).toMatchObject({ operation: 'purge', outcome: 'reverted', reverted: 2 });
    expect(await Promise.all([key('s1'), key('s2')].map((k) => h.item(TABLE, k)))).toEqual(stored);
  });

  it('records a purge of an empty table as a summary that cannot be undone', async () => {
    const started = await h.call<{ job: { id: string } }>('POST', `/api/connections/${CONNECTION}/tables/${TABLE}/purge`, { confirmName: TABLE });
    await h.base.jobs.finished(started.job.id);
    const { operations } = await h.journal.operations();
    expect(operations[0]).toMatchObject({ operation: 'purge', undoable: false, state: 'not-undoable', note: 'purge deleted 0 items' });
    const notUndoable = await h.fail('POST', '/api/journal/undo', { connectionId: CONNECTION, operationId: operations[0]!.id });
    expect(notUndoable.__type).toBe('NotUndoable');
  });

  it('previews an undo without writing', async () => {
    await h.call('POST', `${items}/put`, { Item: { ...key('v1'), v: { N: '1' } } });
    const preview = await h.call<{ operations: { items: { verdict: string; writes: Record<string, unknown>[] }[] }[] }>('POST', '/api/journal/undo/preview', {
      connectionId: CONNECTION,
      last: 1,
    });
    expect(preview.operations[0]!.items[0]!.verdict).toBe('revert');
    expect(Object.keys(preview.operations[0]!.items[0]!.writes[0]!)).toEqual(['Delete']);
    expect(await h.item(TABLE, key('v1'))).toBeDefined();
  });
});

/** An item as the table keeps it (numbers normalized). */
async function normalized(h: JournalHarness, item: WireItem): Promise<WireItem | undefined> {
  const probe = { ...item, PK: { S: `probe-${String(item['PK']!['S' as never])}` } } as WireItem;
  await h.base.call('POST', `${items}/put`, { Item: probe });
  const stored = await h.item(TABLE, { PK: probe['PK']!, SK: probe['SK']! });
  return stored === undefined ? undefined : { ...stored, PK: item['PK']! };
}
