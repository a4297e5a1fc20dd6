import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_EXPRESSION_STATE, KEY_TYPES, OPERATIONS, searchFromState, stateFromSearch, type ExpressionState } from '../../src/expressions/expression-state.js';

const text = fc.string({ maxLength: 40 });
/** A multi-attribute GSI's later key attributes: up to three, any name (a colon too). */
const extraKeys = fc.array(fc.record({ name: text, type: fc.constantFrom(...KEY_TYPES) }), { maxLength: 3 });
const state: fc.Arbitrary<ExpressionState> = fc.record({
  operation: fc.constantFrom(...OPERATIONS),
  connection: text,
  table: text,
  index: text,
  partitionKey: text,
  partitionType: fc.constantFrom(...KEY_TYPES),
  partitionValue: text,
  sortKey: text,
  sortType: fc.constantFrom(...KEY_TYPES),
  sortValue: text,
  extraPartitionKeys: extraKeys,
  extraSortKeys: extraKeys,
  key: text,
  filter: text,
  condition: text,
  projection: text,
  update: text,
  item: text,
});

describe('the expression builder state in the URL', () => {
  it('comes back as it was written, other parameters kept', () => {
    fc.assert(
      fc.property(state, (value) => {
        const search = searchFromState(value, 'ticket=7');
        expect(stateFromSearch(search)).toEqual(value);
        expect(new URLSearchParams(search).get('ticket')).toBe('7');
      }),
    );
  });

  it('writes nothing for the example, and keeps a field cleared to empty', () => {
    expect(searchFromState(DEFAULT_EXPRESSION_STATE)).toBe('');
    const cleared = { ...DEFAULT_EXPRESSION_STATE, filter: '' };
    expect(searchFromState(cleared)).toBe('filter=');
    expect(stateFromSearch('filter=').filter).toBe('');
  });

  it('keeps the later key attributes of a multi-attribute GSI in order, as repeated parameters', () => {
    const state = { ...DEFAULT_EXPRESSION_STATE, extraPartitionKeys: [{ name: 'priority', type: 'N' as const }], extraSortKeys: [{ name: 'id:x', type: 'S' as const }] };
    const search = searchFromState(state, 'pkx=S:stale');
    expect(new URLSearchParams(search).getAll('pkx')).toEqual(['N:priority']);
    expect(new URLSearchParams(search).getAll('skx')).toEqual(['S:id:x']);
    expect(stateFromSearch(search)).toEqual(state);
    // A parameter that is not TYPE:name is passed over; no more than three later attributes are read.
    expect(stateFromSearch('pkx=X:a&pkx=Sb&pkx=N:c').extraPartitionKeys).toEqual([{ name: 'c', type: 'N' }]);
    expect(stateFromSearch('skx=S:a&skx=S:b&skx=S:c&skx=S:d').extraSortKeys.map((key) => key.name)).toEqual(['a', 'b', 'c']);
  });

  it('falls back to the example for an operation or key type it does not know', () => {
    const read = stateFromSearch('op=BatchGetItem&pkt=BOOL&table=Other');
    expect(read.operation).toBe(DEFAULT_EXPRESSION_STATE.operation);
    expect(read.partitionType).toBe(DEFAULT_EXPRESSION_STATE.partitionType);
    expect(read.table).toBe('Other');
  });
});
