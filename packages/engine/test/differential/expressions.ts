/**
 * Random condition, update and projection ASTs over the attributes a table's
 * items really have (keys, index keys, a, b, c and a few nested paths), so that
 * conditions both pass and fail. Some are invalid on purpose (key attributes in
 * updates or filters, reversed BETWEEN bounds, wrong operand types): both sides
 * must then answer the same error.
 */
import fc from 'fast-check';
import type { AttributeValue, Condition, Operand, PathNode, ProjectionNode, UpdateNode } from '@dynotable/core';
import { comparableValueArb, dataValueArb, keyPool, keyValueArb } from './pools.js';
import type { KeyAttribute } from './scenario.js';

function path(name: string, ...rest: (string | number)[]): PathNode {
  return {
    kind: 'path',
    elements: [
      { type: 'name', name },
      ...rest.map((step) => (typeof step === 'number' ? { type: 'index' as const, index: step } : { type: 'name' as const, name: step })),
    ],
  };
}

const value = (v: AttributeValue): Operand => ({ kind: 'value', value: v });

/** Paths that data attributes and nested values of `dataValueArb` use. */
function dataPathArb(): fc.Arbitrary<PathNode> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'c').map((n) => path(n)) },
    { weight: 2, arbitrary: fc.constantFrom(path('a', 'x'), path('b', 'y'), path('c', 0), path('c', 2), path('b', 'x', 0)) },
    { weight: 1, arbitrary: fc.constant(path('missing')) },
  );
}

/** Paths for conditions: data paths plus the table's and indexes' key attributes. */
export function conditionPathArb(keys: KeyAttribute[]): fc.Arbitrary<PathNode> {
  if (keys.length === 0) return dataPathArb();
  return fc.oneof({ weight: 3, arbitrary: dataPathArb() }, { weight: 1, arbitrary: fc.constantFrom(...keys).map((k) => path(k.name)) });
}

function comparisonArb(paths: fc.Arbitrary<PathNode>, keys: KeyAttribute[]): fc.Arbitrary<Condition> {
  const operand = fc.oneof(comparableValueArb, ...keys.map((k) => keyValueArb(k.type))).map(value);
  return fc.oneof(
    fc.tuple(fc.constantFrom('=', '<>', '<', '<=', '>', '>=' as const), paths, operand).map(([operator, left, right]): Condition => ({ kind: 'compare', operator, left, right })),
    fc.tuple(paths, paths).filter(([l, r]) => JSON.stringify(l) !== JSON.stringify(r)).map(([left, right]): Condition => ({ kind: 'compare', operator: '=', left, right })),
    fc.tuple(paths, operand, operand).map(([operand0, low, high]): Condition => ({ kind: 'between', operand: operand0, low, high })),
    fc.tuple(paths, fc.array(operand, { minLength: 1, maxLength: 3 })).map(([operand0, list]): Condition => ({ kind: 'in', operand: operand0, list })),
    paths.map((p): Condition => ({ kind: 'call', name: 'attribute_exists', args: [p] })),
    paths.map((p): Condition => ({ kind: 'call', name: 'attribute_not_exists', args: [p] })),
    fc.tuple(paths, fc.constantFrom('S', 'N', 'B', 'SS', 'L', 'M', 'NULL')).map(([p, S]): Condition => ({ kind: 'call', name: 'attribute_type', args: [p, value({ S })] })),
    fc.tuple(paths, fc.constantFrom('a', 'x', 'é')).map(([p, S]): Condition => ({ kind: 'call', name: 'begins_with', args: [p, value({ S })] })),
    fc.tuple(paths, operand).map(([p, v]): Condition => ({ kind: 'call', name: 'contains', args: [p, v] })),
    fc.tuple(fc.constantFrom('<', '>=', '=' as const), paths, fc.integer({ min: 0, max: 3 })).map(
      ([operator, p, n]): Condition => ({ kind: 'compare', operator, left: { kind: 'call', name: 'size', args: [p] }, right: value({ N: String(n) }) }),
    ),
  );
}

/** A condition of up to two levels of AND / OR / NOT. */
export function conditionArb(keys: KeyAttribute[], paths = conditionPathArb(keys)): fc.Arbitrary<Condition> {
  const leaf = comparisonArb(paths, keys);
  const level1: fc.Arbitrary<Condition> = fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([left, right]): Condition => ({ kind: 'and', left, right })) },
    { weight: 1, arbitrary: fc.tuple(leaf, leaf).map(([left, right]): Condition => ({ kind: 'or', left, right })) },
    { weight: 1, arbitrary: leaf.map((operand): Condition => ({ kind: 'not', operand })) },
  );
  return level1;
}

