/**
 * The crash test's checks themselves: given a model and what was read back,
 * they must name every lost write, half transaction and index disagreement.
 */
import { describe, expect, it } from 'vitest';
import { keyId } from './canonical.js';
import type { Item } from './canonical.js';
import { indexEntry } from './expected-index.js';
import { Model } from './model.js';
import type { Write } from './model.js';
import { EVENTS, TABLES, USERS } from './schema.js';
import type { TableDef } from './schema.js';
import { verifySnapshot } from './verify.js';
import type { Snapshot } from './verify.js';

const key = (pk: string): Item => ({ pk: { S: pk } });
const user = (pk: string, w: string, extra: Item = {}): Item => ({ pk: { S: pk }, w: { S: w }, ...extra });

/** A model where `pk` holds `value` after an acknowledged put. */
function acknowledgedPut(model: Model, value: Item, id: string): Write {
  const state = model.own(USERS, key(value.pk!.S!));
  const write: Write = {
    id,
    client: 0,
    lifecycle: 3,
    kind: 'PutItem',
    atomic: true,
    request: { Item: value },
    expectApplied: true,
    changes: [{ keyId: state.keyId, table: USERS, key: state.key, before: state.value, after: value }],
  };
  model.begin(write);
  model.acknowledge(write, true, {});
  return write;
}

/** The snapshot a correct engine returns for these table items. */
function snapshotOf(items: Map<TableDef, Item[]>): Snapshot {
  const snapshot: Snapshot = { tables: new Map(), indexes: new Map() };
  for (const table of TABLES) {
    const rows = items.get(table) ?? [];
    snapshot.tables.set(table.name, rows);
    for (const index of table.indexes) {
      const entries = rows.map((row) => indexEntry(table, index, row)).filter((e): e is Item => e !== undefined);
      snapshot.indexes.set(`${table.name}/${index.name}`, entries);
    }
  }
  return snapshot;
}

function inFlightTransaction(model: Model, id: string, values: Item[]): Write {
  const write: Write = {
    id,
    client: 1,
    lifecycle: 4,
    kind: 'TransactWriteItems',
    atomic: true,
    request: {},
    expectApplied: true,
    changes: values.map((value) => {
      const state = model.own(USERS, key(value.pk!.S!));
      return { keyId: state.keyId, table: USERS, key: state.key, before: state.value, after: value };
    }),
  };
  model.begin(write);
  return write;
}

