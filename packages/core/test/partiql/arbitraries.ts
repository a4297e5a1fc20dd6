/**
 * fast-check arbitraries of PartiQL statement trees in the form the parser
 * builds: names of any characters (the printer quotes them), canonical
 * numbers, sets of distinct strings or numbers, left-to-right `?` positions.
 */
import fc from 'fast-check';
import type {
  PathNode,
  PqlCondition,
  PqlOperand,
  PqlReturning,
  PqlTarget,
  PqlUpdateClause,
  PqlValue,
  Statement,
} from '@dynotable/core';
import { canonicalNumberText, stringValue } from '../support/arbitraries-values.js';

/** Names: DynamoDB refuses an empty one and reads one starting with `#` or `:` as a placeholder. */
const name: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('pk', 'sk', 'status', 'value', 'size', 'select', 'missing', 'a b', 'x"y', 'begins_with', 'Order', '_1', 'é', 'a#'),
  stringValue.filter((s) => s.length > 0 && !s.startsWith('#') && !s.startsWith(':')),
);

const path: fc.Arbitrary<PathNode> = fc
  .tuple(
    name,
    fc.array(fc.oneof(name.map((n) => ({ type: 'name' as const, name: n })), fc.nat(20).map((index) => ({ type: 'index' as const, index }))), {
      maxLength: 3,
    }),
  )
  .map(([first, rest]) => ({ kind: 'path', elements: [{ type: 'name', name: first }, ...rest] }));

const scalar: fc.Arbitrary<PqlValue> = fc.oneof(
  stringValue.map((S) => ({ kind: 'value' as const, value: { S } })),
  canonicalNumberText.map((N) => ({ kind: 'value' as const, value: { N } })),
  fc.boolean().map((BOOL) => ({ kind: 'value' as const, value: { BOOL } })),
  fc.constant({ kind: 'value' as const, value: { NULL: true as const } }),
);

const parameter: fc.Arbitrary<PqlValue> = fc.constant({ kind: 'parameter', index: 0 });

const set: fc.Arbitrary<PqlValue> = fc.oneof(
  fc.uniqueArray(stringValue, { minLength: 1, maxLength: 4 }).map((items) => ({ kind: 'set' as const, items: items.map((S) => ({ kind: 'value' as const, value: { S } })) })),
  fc.uniqueArray(canonicalNumberText, { minLength: 1, maxLength: 4 }).map((items) => ({ kind: 'set' as const, items: items.map((N) => ({ kind: 'value' as const, value: { N } })) })),
);

/** Map keys: DynamoDB refuses an empty one. */
const mapKey = stringValue.filter((key) => key !== '');

/** Literals: DynamoDB takes no parameter inside a list, map or set literal. */
const { literal } = fc.letrec<{ literal: PqlValue }>((tie) => ({
  literal: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'pql-value' },
    scalar,
    set,
    fc.array(tie('literal'), { maxLength: 3 }).map((items) => ({ kind: 'list' as const, items })),
    fc
      .uniqueArray(fc.record({ key: mapKey, value: tie('literal') }), { maxLength: 3, selector: (e) => e.key })
      .map((entries) => ({ kind: 'map' as const, entries })),
  ),
}));

const value: fc.Arbitrary<PqlValue> = fc.oneof(literal, parameter);

const operand: fc.Arbitrary<PqlOperand> = fc.oneof(
  path,
  value,
  path.map((p): PqlOperand => ({ kind: 'call', name: 'size', args: [p] })),
);

const comparator = fc.constantFrom('=', '<>', '<', '<=', '>', '>=' as const);

const predicate: fc.Arbitrary<PqlCondition> = fc.oneof(
  fc.record({ kind: fc.constant('compare' as const), operator: comparator, left: operand, right: operand }),
  fc.record({ kind: fc.constant('between' as const), operand, low: operand, high: operand }),
  fc.record({ kind: fc.constant('in' as const), operand, list: fc.array(operand, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('is' as const), operand: path, test: fc.constantFrom('MISSING', 'NULL', 'STRING', 'NUMERIC', 'LIST', 'STRUCT', 'TUPLE', 'BOOLEAN', 'BOOL', 'BLOB' as const), negated: fc.boolean() }),
  fc.record({ kind: fc.constant('call' as const), name: fc.constantFrom('begins_with', 'contains', 'attribute_type' as const), args: fc.tuple(path, value) }),
  fc.record({ kind: fc.constant('call' as const), name: fc.constantFrom('attribute_exists', 'attribute_not_exists' as const), args: fc.tuple(path) }),
);

const { condition } = fc.letrec<{ condition: PqlCondition }>((tie) => ({
  condition: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'pql-condition' },
    predicate,
    fc.record({ kind: fc.constantFrom('and', 'or' as const), left: tie('condition'), right: tie('condition') }),
    fc.record({ kind: fc.constant('not' as const), operand: tie('condition') }),
  ),
}));