/** A condition meant to hold for fresh items: the key does not exist yet (the usual put guard). */
export function notExistsArb(hash: KeyAttribute): fc.Arbitrary<Condition> {
  return fc.constant({ kind: 'call', name: 'attribute_not_exists', args: [path(hash.name)] });
}

type UpdateAction =
  | { section: 'set'; path: PathNode; value: Operand }
  | { section: 'remove'; path: PathNode }
  | { section: 'add' | 'delete'; path: PathNode; value: Operand };

function actionArb(target: PathNode): fc.Arbitrary<UpdateAction> {
  const numberValue = fc.constantFrom('1', '-2', '0.5').map((N) => value({ N }));
  return fc.oneof(
    { weight: 4, arbitrary: dataValueArb.map((v): UpdateAction => ({ section: 'set', path: target, value: value(v) })) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('+', '-' as const), numberValue).map(([operator, right]): UpdateAction => ({
        section: 'set',
        path: target,
        value: { kind: 'arithmetic', operator, left: target, right },
      })),
    },
    { weight: 1, arbitrary: dataValueArb.map((v): UpdateAction => ({ section: 'set', path: target, value: { kind: 'call', name: 'if_not_exists', args: [target, value(v)] } })) },
    {
      weight: 1,
      arbitrary: fc.array(dataValueArb, { maxLength: 2 }).map((L): UpdateAction => ({
        section: 'set',
        path: target,
        value: { kind: 'call', name: 'list_append', args: [target, value({ L })] },
      })),
    },
    { weight: 2, arbitrary: fc.constant<UpdateAction>({ section: 'remove', path: target }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(numberValue, fc.constantFrom<AttributeValue>({ SS: ['a'] }, { SS: ['b', 'z'] }, { NS: ['1'] }).map(value))
        .map((v): UpdateAction => ({ section: 'add', path: target, value: v })),
    },
    { weight: 1, arbitrary: fc.constantFrom<AttributeValue>({ SS: ['a'] }, { SS: ['c', 'q'] }).map((v): UpdateAction => ({ section: 'delete', path: target, value: value(v) })) },
  );
}

/**
 * An UpdateExpression of 1 to 3 actions. Targets are data paths, index keys and,
 * rarely, a table key (DynamoDB refuses it). Targets never overlap: which of two
 * overlapping paths DynamoDB names is not settled (core's oracle excuses it).
 */
export function updateArb(tableKeys: KeyAttribute[], indexKeys: KeyAttribute[]): fc.Arbitrary<UpdateNode> {
  const targets = fc.oneof(
    { weight: 8, arbitrary: dataPathArb() },
    { weight: indexKeys.length > 0 ? 2 : 0, arbitrary: indexKeys.length > 0 ? fc.constantFrom(...indexKeys).map((k) => path(k.name)) : dataPathArb() },
    { weight: 1, arbitrary: fc.constantFrom(...tableKeys).map((k) => path(k.name)) },
  );
  // Index keys get values of their type most of the time, or the update would just fail.
  const typedIndexSet = indexKeys.map((k) => fc.tuple(fc.constant(path(k.name)), keyValueArb(k.type, 3)).map(([p, v]): UpdateAction => ({ section: 'set', path: p, value: value(v) })));
  const action = fc.oneof(
    { weight: 4, arbitrary: targets.chain(actionArb) },
    ...typedIndexSet.map((arbitrary) => ({ weight: 2, arbitrary })),
  );
  return fc
    .uniqueArray(action, { minLength: 1, maxLength: 3, selector: (a) => JSON.stringify(a.path.elements[0]) })
    .map((actions): UpdateNode => {
      const update: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };
      for (const a of actions) {
        if (a.section === 'set') update.set.push({ path: a.path, value: a.value });
        else if (a.section === 'remove') update.remove.push(a.path);
        else update[a.section].push({ path: a.path, value: a.value });
      }
      return update;
    });
}

export function projectionArb(keys: KeyAttribute[]): fc.Arbitrary<ProjectionNode> {
  return fc
    // Apart at the first name: overlapping projections are core's oracle's business.
    .uniqueArray(conditionPathArb(keys), { minLength: 1, maxLength: 3, selector: (p) => JSON.stringify(p.elements[0]) })
    .map((paths): ProjectionNode => ({ kind: 'projection', paths }));
}

