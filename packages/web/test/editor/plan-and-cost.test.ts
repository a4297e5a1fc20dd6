import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffItems } from '../../src/workbench/editor/item-diff.js';
import { planWrite } from '../../src/workbench/editor/edit-plan.js';
import { formatUsd, itemCost } from '../../src/workbench/editor/item-cost.js';
import { valuesEqual } from '../../src/workbench/editor/value-equal.js';
import { readOnlyReason } from '../../src/workbench/editor/read-only.js';
import { operationSummary, whyNotUndoable } from '../../src/workbench/editor/journal-view.js';
import type { JournalOperation } from '../../src/workbench/editor/editor-api.js';
import { queryTargets } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from '../workbench/fixtures.js';
import { item, value } from './arbitraries.js';

const KEYS = ['PK', 'SK'];
const loaded = { PK: { S: 'TICKET#1' }, SK: { S: 'TICKET' }, status: { S: 'open' }, n: { N: '1.50' }, tags: { SS: ['a', 'b'] } };

describe('equality as DynamoDB compares', () => {
  it('is reflexive on every value', () => {
    fc.assert(fc.property(value, (v) => valuesEqual(v, structuredClone(v))));
  });

  it('compares numbers by value and sets regardless of order', () => {
    expect(valuesEqual({ N: '1.50' }, { N: '1.5' })).toBe(true);
    expect(valuesEqual({ N: '12345678901234567890123456789012345678' }, { N: '12345678901234567890123456789012345679' })).toBe(false);
    expect(valuesEqual({ NS: ['1', '2'] }, { NS: ['2.0', '1'] })).toBe(true);
    expect(valuesEqual({ SS: ['a', 'b'] }, { SS: ['b', 'a'] })).toBe(true);
    expect(valuesEqual({ SS: ['a', 'b'] }, { SS: ['a'] })).toBe(false);
    expect(valuesEqual({ L: [{ S: 'a' }, { S: 'b' }] }, { L: [{ S: 'b' }, { S: 'a' }] })).toBe(false);
    expect(valuesEqual({ S: '1' }, { N: '1' })).toBe(false);
    expect(valuesEqual({ M: { a: { N: '1' } } }, { M: { b: { N: '1' } } })).toBe(false);
  });
});

describe('the diff and the write an edit needs', () => {
  it('lists each attribute once, with what happened to it', () => {
    const edited = { PK: { S: 'TICKET#1' }, SK: { S: 'TICKET' }, status: { S: 'closed' }, n: { N: '1.5' }, note: { S: 'x' } };
    const rows = diffItems(loaded, edited, KEYS);
    expect(rows.map((row) => [row.name, row.change])).toEqual([
      ['PK', 'unchanged'],
      ['SK', 'unchanged'],
      ['status', 'changed'],
      ['n', 'unchanged'],
      ['tags', 'removed'],
      ['note', 'added'],
    ]);
    expect(rows[0]!.key).toBe(true);
  });

  it('finds nothing to do for an item compared with itself', () => {
    fc.assert(fc.property(item, (wire) => planWrite(wire, structuredClone(wire), ['PK']).kind === 'none'));
  });

  it('plans an update of the changed attributes, a move for a key change, a create for a new item', () => {
    expect(planWrite(loaded, { ...loaded, status: { S: 'closed' } }, KEYS)).toEqual({ kind: 'update', changed: ['status'] });
    expect(planWrite(loaded, { ...loaded, SK: { S: 'ARCHIVED' }, status: { S: 'closed' } }, KEYS)).toEqual({ kind: 'move', changedKeys: ['SK'] });
    expect(planWrite(undefined, loaded, KEYS)).toEqual({ kind: 'create' });
  });
});

describe('the cost of an item', () => {
  it('counts 1 KB write blocks and 4 KB read blocks, transactions double', () => {
    expect(itemCost(1024)).toMatchObject({ write: 1, writeTransactional: 2, readStrong: 1, readEventual: 0.5 });
    expect(itemCost(1025)).toMatchObject({ write: 2, writeTransactional: 4 });
    expect(itemCost(4097)).toMatchObject({ readStrong: 2, readEventual: 1 });
    expect(itemCost(1024).writeUsd).toBeCloseTo(0.625 / 1e6, 15);
    expect(itemCost(1024, 'STANDARD_INFREQUENT_ACCESS').writeUsd).toBeCloseTo(0.78125 / 1e6, 15);
  });

  it('prints tiny prices with their digits', () => {
    expect(formatUsd(6.25e-7)).toBe('$0.000000625');
    expect(formatUsd(1.25e-6)).toBe('$0.00000125');
    expect(formatUsd(1.25)).toBe('$1.25');
    expect(formatUsd(0)).toBe('$0.00');
  });
});

describe('read-only items', () => {
  const targets = queryTargets(LEADERBOARD);

  it('opens an item from a KEYS_ONLY index read-only, with the reason', () => {
    const gsi = targets.find((target) => target.indexName === 'by-score')!;
    expect(readOnlyReason(gsi, undefined)).toMatch(/global secondary index by-score, which projects KEYS_ONLY/);
  });

  it('opens an item from an INCLUDE index read-only too, and one from an ALL index editable', () => {
    const gsi = targets.find((target) => target.indexName === 'by-score')!;
    expect(readOnlyReason({ ...gsi, kind: 'lsi', projection: 'INCLUDE' }, undefined)).toMatch(/local secondary index by-score, which projects INCLUDE/);
    expect(readOnlyReason({ ...gsi, projection: 'ALL' }, undefined)).toBeUndefined();
  });

  it('opens an item read with a projection read-only, and a whole item from the table editable', () => {
    expect(readOnlyReason(targets[0]!, 'PK, score')).toMatch(/projection “PK, score”/);
    expect(readOnlyReason(targets[0]!, '  ')).toBeUndefined();
  });
});

describe('the undo list', () => {
  const operation: JournalOperation = {
    id: 'op1',
    time: '2026-11-30T05:02:11.412Z',
    operation: 'move',
    table: 'TicketDesk',
    openConnectionId: 'embedded',
    state: 'done',
    undoable: true,
    itemCount: 1,
    changes: [{ key: { PK: { S: 'A' }, SK: { S: 'B' } }, newKey: { PK: { S: 'A' }, SK: { S: 'C' } } }],
  };

  it('names the write and its item', () => {
    expect(operationSummary(operation)).toBe('Key change PK = A, SK = B → PK = A, SK = C');
    expect(operationSummary({ ...operation, operation: 'batch-delete', itemCount: 3, changes: [{ key: { PK: { S: 'A' } } }] })).toBe('Batch delete PK = A and 2 more items');
  });

  it('says why a write cannot be undone', () => {
    expect(whyNotUndoable(operation)).toBeUndefined();
    expect(whyNotUndoable({ ...operation, state: 'undone', undoable: false })).toBe('already undone');
    expect(whyNotUndoable({ ...operation, openConnectionId: undefined } as JournalOperation)).toMatch(/not open/);
  });
});
