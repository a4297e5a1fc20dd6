import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_EXPRESSION_STATE, KEY_TYPES, OPERATIONS, searchFromState, stateFromSearch, type ExpressionState } from '../../src/expressions/expression-state.js';

const text = fc.string({ maxLength: 40 });
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

  it('falls back to the example for an operation or key type it does not know', () => {
    const read = stateFromSearch('op=BatchGetItem&pkt=BOOL&table=Other');
    expect(read.operation).toBe(DEFAULT_EXPRESSION_STATE.operation);
    expect(read.partitionType).toBe(DEFAULT_EXPRESSION_STATE.partitionType);
    expect(read.table).toBe('Other');
  });
});
