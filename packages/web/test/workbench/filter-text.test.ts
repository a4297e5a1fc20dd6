import { describe, expect, it } from 'vitest';
import { compileFriendly } from '@dynotable/core';
import { filterText, rowCondition } from '../../src/workbench/filter-text.js';
import { EMPTY_FILTER_ROW, type FilterRow } from '../../src/workbench/query-state.js';

const row = (fields: Partial<FilterRow>): FilterRow => ({ ...EMPTY_FILTER_ROW, ...fields });

function text(fields: Partial<FilterRow>): string {
  const built = rowCondition(row(fields));
  if (!built.ok) throw new Error(built.message);
  return built.text;
}

describe('rowCondition', () => {
  it('writes every comparator with a typed value', () => {
    for (const operator of ['=', '<>', '<', '<=', '>', '>='] as const) {
      expect(text({ path: 'score', operator, valueType: 'N', value: '10' })).toBe(`score ${operator} 10`);
    }
  });

  it('writes BETWEEN, IN, functions and size', () => {
    expect(text({ path: 'day', operator: 'BETWEEN', value: '2026-11-01', value2: '2026-11-07' })).toBe('day BETWEEN "2026-11-01" AND "2026-11-07"');
    expect(text({ path: 'status', operator: 'IN', value: 'open, pending' })).toBe('status IN ("open", "pending")');
    expect(text({ path: 'name', operator: 'begins_with', value: 'Jo' })).toBe('begins_with(name, "Jo")');
    expect(text({ path: 'tags', operator: 'contains', value: 'red' })).toBe('contains(tags, "red")');
    expect(text({ path: 'address.city', operator: 'attribute_exists' })).toBe('attribute_exists(address.city)');
    expect(text({ path: 'list[0]', operator: 'attribute_not_exists' })).toBe('attribute_not_exists(list[0])');
    expect(text({ path: 'tags', operator: 'attribute_type', value: 'ss' })).toBe('attribute_type(tags, "SS")');
    expect(text({ path: 'tags', operator: 'size', sizeComparator: '>=', valueType: 'N', value: '3' })).toBe('size(tags) >= 3');
    expect(text({ path: 'done', not: true, operator: '=', valueType: 'BOOL', value: 'true' })).toBe('NOT done = true');
  });

  it('says what is missing', () => {
    expect(rowCondition(row({ path: ' ' }))).toEqual({ ok: false, message: 'Enter an attribute path' });
    expect(rowCondition(row({ path: 'n', valueType: 'N', value: 'ten' })).ok).toBe(false);
    expect(rowCondition(row({ path: 't', operator: 'attribute_type', value: 'STRING' })).ok).toBe(false);
  });
});

describe('filterText', () => {
  it('joins rows with AND and OR, which DynamoDB reads with AND binding tighter', () => {
    const built = filterText([
      row({ path: 'a', valueType: 'N', value: '1' }),
      row({ join: 'AND', path: 'b', valueType: 'N', value: '2' }),
      row({ join: 'OR', path: 'c', valueType: 'N', value: '3' }),
    ]);
    expect(built).toEqual({ ok: true, text: 'a = 1 AND b = 2 OR c = 3' });
    if (built.ok) expect(compileFriendly({ filter: built.text! }).FilterExpression).toBe('a = :v0 AND b = :v1 OR c = :v2');
  });

  it('is undefined without rows and names the row at fault', () => {
    expect(filterText([])).toEqual({ ok: true, text: undefined });
    expect(filterText([row({ path: 'a' }), row({ path: '' })])).toEqual({ ok: false, problem: { row: 1, message: 'Enter an attribute path' } });
  });
});
