import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WireItem } from '@dynotable/core';
import { planWrite } from '../../src/workbench/editor/edit-plan.js';
import { rebaseEdits, takeTheirs } from '../../src/workbench/editor/rebase-edits.js';
import { item } from './arbitraries.js';

const BIG = '12345678901234567890123456789012345678';
const loaded: WireItem = {
  PK: { S: 'TICKET#1' },
  status: { S: 'open' },
  title: { S: 'Printer' },
  count: { N: BIG },
  raw: { B: 'AAEC/w==' },
  tags: { SS: ['a', 'b'] },
  info: { M: { owner: { S: 'ana' }, seen: { L: [{ N: '1' }, { N: '2' }] } } },
};

/** The item without the named attributes. */
function without(source: WireItem, ...names: string[]): WireItem {
  return Object.fromEntries(Object.entries(source).filter(([name]) => !names.includes(name)));
}

describe('re-applying the user’s edits onto the item as it is now', () => {
  it('keeps the user’s change and the other writer’s change to another attribute, with no conflict', () => {
    const edited = { ...loaded, status: { S: 'waiting' } };
    const current = { ...loaded, title: { S: 'Printer on fire' } };
    const rebased = rebaseEdits(loaded, edited, current);
    expect(rebased.item).toEqual({ ...loaded, status: { S: 'waiting' }, title: { S: 'Printer on fire' } });
    expect(rebased).toMatchObject({ deleted: false, yourChanges: ['status'], theirChanges: ['title'], conflicts: [] });
    // The next save is planned against the item as it is now: only the user's change.
    expect(planWrite(current, rebased.item, ['PK'])).toEqual({ kind: 'update', changed: ['status'] });
  });

  it('names an attribute both changed to different values, the user’s value winning', () => {
    const edited = { ...loaded, status: { S: 'waiting' } };
    const current = { ...loaded, status: { S: 'reopened' } };
    const rebased = rebaseEdits(loaded, edited, current);
    expect(rebased.item['status']).toEqual({ S: 'waiting' });
    expect(rebased.conflicts).toEqual([{ name: 'status', loaded: { S: 'open' }, theirs: { S: 'reopened' }, yours: { S: 'waiting' } }]);
  });

  it('sees no conflict where both made the same change (numbers by value, sets in any order)', () => {
    const edited = { ...loaded, count: { N: '1.50' }, tags: { SS: ['c', 'a'] } };
    const current = { ...loaded, count: { N: '1.5' }, tags: { SS: ['a', 'c'] } };
    expect(rebaseEdits(loaded, edited, current).conflicts).toEqual([]);
  });

  it('carries removals both ways: the user’s removal, the other writer’s removal, and a conflict of remove against change', () => {
    const edited = without({ ...loaded, status: { S: 'closed' } }, 'title', 'raw');
    const current = { ...without(loaded, 'tags'), raw: { B: 'AQ==' } };
    const rebased = rebaseEdits(loaded, edited, current);
    expect(Object.keys(rebased.item)).toEqual(['PK', 'status', 'count', 'info']);
    expect(rebased.conflicts).toEqual([{ name: 'raw', loaded: { B: 'AAEC/w==' }, theirs: { B: 'AQ==' } }]);
    expect(rebased.yourChanges).toEqual(['status', 'title', 'raw']);
    expect(rebased.theirChanges).toEqual(['raw', 'tags']);
  });

  it('adds what only the other writer added after the user’s attributes, and names both adding the same name', () => {
    const edited = { ...loaded, note: { S: 'mine' } };
    const current = { ...loaded, note: { S: 'theirs' }, priority: { N: '3' } };
    const rebased = rebaseEdits(loaded, edited, current);
    expect(Object.keys(rebased.item).slice(-2)).toEqual(['note', 'priority']);
    expect(rebased.item['note']).toEqual({ S: 'mine' });
    expect(rebased.conflicts).toEqual([{ name: 'note', theirs: { S: 'theirs' }, yours: { S: 'mine' } }]);
  });

  it('treats nested maps and lists as whole values: one change anywhere inside is a change of the attribute', () => {
    const edited = { ...loaded, info: { M: { owner: { S: 'ana' }, seen: { L: [{ N: '1' }, { N: '2' }, { N: '3' }] } } } };
    const current = { ...loaded, info: { M: { owner: { S: 'bo' }, seen: { L: [{ N: '1' }, { N: '2' }] } } } };
    const rebased = rebaseEdits(loaded, edited, current);
    // Not merged inside: the user's whole map stands, and the attribute is named.
    expect(rebased.item['info']).toEqual(edited.info);
    expect(rebased.conflicts.map((conflict) => conflict.name)).toEqual(['info']);
  });

  it('keeps 38-digit numbers, binary and sets exactly as written', () => {
    const edited = { ...loaded, count: { N: '-0.00000000000000000000000000000000000001' }, raw: { B: '/+7dzLuqmYh3ZlVEMyIRAA==' }, tags: { SS: ['z', 'a'] } };
    const current = { ...loaded, other: { NS: [BIG, '1.50'] }, blobs: { BS: ['AQ==', 'Ag=='] } };
    const rebased = rebaseEdits(loaded, edited, current);
    expect(rebased.item).toMatchObject({ count: edited.count, raw: edited.raw, tags: { SS: ['z', 'a'] }, other: { NS: [BIG, '1.50'] }, blobs: { BS: ['AQ==', 'Ag=='] } });
    expect(JSON.stringify(rebased.item)).toContain(BIG);
  });

  it('keeps the user’s text as a new item when the item was deleted meanwhile', () => {
    const edited = { ...loaded, status: { S: 'waiting' } };
    const rebased = rebaseEdits(loaded, edited, undefined);
    expect(rebased).toMatchObject({ item: edited, deleted: true, yourChanges: ['status'], conflicts: [] });
    expect(planWrite(undefined, rebased.item, ['PK'])).toEqual({ kind: 'create' });
  });

  it('with no edits, is the item as it is now; with no other change, is the edited item', () => {
    fc.assert(
      fc.property(item, item, (base, other) => {
        const current = { ...other, PK: base['PK']! };
        expect(rebaseEdits(base, structuredClone(base), current).item).toEqual(current);
        expect(rebaseEdits(base, current, structuredClone(base)).item).toEqual(current);
        expect(rebaseEdits(base, current, structuredClone(base)).conflicts).toEqual([]);
      }),
    );
  });

  it('puts the other writer’s value back in place of the user’s on request', () => {
    const edited = { ...loaded, status: { S: 'waiting' }, note: { S: 'mine' } };
    const rebased = rebaseEdits(loaded, edited, { ...loaded, status: { S: 'reopened' }, note: { S: 'theirs' } });
    const [status, note] = rebased.conflicts;
    expect(takeTheirs(rebased.item, status!)).toMatchObject({ status: { S: 'reopened' }, note: { S: 'mine' } });
    expect(Object.keys(takeTheirs(rebased.item, status!))).toEqual(Object.keys(rebased.item));
    const removed = rebaseEdits(loaded, { ...loaded, title: { S: 'new' } }, without(loaded, 'title'));
    expect(takeTheirs(removed.item, removed.conflicts[0]!)).not.toHaveProperty('title');
    expect(note!.name).toBe('note');
  });
});
