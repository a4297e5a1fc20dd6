import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WireItem } from '@dynotable/core';
import { itemFromPlainText, plainItemText } from '../../src/workbench/editor/plain-json.js';
import { itemFromTypedText, typedItemText } from '../../src/workbench/editor/typed-json.js';
import { itemFromRows, pathText, rowsOf } from '../../src/workbench/editor/item-tree.js';
import { add, move, remove, rename, setText, setType, valueAt } from '../../src/workbench/editor/tree-edits.js';
import { changeType } from '../../src/workbench/editor/type-change.js';
import { knownNames } from '../../src/workbench/editor/known-names.js';
import { item } from './arbitraries.js';

const BIG = '12345678901234567890123456789012345678';

const sample: WireItem = {
  PK: { S: 'USER#1' },
  n: { N: BIG },
  raw: { B: 'AAEC/w==' },
  tags: { SS: ['a', 'b'] },
  scores: { NS: ['1.50', '2'] },
  address: { M: { city: { S: 'Lyon' }, zip: { N: '69001' } } },
  list: { L: [{ S: 'x' }, { BOOL: true }, { NULL: true }] },
};

function edited(result: ReturnType<typeof setText>): WireItem {
  if (!result.ok) throw new Error(result.reason);
  return result.item;
}

function refusal(result: ReturnType<typeof setText>): string {
  if (result.ok) throw new Error('the edit was expected to be refused');
  return result.reason;
}

describe('the item as tree rows', () => {
  it('has one row per attribute, member, element and set member, depth first, with paths', () => {
    const rows = rowsOf(sample);
    expect(rows.map((row) => `${'  '.repeat(row.depth)}${pathText(row.path)} ${row.type}${row.text !== undefined ? ` ${row.text}` : ''}`)).toEqual([
      'PK S USER#1',
      `n N ${BIG}`,
      'raw B AAEC/w==',
      'tags SS',
      '  tags[0] S a',
      '  tags[1] S b',
      'scores NS',
      '  scores[0] N 1.50',
      '  scores[1] N 2',
      'address M',
      '  address.city S Lyon',
      '  address.zip N 69001',
      'list L',
      '  list[0] S x',
      '  list[1] BOOL true',
      '  list[2] NULL',
    ]);
  });

  it('shows the members of expanded containers only', () => {
    const rows = rowsOf(sample, (path) => path[0] === 'address');
    expect(rows.map((row) => pathText(row.path))).toEqual(['PK', 'n', 'raw', 'tags', 'scores', 'address', 'address.city', 'address.zip', 'list']);
    expect(rows.find((row) => row.path[0] === 'list')?.size).toBe(3);
  });

  it('is lossless: text → item → rows → item → text gives the same text and item, in both notations', () => {
    fc.assert(
      fc.property(item, (wire) => {
        const plain = plainItemText(wire);
        const fromRows = itemFromRows(rowsOf(itemFromPlainText(plain)));
        expect(fromRows).toEqual(wire);
        expect(plainItemText(fromRows)).toBe(plain);
        const typed = typedItemText(wire);
        expect(typedItemText(itemFromRows(rowsOf(itemFromTypedText(typed))))).toBe(typed);
      }),
    );
  });
});

describe('edits in the tree', () => {
  it('sets a value in place, keeping numbers as their exact digits', () => {
    const next = edited(setText(sample, ['address', 'zip'], '0.10000000000000000000000000000000000001'));
    expect(valueAt(next, ['address', 'zip'])).toEqual({ N: '0.10000000000000000000000000000000000001' });
    expect(valueAt(sample, ['address', 'zip'])).toEqual({ N: '69001' });
    expect(Object.keys(next)).toEqual(Object.keys(sample));
  });

  it('refuses a value that breaks DynamoDB’s rules, saying why', () => {
    expect(refusal(setText(sample, ['n'], '1'.repeat(39)))).toMatch(/38/);
    expect(refusal(setText(sample, ['raw'], 'not base64!'))).toMatch(/is not base64/);
    expect(refusal(setText(sample, ['tags', 1], 'a'))).toMatch(/duplicate/i);
    expect(refusal(setText(sample, ['scores', 0], '2.0'))).toMatch(/duplicate/i);
  });

  it('renames attributes and map members in place, refusing a taken or empty name', () => {
    const next = edited(rename(sample, ['address', 'city'], 'town'));
    expect(Object.keys((valueAt(next, ['address']) as { M: object }).M)).toEqual(['town', 'zip']);
    expect(refusal(rename(sample, ['raw'], 'tags'))).toMatch(/tags is already there/);
    expect(refusal(rename(sample, ['raw'], ''))).toMatch(/cannot be empty/);
  });

  it('reorders attributes, members, list elements and set members', () => {
    expect(Object.keys(edited(move(sample, ['raw'], -1)))).toEqual(['PK', 'raw', 'n', 'tags', 'scores', 'address', 'list']);
    expect(valueAt(edited(move(sample, ['list', 0], 1)), ['list'])).toEqual({ L: [{ BOOL: true }, { S: 'x' }, { NULL: true }] });
    expect(valueAt(edited(move(sample, ['tags', 1], -1)), ['tags'])).toEqual({ SS: ['b', 'a'] });
    expect(refusal(move(sample, ['list'], 1))).toMatch(/already last/);
    expect(refusal(move(sample, ['list', 0], -1))).toMatch(/already first/);
  });

  it('adds and removes attributes, members, elements and set members; a set is never left empty', () => {
    const added = add(sample, []);
    expect(added.path).toEqual(['attribute1']);
    expect(Object.keys(edited(added)).at(-1)).toBe('attribute1');
    expect(valueAt(edited(add(sample, ['list'])), ['list', 3])).toEqual({ S: '' });
    expect(valueAt(edited(add(sample, ['address'])), ['address', 'member1'])).toEqual({ S: '' });
    expect(valueAt(edited(add(sample, ['scores'])), ['scores'])).toEqual({ NS: ['1.50', '2', '0'] });
    expect(edited(remove(sample, ['address', 'city']))['address']).toEqual({ M: { zip: { N: '69001' } } });
    expect(valueAt(edited(remove(sample, ['list', 1])), ['list'])).toEqual({ L: [{ S: 'x' }, { NULL: true }] });
    expect(edited(remove(sample, ['tags', 0]))['tags']).toEqual({ SS: ['b'] });
    const single = edited(remove(sample, ['tags', 0]));
    expect(refusal(remove(single, ['tags', 0]))).toMatch(/empty set, which DynamoDB does not allow/);
  });

  it('keeps names such as __proto__ as plain attributes', () => {
    const odd = itemFromPlainText('{"PK": "a", "__proto__": {"x": 1}}');
    expect(Object.keys(edited(setText(odd, ['__proto__', 'x'], '2')))).toEqual(['PK', '__proto__']);
  });
});

