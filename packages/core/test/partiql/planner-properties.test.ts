/**
 * For random WHERE clauses on the Orders table: the plan is a Query or
 * GetItem exactly when the partition key is fixed by equality at the top
 * level; its key condition is one core's checkKeyCondition accepts for the
 * table's keys; every request it builds parses back with all placeholders used.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKeyCondition, parseRequestExpressions, planStatement, printStatement } from '@dynotable/core';
import type { PqlCondition, PqlOperand, SelectStatement } from '@dynotable/core';
import { ORDERS } from './tables.js';

const path = (name: string): PqlOperand => ({ kind: 'path', elements: [{ type: 'name', name }] });
const text = fc.string({ minLength: 1, maxLength: 6 }).map((S): PqlOperand => ({ kind: 'value', value: { S } }));
const nonKey = fc.constantFrom('total', 'note', 'status', 'a');

const filterCondition: fc.Arbitrary<PqlCondition> = fc.oneof(
  fc.record({ kind: fc.constant('compare' as const), operator: fc.constantFrom('=', '<>', '<', '>=' as const), left: nonKey.map(path), right: text }),
  fc.record({ kind: fc.constant('is' as const), operand: nonKey.map(path), test: fc.constant('MISSING' as const), negated: fc.boolean() }),
  fc.tuple(nonKey, text).map(([n, v]): PqlCondition => ({ kind: 'call', name: 'contains', args: [path(n), v] })),
);

const sortCondition: fc.Arbitrary<PqlCondition> = fc.oneof(
  fc.record({ kind: fc.constant('compare' as const), operator: fc.constantFrom('=', '<', '<=', '>', '>=' as const), left: fc.constant(path('sk')), right: text }),
  // DynamoDB refuses a BETWEEN whose bounds are out of order.
  fc.tuple(text, text).map(([a, b]): PqlCondition => {
    const [low, high] = (a as { value: { S: string } }).value.S <= (b as { value: { S: string } }).value.S ? [a, b] : [b, a];
    return { kind: 'between', operand: path('sk'), low, high };
  }),
  text.map((v): PqlCondition => ({ kind: 'call', name: 'begins_with', args: [path('sk'), v] })),
);

const partitionEquality: fc.Arbitrary<PqlCondition> = text.map((v) => ({ kind: 'compare', operator: '=', left: path('pk'), right: v }));

interface Case {
  conditions: PqlCondition[];
  hasPartition: boolean;
}

const whereCase: fc.Arbitrary<Case> = fc
  .record({
    partition: fc.option(partitionEquality, { nil: undefined }),
    sort: fc.option(sortCondition, { nil: undefined }),
    filters: fc.array(filterCondition, { maxLength: 3 }),
  })
  .chain(({ partition, sort, filters }) => {
    const all = [partition, sort, ...filters].filter((c): c is PqlCondition => c !== undefined);
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }).map((conditions) => ({ conditions, hasPartition: partition !== undefined }));
  })
  .filter((c) => c.conditions.length > 0);

function select(conditions: PqlCondition[]): SelectStatement {
  const where = conditions.slice(1).reduce<PqlCondition>((left, right) => ({ kind: 'and', left, right }), conditions[0]!);
  return { kind: 'select', projection: '*', target: { table: 'Orders' }, where };
}

describe('the planner on random WHERE clauses', () => {
  it('reads by key exactly when the partition key is fixed, with a key condition DynamoDB accepts', () => {
    fc.assert(
      fc.property(whereCase, ({ conditions, hasPartition }) => {
        const statement = select(conditions);
        const plan = planStatement(printStatement(statement), ORDERS);
        expect(plan.operation === 'Scan').toBe(!hasPartition);
        const parsed = parseRequestExpressions(plan.request);
        if (plan.operation === 'Query') {
          expect(parsed.keyCondition).toBeDefined();
          const key = checkKeyCondition(parsed.keyCondition!, { partitionKey: 'pk', sortKey: 'sk', partitionKeyType: 'S', sortKeyType: 'S' });
          expect(key.partitionKey.name).toBe('pk');
        }
        if (plan.operation === 'GetItem') {
          expect(Object.keys(plan.request.Key ?? {}).sort()).toEqual(['pk', 'sk']);
          expect(plan.request.FilterExpression).toBeUndefined();
        }
        if (plan.operation === 'Scan') expect(plan.scan?.keyNames).toEqual(['pk']);
      }),
      { seed: 424242, numRuns: 400 },
    );
  });
});
