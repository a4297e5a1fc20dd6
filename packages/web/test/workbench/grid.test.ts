import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNumbers, compareStrings, type WireItem } from '@dynotable/core';
import { discoverColumns, EMPTY_LAYOUT, moveColumn, placeColumn, setHidden, visibleColumns } from '../../src/workbench/grid-columns.js';
import { sortedOrder } from '../../src/workbench/grid-sort.js';

const items: WireItem[] = [
  { SK: { S: 'b' }, PK: { S: 'x' }, zeta: { N: '1' }, alpha: { S: 'a' } },
  { PK: { S: 'y' }, SK: { S: 'a' }, alpha: { N: '2' } },
  { PK: { S: 'z' }, SK: { S: 'c' }, alpha: { N: '3' }, mid: { SS: ['p'] } },
];

describe('columns', () => {
  it('puts key attributes first, the rest by name, with the types seen (most frequent first)', () => {
    const columns = discoverColumns(items, ['PK', 'SK']);
    expect(columns.map((column) => column.name)).toEqual(['PK', 'SK', 'alpha', 'mid', 'zeta']);
    expect(columns[2]).toEqual({ name: 'alpha', types: ['N', 'S'], isKey: false });
    expect(columns[0]!.isKey).toBe(true);
  });

  it('moves, places and hides columns', () => {
    const columns = discoverColumns(items, ['PK', 'SK']);
    let layout = moveColumn(columns, EMPTY_LAYOUT, 'alpha', -1);
    expect(visibleColumns(columns, layout).map((column) => column.name)).toEqual(['PK', 'alpha', 'SK', 'mid', 'zeta']);
    expect(moveColumn(columns, layout, 'PK', -1)).toBe(layout);
    layout = setHidden(layout, 'SK', true);
    // Moving skips hidden columns.
    layout = moveColumn(columns, layout, 'mid', -1);
    expect(visibleColumns(columns, layout).map((column) => column.name)).toEqual(['PK', 'mid', 'alpha', 'zeta']);
    // A hidden column keeps its place: shown again, it is where it was in the full order.
    layout = placeColumn(columns, setHidden(layout, 'SK', false), 'zeta', 'PK');
    expect(visibleColumns(columns, layout).map((column) => column.name)).toEqual(['zeta', 'PK', 'mid', 'SK', 'alpha']);
  });

  it('keeps the arrangement when new attributes appear', () => {
    const columns = discoverColumns(items, ['PK', 'SK']);
    const layout = moveColumn(columns, EMPTY_LAYOUT, 'zeta', -1);
    const more = discoverColumns([...items, { PK: { S: 'q' }, SK: { S: 'q' }, beta: { BOOL: true } }], ['PK', 'SK']);
    expect(visibleColumns(more, layout).map((column) => column.name)).toEqual(['PK', 'SK', 'alpha', 'zeta', 'mid', 'beta']);
  });
});

describe('sortedOrder', () => {
  it('orders numbers by value, exactly, beyond float precision', () => {
    const numbers = ['10', '9', '-1', '12345678901234567890123456789012345678', '12345678901234567890123456789012345677', '0.5'];
    const rows = numbers.map((n) => ({ v: { N: n } }));
    const order = sortedOrder(rows, { column: 'v', descending: false }).map((index) => numbers[index]);
    expect(order).toEqual([...numbers].sort(compareNumbers));
  });

  it('orders strings by UTF-8 bytes and binary as unsigned bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' })), (strings) => {
        const order = sortedOrder(strings.map((s) => ({ v: { S: s } })), { column: 'v', descending: false });
        expect(order.map((index) => strings[index])).toEqual([...strings].sort(compareStrings));
      }),
    );
    const binary = [{ v: { B: '/w==' } }, { v: { B: 'AQ==' } }, { v: { B: 'fw==' } }];
    expect(sortedOrder(binary, { column: 'v', descending: false })).toEqual([1, 2, 0]);
  });

  it('puts missing values last in both directions and keeps ties stable', () => {
    const rows: WireItem[] = [{}, { v: { N: '2' } }, { v: { N: '1' } }, { v: { N: '2' } }, { v: { BOOL: true } }];
    expect(sortedOrder(rows, { column: 'v', descending: false })).toEqual([2, 1, 3, 4, 0]);
    expect(sortedOrder(rows, { column: 'v', descending: true })).toEqual([4, 1, 3, 2, 0]);
    expect(sortedOrder(rows, undefined)).toEqual([0, 1, 2, 3, 4]);
  });
});
