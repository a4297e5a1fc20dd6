import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePanes, encodePanes, MAX_PANES, panesFromSearch, searchWithPanes } from '../../src/workbench/pane-url.js';
import {
  COMPARATORS,
  DEFAULT_QUERY_STATE,
  FILTER_OPERATORS,
  SORT_OPERATORS,
  type FilterRow,
  type QueryState,
} from '../../src/workbench/query-state.js';

const rowArbitrary: fc.Arbitrary<FilterRow> = fc.record({
  join: fc.constantFrom('AND' as const, 'OR' as const),
  not: fc.boolean(),
  path: fc.string({ unit: 'binary' }),
  operator: fc.constantFrom(...FILTER_OPERATORS),
  sizeComparator: fc.constantFrom(...COMPARATORS),
  valueType: fc.constantFrom('S' as const, 'N' as const, 'B' as const, 'BOOL' as const, 'NULL' as const, 'literal' as const),
  value: fc.string({ unit: 'binary' }),
  value2: fc.string(),
});

const paneArbitrary: fc.Arbitrary<QueryState> = fc.record({
  mode: fc.constantFrom('query' as const, 'scan' as const),
  indexName: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
  keyMode: fc.constantFrom('fields' as const, 'text' as const),
  partitionValue: fc.string({ unit: 'binary' }),
  extraPartitionValues: fc.array(fc.string({ unit: 'binary' }), { maxLength: 3 }),
  sortOperator: fc.constantFrom(...SORT_OPERATORS, 'none' as const),
  sortValue: fc.string(),
  extraSortValues: fc.array(fc.string(), { maxLength: 3 }),
  sortValue2: fc.string(),
  keyText: fc.string(),
  placeholderNames: fc.string(),
  placeholderValues: fc.string(),
  forward: fc.boolean(),
  filterMode: fc.constantFrom('builder' as const, 'text' as const),
  filterRows: fc.array(rowArbitrary, { maxLength: 4 }),
  filterText: fc.string(),
  projection: fc.string(),
  limit: fc.string(),
  consistentRead: fc.boolean(),
  segment: fc.string(),
  totalSegments: fc.string(),
  pattern: fc.string(),
});

describe('pane URL encoding', () => {
  it('round-trips any panes', () => {
    fc.assert(
      fc.property(fc.array(paneArbitrary, { minLength: 1, maxLength: MAX_PANES }), (panes) => {
        expect(decodePanes(encodePanes(panes))).toEqual(panes);
      }),
    );
  });

  it('is URL-safe and short for default panes', () => {
    const encoded = encodePanes([DEFAULT_QUERY_STATE, { ...DEFAULT_QUERY_STATE, forward: false }]);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encoded.length).toBeLessThan(40);
  });

  it('never throws on foreign input; unreadable fields fall back to defaults', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const panes = decodePanes(text);
        if (panes !== undefined) expect(panes.length).toBeGreaterThan(0);
      }),
    );
    const foreign = btoa(JSON.stringify([{ mode: 'delete', limit: 5, forward: 'no', filterRows: [{ operator: 'LIKE', path: 'a' }], extra: 1 }]));
    const [pane] = decodePanes(foreign)!;
    expect(pane).toEqual({ ...DEFAULT_QUERY_STATE, filterRows: [{ ...pane!.filterRows[0]!, operator: '=', path: 'a' }] });
    expect(decodePanes('')).toBeUndefined();
    expect(decodePanes(btoa('[]'))).toBeUndefined();
    expect(decodePanes(btoa('{"a":1}'))).toBeUndefined();
  });

  it('caps the number of panes', () => {
    const many = Array.from({ length: MAX_PANES + 3 }, () => DEFAULT_QUERY_STATE);
    expect(decodePanes(encodePanes(many))).toHaveLength(MAX_PANES);
  });

  it('keeps the other query-string parameters', () => {
    const panes = [{ ...DEFAULT_QUERY_STATE, mode: 'query' as const, partitionValue: 'a&b=c' }];
    const search = searchWithPanes('?tab=items&panes=old', panes);
    expect(new URLSearchParams(search).get('tab')).toBe('items');
    expect(panesFromSearch(search)).toEqual(panes);
  });
});
