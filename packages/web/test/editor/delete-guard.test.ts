import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFromWire, parseRequestExpressions } from '@dynotable/core';
import { guardedDelete, MAX_GUARDED_ATTRIBUTES } from '../../src/workbench/editor/delete-guard.js';
import { keysFirst } from '../../src/workbench/editor/edit-plan.js';
import { item } from './arbitraries.js';

describe('a delete guarded by the item as loaded', () => {
  it('compares every attribute but the key, with names and values as placeholders', () => {
    const body = guardedDelete({ PK: { S: 'a' }, SK: { S: 'b' }, status: { S: 'open' }, tags: { SS: ['x'] } }, ['PK', 'SK']);
    expect(body).toEqual({
      Key: { PK: { S: 'a' }, SK: { S: 'b' } },
      ConditionExpression: 'attribute_exists(#k) AND #a0 = :a0 AND #a1 = :a1',
      ExpressionAttributeNames: { '#k': 'PK', '#a0': 'status', '#a1': 'tags' },
      ExpressionAttributeValues: { ':a0': { S: 'open' }, ':a1': { SS: ['x'] } },
      guard: 'every-attribute',
    });
  });

  it('gives DynamoDB a condition it parses, whose placeholders are all used, for any item', () => {
    fc.assert(
      fc.property(item, (wire) => {
        const body = guardedDelete(wire, ['PK']);
        expect(body.Key).toEqual({ PK: wire['PK'] });
        // Throws DynamoDB's ValidationException for a bad expression or an unused placeholder.
        const parsed = parseRequestExpressions({
          ConditionExpression: body.ConditionExpression,
          ExpressionAttributeNames: body.ExpressionAttributeNames,
          ...(body.ExpressionAttributeValues !== undefined ? { ExpressionAttributeValues: itemFromWire(body.ExpressionAttributeValues) } : {}),
        });
        expect(parsed.condition).toBeDefined();
        expect(Object.keys(body.ExpressionAttributeNames)).toHaveLength(Object.keys(wire).length);
      }),
    );
  });

  it('falls back to the existence of the item past the attribute bound', () => {
    const wide: Record<string, { N: string }> = { PK: { N: '1' } };
    for (let i = 0; i <= MAX_GUARDED_ATTRIBUTES; i++) wide[`a${i}`] = { N: String(i) };
    expect(guardedDelete(wide, ['PK'])).toMatchObject({ ConditionExpression: 'attribute_exists(#k)', guard: 'exists' });
    expect(guardedDelete(wide, ['PK'])).not.toHaveProperty('ExpressionAttributeValues');
  });

  it('puts the key attributes first and keeps every other attribute in its order', () => {
    expect(Object.keys(keysFirst({ a: { N: '1' }, SK: { S: 's' }, b: { N: '2' }, PK: { S: 'p' } }, ['PK', 'SK']))).toEqual(['PK', 'SK', 'a', 'b']);
  });
});