/** `hash = v`, plus a random sort-key condition when there is a sort key. */
export function keyConditionArb(hash: KeyAttribute, range: KeyAttribute | undefined): fc.Arbitrary<Condition> {
  const hashCondition = keyValueArb(hash.type, 3).map((v): Condition => ({ kind: 'compare', operator: '=', left: path(hash.name), right: value(v) }));
  if (range === undefined) return hashCondition;
  const pool = keyPool(range.type);
  const rangePath = path(range.name);
  const index = fc.integer({ min: 0, max: pool.length - 1 });
  const rangeCondition: fc.Arbitrary<Condition> = fc.oneof(
    fc.tuple(fc.constantFrom('=', '<', '<=', '>', '>=' as const), index).map(([operator, i]): Condition => ({ kind: 'compare', operator, left: rangePath, right: value(pool[i]!) })),
    // Mostly ordered bounds; reversed bounds get DynamoDB's error.
    fc.tuple(index, index, fc.integer({ min: 0, max: 9 })).map(([i, j, swap]): Condition => {
      const [low, high] = swap === 0 ? [Math.max(i, j), Math.min(i, j)] : [Math.min(i, j), Math.max(i, j)];
      return { kind: 'between', operand: rangePath, low: value(pool[low]!), high: value(pool[high]!) };
    }),
    index.map((i): Condition => ({ kind: 'call', name: 'begins_with', args: [rangePath, value(pool[i]!)] })),
  );
  return fc.tuple(hashCondition, fc.option(rangeCondition, { freq: 3 })).map(([h, r]): Condition => (r === null ? h : { kind: 'and', left: h, right: r }));
}

/** A condition on one sort attribute: a comparison, BETWEEN (now and then reversed) or begins_with. */
function sortConditionArb(range: KeyAttribute): fc.Arbitrary<Condition> {
  const pool = keyPool(range.type);
  const rangePath = path(range.name);
  const index = fc.integer({ min: 0, max: pool.length - 1 });
  return fc.oneof(
    fc.tuple(fc.constantFrom('=', '<', '<=', '>', '>=' as const), index).map(([operator, i]): Condition => ({ kind: 'compare', operator, left: rangePath, right: value(pool[i]!) })),
    fc.tuple(index, index, fc.integer({ min: 0, max: 9 })).map(([i, j, swap]): Condition => {
      const [low, high] = swap === 0 ? [Math.max(i, j), Math.min(i, j)] : [Math.min(i, j), Math.max(i, j)];
      return { kind: 'between', operand: rangePath, low: value(pool[low]!), high: value(pool[high]!) };
    }),
    index.map((i): Condition => ({ kind: 'call', name: 'begins_with', args: [rangePath, value(pool[i]!)] })),
  );
}

const equals = (k: KeyAttribute, size = 3): fc.Arbitrary<Condition> =>
  keyValueArb(k.type, size).map((v): Condition => ({ kind: 'compare', operator: '=', left: path(k.name), right: value(v) }));

/**
 * A key condition on a multi-attribute key: every partition attribute by
 * equality, equalities on a prefix of the sort attributes and a random
 * condition on the next one, the conditions in a random order. With
 * `invalid`, now and then one that breaks the rule: a partition attribute
 * left out or compared by a range, a sort attribute skipped, a range before
 * another condition, or a non-key attribute.
 */
export function multiKeyConditionArb(hashes: KeyAttribute[], ranges: KeyAttribute[], invalid: boolean): fc.Arbitrary<Condition> {
  const valid = fc
    .tuple(fc.integer({ min: 0, max: ranges.length }), fc.boolean())
    .chain(([used, lastEquals]) =>
      fc.tuple(
        ...hashes.map((k) => equals(k, 2)),
        ...ranges.slice(0, used).map((k, i) => (i === used - 1 && !lastEquals ? sortConditionArb(k) : equals(k, 4))),
      ),
    );
  const broken = fc
    .tuple(valid, fc.integer({ min: 0, max: 3 }), fc.nat())
    .map(([conditions, how, at]): Condition[] => {
      const list = [...conditions];
      if (how === 0) list.splice(at % hashes.length, 1);
      else if (how === 1) list[at % hashes.length] = { kind: 'compare', operator: '>', left: path(hashes[at % hashes.length]!.name), right: value(keyPool(hashes[at % hashes.length]!.type)[0]!) };
      else if (how === 2 && list.length > hashes.length + 1) list.splice(hashes.length + (at % (list.length - hashes.length - 1)), 1);
      else list.push({ kind: 'compare', operator: '=', left: path('a'), right: value({ S: 'x' }) });
      return list;
    });
  const conditions = invalid ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: broken }) : valid;
  return conditions
    .filter((list) => list.length > 0)
    .chain((list) => fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))
    .map((list) => list.reduce((left, right): Condition => ({ kind: 'and', left, right })));
}