const target: fc.Arbitrary<PqlTarget> = fc.oneof(
  fc.record({ table: name }),
  fc.record({ table: name, index: name }),
);

const tableOnly: fc.Arbitrary<PqlTarget> = fc.record({ table: name });

const projection: fc.Arbitrary<'*' | PathNode[]> = fc.oneof(
  fc.constant('*' as const),
  // DynamoDB refuses overlapping paths: one per top-level name.
  fc.uniqueArray(path, { minLength: 1, maxLength: 4, selector: (p) => JSON.stringify(p.elements[0]) }),
);

const setValueOperand: fc.Arbitrary<PqlOperand> = fc.oneof(
  path,
  value,
  fc.record({ kind: fc.constant('arithmetic' as const), operator: fc.constantFrom('+', '-' as const), left: fc.oneof(path, scalar), right: fc.oneof(path, scalar) }),
  fc.tuple(path, value).map(([p, v]): PqlOperand => ({ kind: 'call', name: 'if_not_exists', args: [p, v] })),
  fc.tuple(path, value).map(([p, v]): PqlOperand => ({ kind: 'call', name: 'list_append', args: [p, v] })),
);

const setAssignment = fc
  .tuple(path, set, fc.constantFrom('set_add', 'set_delete' as const))
  // The function's first argument is the path assigned.
  .map(([p, s, fn]) => ({ path: p, value: { kind: 'call', name: fn, args: [p, s] } as PqlOperand }));

const clause: fc.Arbitrary<PqlUpdateClause> = fc.oneof(
  fc.array(fc.oneof(fc.record({ path, value: setValueOperand }), setAssignment), { minLength: 1, maxLength: 3 }).map((assignments) => ({ kind: 'set' as const, assignments })),
  path.map((p) => ({ kind: 'remove' as const, path: p })),
);

const returning = fc.constantFrom<PqlReturning>('ALL OLD', 'ALL NEW', 'MODIFIED OLD', 'MODIFIED NEW');

const withOptional = <T extends object>(base: T, optional: Record<string, unknown>): T => {
  const out = { ...base } as Record<string, unknown>;
  for (const [key, v] of Object.entries(optional)) if (v !== undefined) out[key] = v;
  return out as T;
};

const select: fc.Arbitrary<Statement> = fc
  .record({
    projection,
    target,
    where: fc.option(condition, { nil: undefined }),
    orderBy: fc.option(fc.array(fc.record({ path, direction: fc.option(fc.constantFrom('ASC', 'DESC' as const), { nil: undefined }) }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  })
  .map(({ projection: p, target: t, where, orderBy }) =>
    withOptional({ kind: 'select', projection: p, target: t } as Statement, {
      where,
      // ORDER BY needs a WHERE clause.
      orderBy: where === undefined ? undefined : orderBy?.map((o) => withOptional({ path: o.path }, { direction: o.direction })),
    }),
  );

const insert: fc.Arbitrary<Statement> = fc
  .record({ target: tableOnly, entries: fc.uniqueArray(fc.record({ key: mapKey, value }), { maxLength: 4, selector: (e) => e.key }) })
  .map(({ target: t, entries }) => ({ kind: 'insert', target: t, item: { kind: 'map', entries } }));

const update: fc.Arbitrary<Statement> = fc
  .record({
    target: tableOnly,
    clauses: fc.array(clause, { minLength: 1, maxLength: 3 }),
    where: fc.option(condition, { nil: undefined }),
    returning: fc.option(returning, { nil: undefined }),
  })
  .map(({ target: t, clauses, where, returning: r }) => withOptional({ kind: 'update', target: t, clauses } as Statement, { where, returning: r }));

const deletion: fc.Arbitrary<Statement> = fc
  .record({ target: tableOnly, where: fc.option(condition, { nil: undefined }), returning: fc.option(fc.constant<PqlReturning>('ALL OLD'), { nil: undefined }) })
  .map(({ target: t, where, returning: r }) => withOptional({ kind: 'delete', target: t } as Statement, { where, returning: r }));

/** Any statement, its `?` numbered left to right as the parser numbers them. */
export const statementArbitrary: fc.Arbitrary<Statement> = fc.oneof(select, insert, update, deletion).map(numberParameters);

/** Renumbers `?` in the order the printer writes them (the order of the tree's keys). */
function numberParameters(statement: Statement): Statement {
  let next = 0;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    if ((node as { kind?: unknown }).kind === 'parameter') return { kind: 'parameter', index: next++ };
    return Object.fromEntries(Object.entries(node).map(([key, v]) => [key, visit(v)]));
  };
  return visit(statement) as Statement;
}
