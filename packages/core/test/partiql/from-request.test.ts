/**
 * Query pane <-> PartiQL: a Query or GetItem request becomes a SELECT whose
 * plan is the same request (the same expressions, the same key, the same
 * direction), for hand-written and random requests.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequestExpressions, planStatement, printExpressions, requestToSelect } from '@dynotable/core';
import type { Condition, Operand, ReadRequest } from '@dynotable/core';
import { ORDERS } from './tables.js';

function trees(request: ReadRequest) {
  return parseRequestExpressions(request);
}

describe('requestToSelect', () => {
  it('turns a Query with filter, projection and direction into a SELECT and back', () => {
    const request: ReadRequest = {
      TableName: 'Orders',
      IndexName: 'byStatus',
      KeyConditionExpression: '#s = :open AND placed > :since',
      FilterExpression: 'attribute_not_exists(cancelled) AND size(#l) >= :one',
      ProjectionExpression: 'pk, sk, #l[0].sku',
      ExpressionAttributeNames: { '#s': 'status', '#l': 'lines' },
      ExpressionAttributeValues: { ':open': { S: 'open' }, ':since': { N: '100' }, ':one': { N: '1' } },
      ScanIndexForward: false,
    };
    const { text, parameters } = requestToSelect(request, ORDERS);
    expect(text).toBe(
      `SELECT pk, sk, lines[0].sku FROM Orders.byStatus WHERE status = 'open' AND placed > 100 AND cancelled IS MISSING AND size(lines) >= 1 ORDER BY placed DESC`,
    );
    expect(parameters).toEqual([]);
    const plan = planStatement(text, ORDERS);
    expect(plan.operation).toBe('Query');
    expect(plan.request.ScanIndexForward).toBe(false);
    expect(trees(plan.request)).toEqual(trees(request));
  });

  it('turns a GetItem into a SELECT on the whole key; binary values travel as parameters', () => {
    const request: ReadRequest = { TableName: 'Orders', Key: { pk: { S: 'c' }, sk: { S: 'o' } } };
    const { text } = requestToSelect(request, ORDERS);
    expect(text).toBe(`SELECT * FROM Orders WHERE pk = 'c' AND sk = 'o'`);
    expect(planStatement(text, ORDERS).request).toEqual(request);
    const binary = requestToSelect(
      { TableName: 'Orders', KeyConditionExpression: 'pk = :p', FilterExpression: 'b = :b', ExpressionAttributeValues: { ':p': { S: 'c' }, ':b': { B: new Uint8Array([1, 2]) } } },
      ORDERS,
    );
    expect(binary.text).toBe(`SELECT * FROM Orders WHERE pk = 'c' AND b = ?`);
    expect(binary.parameters).toEqual([{ B: new Uint8Array([1, 2]) }]);
  });

  it('round-trips random Query requests on the table', () => {
    const path = (name: string): Operand => ({ kind: 'path', elements: [{ type: 'name', name }] });
    const value = fc.oneof(
      fc.string({ maxLength: 5 }).map((S): Operand => ({ kind: 'value', value: { S } })),
      fc.integer().map((n): Operand => ({ kind: 'value', value: { N: String(n) } })),
      fc.uint8Array({ minLength: 1, maxLength: 3 }).map((B): Operand => ({ kind: 'value', value: { B } })),
    );
    const nonEmpty = fc.string({ minLength: 1, maxLength: 5 }).map((S): Operand => ({ kind: 'value', value: { S } }));
    const filter: fc.Arbitrary<Condition> = fc.oneof(
      fc.record({ kind: fc.constant('compare' as const), operator: fc.constantFrom('=', '<>', '<' as const), left: fc.constantFrom('a', 'b.c', 'total').map((n) => path(n)), right: value }),
      fc.constantFrom('a', 'note').map((n): Condition => ({ kind: 'call', name: 'attribute_exists', args: [path(n)] })),
      fc.record({ kind: fc.constant('in' as const), operand: fc.constant(path('a')), list: fc.array(value, { minLength: 1, maxLength: 3 }) }),
    );
    const filters = fc.array(filter, { maxLength: 3 }).map((list) => list.reduce<Condition | undefined>((left, right) => (left ? { kind: 'or', left, right } : right), undefined));
    const request = fc.record({ pk: nonEmpty, sort: fc.option(nonEmpty, { nil: undefined }), filter: filters, forward: fc.boolean() }).map(({ pk, sort, filter: f, forward }) => {
      const partition: Condition = { kind: 'compare', operator: '=', left: path('pk'), right: pk };
      const keyCondition: Condition = sort ? { kind: 'and', left: partition, right: { kind: 'compare', operator: '>', left: path('sk'), right: sort } } : partition;
      const printed = printExpressions(f ? { keyCondition, filter: f } : { keyCondition });
      return { TableName: 'Orders', ...printed, ...(forward ? {} : { ScanIndexForward: false }) } as ReadRequest;
    });
    fc.assert(
      fc.property(request, (original) => {
        const { text, parameters } = requestToSelect(original, ORDERS);
        const plan = planStatement(text, ORDERS, { parameters });
        expect(plan.operation).toBe('Query');
        expect(trees(plan.request)).toEqual(trees(original));
        expect(plan.request.ScanIndexForward).toBe(original.ScanIndexForward);
      }),
      { seed: 99, numRuns: 300 },
    );
  });
});
