/** fast-check generators for items, paths and conditions over a small name pool, so paths often hit. */
import fc from 'fast-check';
import type { AttributeValue, Condition, Item, Operand, PathElement, PathNode } from '@dynotable/core';

const names = ['a', 'b', 'c', 'd'];
const nameArb = fc.constantFrom(...names);
const numberArb = fc.oneof(fc.integer({ min: -1000, max: 1000 }).map(String), fc.constantFrom('0.5', '-2.25', '1E3', '0.001'));
const bytesArb = fc.uint8Array({ maxLength: 3 });

export const scalarArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.string({ maxLength: 3 }).map((S) => ({ S })),
  numberArb.map((N) => ({ N })),
  bytesArb.map((B) => ({ B })),
);

const setArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.uniqueArray(fc.string({ maxLength: 2 }), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
  fc.uniqueArray(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 3 }).map((ns) => ({ NS: ns.map(String) })),
);

export const valueArb: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb,
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true } as const),
    setArb,
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(nameArb, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;

export const itemArb: fc.Arbitrary<Item> = fc.dictionary(nameArb, valueArb, { maxKeys: 4 });

export const pathArb: fc.Arbitrary<PathNode> = fc
  .tuple(nameArb, fc.array(fc.oneof(nameArb.map((name): PathElement => ({ type: 'name', name })), fc.nat(3).map((index): PathElement => ({ type: 'index', index }))), { maxLength: 2 }))
  .map(([first, rest]) => ({ kind: 'path', elements: [{ type: 'name', name: first }, ...rest] }));

export const operandArb: fc.Arbitrary<Operand> = fc.oneof(
  pathArb,
  valueArb.map((value): Operand => ({ kind: 'value', value })),
  pathArb.map((path): Operand => ({ kind: 'call', name: 'size', args: [path] })),
);

const comparatorArb = fc.constantFrom('=', '<>', '<', '<=', '>', '>=' as const);

export const conditionArb: fc.Arbitrary<Condition> = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('compare' as const), operator: comparatorArb, left: operandArb, right: operandArb }),
    fc.record({ kind: fc.constant('between' as const), operand: operandArb, low: operandArb, high: operandArb }),
    fc.record({ kind: fc.constant('in' as const), operand: operandArb, list: fc.array(operandArb, { minLength: 1, maxLength: 3 }) }),
    fc.tuple(fc.constantFrom('attribute_exists', 'attribute_not_exists' as const), pathArb).map(([name, path]): Condition => ({ kind: 'call', name, args: [path] })),
    fc.tuple(fc.constantFrom('begins_with', 'contains' as const), pathArb, operandArb).map(([name, path, operand]): Condition => ({ kind: 'call', name, args: [path, operand] })),
    fc.record({ kind: fc.constant('not' as const), operand: tie('condition') }),
    fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), left: tie('condition'), right: tie('condition') }),
  ),
})).condition;