describe('changing a value’s type', () => {
  it('converts where the value allows it', () => {
    expect(changeType({ S: '12' }, 'N')).toEqual({ ok: true, value: { N: '12' } });
    expect(changeType({ S: BIG }, 'N')).toEqual({ ok: true, value: { N: BIG } });
    expect(changeType({ N: '1.50' }, 'S')).toEqual({ ok: true, value: { S: '1.50' } });
    expect(changeType({ S: 'true' }, 'BOOL')).toEqual({ ok: true, value: { BOOL: true } });
    expect(changeType({ S: 'AAE=' }, 'B')).toEqual({ ok: true, value: { B: 'AAE=' } });
    expect(changeType({ S: 'red' }, 'SS')).toEqual({ ok: true, value: { SS: ['red'] } });
    expect(changeType({ L: [{ S: '1' }, { N: '2' }] }, 'NS')).toEqual({ ok: true, value: { NS: ['1', '2'] } });
    expect(changeType({ NS: ['1', '2'] }, 'SS')).toEqual({ ok: true, value: { SS: ['1', '2'] } });
    expect(changeType({ SS: ['a'] }, 'S')).toEqual({ ok: true, value: { S: 'a' } });
    expect(changeType({ SS: ['a', 'b'] }, 'L')).toEqual({ ok: true, value: { L: [{ S: 'a' }, { S: 'b' }] } });
    expect(changeType({ NULL: true }, 'M')).toEqual({ ok: true, value: { M: {} } });
    expect(changeType({ L: [] }, 'S')).toEqual({ ok: true, value: { S: '' } });
  });

  it('says why it cannot, and leaves the item as it was', () => {
    const cases: [WireItem[string], Parameters<typeof changeType>[1], RegExp][] = [
      [{ S: 'twelve' }, 'N', /not a valid number|number/i],
      [{ S: 'maybe' }, 'BOOL', /neither true nor false/],
      [{ S: 'hello world' }, 'B', /is not base64/],
      [{ L: [{ S: '1' }, { N: '1.0' }] }, 'NS', /duplicate/i],
      [{ L: [] }, 'SS', /empty set/],
      [{ NULL: true }, 'NS', /empty set/],
      [{ SS: ['a', 'b'] }, 'S', /holds 2 values/],
      [{ M: { a: { S: 'x' } } }, 'L', /names would be lost/],
      [{ S: 'x' }, 'M', /needs a name/],
      [{ S: 'x' }, 'NULL', /would be lost/],
      [{ BOOL: true }, 'N', /not a number/],
    ];
    for (const [value, to, reason] of cases) {
      const change = changeType(value, to);
      expect(change.ok, `${JSON.stringify(value)} → ${to}`).toBe(false);
      if (!change.ok) expect(change.reason).toMatch(reason);
    }
    const refused = setType(sample, ['list'], 'NS');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatch(/^list stays L: /);
  });
});

describe('the names offered while typing', () => {
  it('lists the key attributes first, then the item’s and the seen items’, once each', () => {
    expect(knownNames(['PK', 'SK'], [{ PK: { S: 'a' }, seen: { S: 'b' } }], { PK: { S: 'a' }, own: { N: '1' } })).toEqual(['PK', 'SK', 'own', 'seen']);
  });
});
