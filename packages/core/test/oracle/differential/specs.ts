/** fast-check arbitraries of expression specs over the shared small vocabulary. */
import fc from 'fast-check';
import { ALIAS_ONLY_NAMES, MAP_KEYS, TOP_NAMES, attributeValue, numberText, setValue } from './values.js';
import type { ClauseSpec, CondSpec, OperandSpec, PathSpec, Segment, SetOperandSpec, SetValueSpec } from './render.js';

const needsAlias = (name: string) => (ALIAS_ONLY_NAMES as readonly string[]).includes(name);

/** A name segment, aliased when it must be and sometimes when it need not be. */
const nameSegment = (names: readonly string[]): fc.Arbitrary<Segment> =>
  fc
    .record({ name: fc.constantFrom(...names), aliasAnyway: fc.boolean() })
    .map(({ name, aliasAnyway }) => ({ name, alias: needsAlias(name) || aliasAnyway }));

const tailSegment: fc.Arbitrary<Segment> = fc.oneof(
  nameSegment(MAP_KEYS),
  fc.integer({ min: 0, max: 3 }).map((index) => ({ index })),
);

const pathSpec: fc.Arbitrary<PathSpec> = fc
  .tuple(nameSegment(TOP_NAMES), fc.array(tailSegment, { maxLength: 2 }))
  .map(([head, tail]) => [head, ...tail]);

/** Update targets: mostly top-level, since nested targets under missing parents are rejected. */
const targetSpec: fc.Arbitrary<PathSpec> = fc.oneof(
  { weight: 3, arbitrary: nameSegment(TOP_NAMES).map((head) => [head]) },
  { weight: 1, arbitrary: pathSpec },
);

const valueSpec = attributeValue(1);

const operandSpec: fc.Arbitrary<OperandSpec> = fc.oneof(
  { weight: 4, arbitrary: pathSpec.map((path) => ({ kind: 'path' as const, path })) },
  { weight: 4, arbitrary: valueSpec.map((value) => ({ kind: 'value' as const, value })) },
  { weight: 1, arbitrary: pathSpec.map((path) => ({ kind: 'size' as const, path })) },
);

const comparator = fc.constantFrom('=', '<>', '<', '<=', '>', '>=');
const typeName = fc.constantFrom('S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M', 'X');

const leafCondition: fc.Arbitrary<CondSpec> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('compare' as const), op: comparator, left: operandSpec, right: operandSpec }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('between' as const), operand: operandSpec, low: operandSpec, high: operandSpec }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('in' as const), operand: operandSpec, list: fc.array(operandSpec, { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('exists' as const, 'not_exists' as const), path: pathSpec }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('type' as const), path: pathSpec, type: typeName }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('begins_with' as const, 'contains' as const), path: pathSpec, operand: operandSpec }) },
);

export const conditionSpec: fc.Arbitrary<CondSpec> = fc.letrec<{ cond: CondSpec }>((tie) => ({
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leafCondition },
    { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), left: tie('cond'), right: tie('cond') }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('not' as const), operand: tie('cond') }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('paren' as const), operand: tie('cond') }) },
  ),
})).cond;

const setOperandLeaf: fc.Arbitrary<SetOperandSpec> = fc.oneof(
  { weight: 2, arbitrary: targetSpec.map((path) => ({ kind: 'path' as const, path })) },
  { weight: 3, arbitrary: valueSpec.map((value) => ({ kind: 'value' as const, value })) },
  { weight: 2, arbitrary: numberText.map((N) => ({ kind: 'value' as const, value: { N } })) },
);
const setOperand: fc.Arbitrary<SetOperandSpec> = fc.oneof(
  { weight: 4, arbitrary: setOperandLeaf },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('if_not_exists' as const), path: targetSpec, operand: setOperandLeaf }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('list_append' as const), left: setOperandLeaf, right: setOperandLeaf }) },
);
const setValueSpec: fc.Arbitrary<SetValueSpec> = fc.oneof(
  { weight: 3, arbitrary: setOperand.map((operand) => ({ kind: 'operand' as const, operand })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('arith' as const), op: fc.constantFrom('+' as const, '-' as const), left: setOperand, right: setOperand }) },
);

const clause: fc.Arbitrary<ClauseSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('SET' as const), actions: fc.array(fc.record({ path: targetSpec, value: setValueSpec }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('REMOVE' as const), paths: fc.array(targetSpec, { minLength: 1, maxLength: 2 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('ADD' as const),
      actions: fc.array(fc.record({ path: targetSpec, value: fc.oneof(numberText.map((N) => ({ N })), setValue, valueSpec) }), { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('DELETE' as const),
      actions: fc.array(fc.record({ path: targetSpec, value: fc.oneof({ weight: 3, arbitrary: setValue }, { weight: 1, arbitrary: valueSpec }) }), { minLength: 1, maxLength: 2 }),
    }),
  },
);

/** Clauses in any order; each keyword at most once unless `allowRepeats`. */
export const updateSpec = (allowRepeats = false): fc.Arbitrary<ClauseSpec[]> =>
  allowRepeats
    ? fc.array(clause, { minLength: 1, maxLength: 3 })
    : fc.uniqueArray(clause, { minLength: 1, maxLength: 3, selector: (c) => c.kind });

export const projectionSpec: fc.Arbitrary<PathSpec[]> = fc.array(pathSpec, { minLength: 1, maxLength: 4 });