describe('verifySnapshot', () => {
  it('passes when everything acknowledged is there and the indexes match', () => {
    const model = new Model();
    const a = user('a', 'w1', { grp: { S: 'g1' }, score: { N: '5' }, owner: { S: 'o1' } });
    acknowledgedPut(model, a, 'w1');
    const { failures, totals } = verifySnapshot(model, TABLES, snapshotOf(new Map([[USERS, [a]]])), 4);
    expect(failures).toEqual([]);
    expect(totals.keysChecked).toBe(1);
    expect(totals.indexEntriesChecked).toBe(2);
  });

  it('names the key, the expected and actual values and the kill of a lost write', () => {
    const model = new Model();
    acknowledgedPut(model, user('a', 'w1'), 'w1');
    acknowledgedPut(model, user('a', 'w2'), 'w2');
    const { failures } = verifySnapshot(model, TABLES, snapshotOf(new Map([[USERS, [user('a', 'w1')]]])), 7);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('after kill #7: an acknowledged write is lost');
    expect(failures[0]).toContain(`key:      ${keyId(USERS, key('a'))}`);
    expect(failures[0]).toContain('expected: {"pk":{"S":"a"},"w":{"S":"w2"}}');
    expect(failures[0]).toContain('actual:   {"pk":{"S":"a"},"w":{"S":"w1"}}');
    expect(failures[0]).toContain('PutItem w2');
  });

  it('reports a deleted item that came back and an item nobody wrote', () => {
    const model = new Model();
    model.own(USERS, key('gone'));
    const { failures } = verifySnapshot(model, TABLES, snapshotOf(new Map([[USERS, [user('gone', 'old'), user('stranger', 'x')]]])), 2);
    expect(failures.some((f) => f.includes('a deleted item is back') && f.includes('"gone"'))).toBe(true);
    expect(failures.some((f) => f.includes('an item no client wrote') && f.includes('"stranger"'))).toBe(true);
  });

  it('accepts an in-flight transaction applied whole or not at all, and adopts what it finds', () => {
    for (const applied of [true, false]) {
      const model = new Model();
      acknowledgedPut(model, user('a', 'w1'), 'w1');
      const after = [user('a', 't1', { tx: { S: 't1' } }), user('b', 't1', { tx: { S: 't1' } })];
      inFlightTransaction(model, 't1', after);
      const found = applied ? after : [user('a', 'w1')];
      const { failures, totals } = verifySnapshot(model, TABLES, snapshotOf(new Map([[USERS, found]])), 5);
      expect(failures).toEqual([]);
      expect(totals.inFlightApplied).toBe(applied ? 1 : 0);
      expect(model.pendingWrites()).toEqual([]);
      expect(model.state(keyId(USERS, key('b'))).value).toEqual(applied ? after[1] : undefined);
    }
  });

  it('reports a half transaction with the items on each side', () => {
    const model = new Model();
    acknowledgedPut(model, user('a', 'w1'), 'w1');
    inFlightTransaction(model, 't1', [user('a', 't1', { tx: { S: 't1' } }), user('b', 't1', { tx: { S: 't1' } })]);
    const { failures } = verifySnapshot(model, TABLES, snapshotOf(new Map([[USERS, [user('a', 'w1'), user('b', 't1', { tx: { S: 't1' } })]]])), 9);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('after kill #9: half transaction t1 (marker t1): applied to 1 of 2 items');
    expect(failures[0]).toMatch(/applied: +crash_users \{"pk":\{"S":"b"\}\}/);
    expect(failures[0]).toMatch(/not applied: crash_users \{"pk":\{"S":"a"\}\}/);
  });

  it('reports an in-flight write that left a value it never wrote', () => {
    const model = new Model();
    inFlightTransaction(model, 't1', [user('a', 't1'), user('b', 't1')]);
    const { failures } = verifySnapshot(model, TABLES, snapshotOf(new Map([[USERS, [user('a', 'torn'), user('b', 't1')]]])), 1);
    expect(failures[0]).toContain('neither before nor after');
    expect(failures[0]).toContain('actual:   {"pk":{"S":"a"},"w":{"S":"torn"}}');
  });

  it('reports index entries that are missing, stale or projected wrongly', () => {
    const model = new Model();
    const a = user('a', 'w1', { grp: { S: 'g1' }, score: { N: '5' }, owner: { S: 'o1' } });
    acknowledgedPut(model, a, 'w1');
    const snapshot = snapshotOf(new Map([[USERS, [a]]]));
    snapshot.indexes.set('crash_users/by_group', [{ ...a, score: { N: '4' } }]);
    snapshot.indexes.set('crash_users/by_owner', [{ pk: { S: 'a' }, owner: { S: 'o1' }, w: { S: 'w1' } }]);
    const { failures } = verifySnapshot(model, TABLES, snapshot, 6);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain('index crash_users/by_group disagrees with its table');
    expect(failures[0]).toContain('missing (1):    {"grp":{"S":"g1"},"owner":{"S":"o1"},"pk":{"S":"a"},"score":{"N":"5"},"w":{"S":"w1"}}');
    expect(failures[0]).toContain('unexpected (1): {"grp":{"S":"g1"},"owner":{"S":"o1"},"pk":{"S":"a"},"score":{"N":"4"},"w":{"S":"w1"}}');
    expect(failures[1]).toContain('index crash_users/by_owner disagrees with its table');
  });

  it('projects index entries by the index definition, leaving out items without the index keys', () => {
    const item: Item = { pk: { S: 'e' }, sk: { N: '5' }, w: { S: 'w' }, state: { S: 'open' }, rank: { N: '2' }, pad: { S: 'x' }, cnt: { N: '1' } };
    const [byState, byTag, byRank] = EVENTS.indexes;
    expect(indexEntry(EVENTS, byState!, item)).toEqual({ pk: { S: 'e' }, sk: { N: '5' }, state: { S: 'open' }, rank: { N: '2' }, w: { S: 'w' }, cnt: { N: '1' } });
    expect(indexEntry(EVENTS, byTag!, item)).toBeUndefined();
    expect(indexEntry(EVENTS, byTag!, { ...item, tag: { B: Uint8Array.of(1) } })).toEqual({ pk: { S: 'e' }, sk: { N: '5' }, tag: { B: Uint8Array.of(1) } });
    expect(indexEntry(EVENTS, byRank!, item)).toBe(item);
    expect(indexEntry(EVENTS, byState!, { ...item, rank: { S: 'not a number' } })).toBeUndefined();
  });
});
