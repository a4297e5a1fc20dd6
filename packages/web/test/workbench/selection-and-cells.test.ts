import { describe, expect, it } from 'vitest';
import { base64ByteLength, cellText, copyText, fullValue } from '../../src/workbench/cell-format.js';
import { keyId, keyOf } from '../../src/workbench/item-keys.js';
import { addPage, formatCost, NO_TOTALS, readEfficiency } from '../../src/workbench/read-stats.js';
import { clickRow, keepLoaded, NO_SELECTION, toggleAll } from '../../src/workbench/row-selection.js';

describe('row selection', () => {
  const ids = ['a', 'b', undefined, 'd', 'e'];

  it('toggles one row and selects ranges with shift', () => {
    let selection = clickRow(NO_SELECTION, ids, 1, false);
    expect([...selection.ids]).toEqual(['b']);
    selection = clickRow(selection, ids, 4, true);
    expect([...selection.ids].sort()).toEqual(['b', 'd', 'e']);
    selection = clickRow(selection, ids, 1, false);
    expect([...selection.ids].sort()).toEqual(['d', 'e']);
    expect(clickRow(selection, ids, 2, false)).toBe(selection);
  });

  it('selects all, then none, and forgets rows no longer loaded', () => {
    const all = toggleAll(NO_SELECTION, ids);
    expect(all.ids.size).toBe(4);
    expect(toggleAll(all, ids).ids.size).toBe(0);
    expect([...keepLoaded(all, new Set(['a', 'e'])).ids]).toEqual(['a', 'e']);
  });
});

describe('item keys', () => {
  it('identifies an item by its primary key wherever it was read', () => {
    const fromTable = { PK: { S: 'p' }, SK: { N: '1' }, other: { S: 'x' } };
    const fromIndex = { SK: { N: '1' }, PK: { S: 'p' }, gsi: { S: 'g' } };
    expect(keyId(fromTable, ['PK', 'SK'])).toBe(keyId(fromIndex, ['PK', 'SK']));
    expect(keyId({ PK: { S: 'p' } }, ['PK', 'SK'])).toBeUndefined();
    expect(keyOf(fromIndex, ['PK', 'SK'])).toEqual({ PK: { S: 'p' }, SK: { N: '1' } });
  });
});

describe('cell display', () => {
  it('shows values losslessly', () => {
    expect(cellText({ N: '12345678901234567890123456789012345678' })).toBe('12345678901234567890123456789012345678');
    expect(cellText({ B: 'AQID' })).toBe('AQID (3 bytes)');
    expect(cellText({ NS: ['1', '2.50'] })).toBe('⟨1, 2.50⟩');
    expect(cellText({ M: { a: { S: '1' }, b: { N: '1' }, c: { L: [{ BOOL: false }, { NULL: true }] } } })).toBe('{"a": "1", "b": 1, "c": [false, null]}');
    expect(fullValue({ SS: ['x', 'y'] })).toBe('⟨"x", "y"⟩ (SS, 2 members)');
    expect(fullValue({ M: { a: { L: [{ N: '1' }] } } })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(copyText({ N: '1.50' })).toBe('1.50');
    expect(copyText({ BS: ['AQ=='] })).toBe('{"BS":["AQ=="]}');
  });

  it('counts base64 bytes', () => {
    expect([base64ByteLength(''), base64ByteLength('AQ=='), base64ByteLength('AQI='), base64ByteLength('AQID')]).toEqual([0, 1, 2, 3]);
  });
});

describe('read stats', () => {
  it('adds pages and shows the read efficiency', () => {
    const totals = addPage(addPage(NO_TOTALS, { count: 1, scannedCount: 4, consumed: { readUnits: 0.5, costUsd: 1e-7 } }), {
      count: 2,
      scannedCount: 4,
      consumed: { readUnits: 1, costUsd: 2e-7 },
    });
    expect(totals).toMatchObject({ pages: 2, count: 3, scannedCount: 8, readUnits: 1.5 });
    expect(readEfficiency(totals.count, totals.scannedCount)).toBe('37.5%');
    expect(readEfficiency(3, 3)).toBe('100%');
    expect(readEfficiency(1, 5)).toBe('20%');
    expect(readEfficiency(0, 5)).toBe('0%');
    expect(readEfficiency(1, 1000)).toBe('0.10%');
    expect(readEfficiency(0, 0)).toBe('—');
    expect(formatCost(6.25e-8)).toBe('$0.0000000625');
    expect(formatCost(0.5)).toBe('$0.500');
  });
});
