/**
 * fast-check arbitraries for VALID expression ASTs of every kind: within all
 * of DynamoDB's limits, functions where they may stand with the right arity,
 * distinct operands, ordered BETWEEN bounds, update and projection paths that
 * neither overlap nor conflict. Names include reserved words, dots, dashes,
 * spaces, leading digits and non-ASCII text; values cover every type.
 *
 * Printed with `printExpressions`, every generated AST is a request DynamoDB
 * accepts (for key conditions: given the generated key schema).
 */
import fc from 'fast-check';
import type {
  AttributeValue,
  CallNode,
  Comparator,
  Condition,
  Operand,
  PathElement,
  PathNode,
  ProjectionNode,
  UpdateNode,
  ValueNode,
} from '../../src/index.js';
import { RESERVED_WORDS, compareNumbers, compareStrings, normalizeNumber, printFriendly } from '../../src/index.js';

// ---------- names and paths ----------

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const identifierChars = `${letters}0123456789_`;

/** A bare identifier such as `views` or `gameId_2`. */
const plainNameArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...letters), fc.string({ unit: fc.constantFrom(...identifierChars), maxLength: 10 }))
  .map(([head, tail]) => head + tail);

/** A reserved word in random letter case, e.g. `status`, `Result`, `NAME`. */
const reservedNameArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...RESERVED_WORDS), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }))
  .map(([word, lower]) => [...word].map((ch, i) => (lower[i % lower.length] ? ch.toLowerCase() : ch)).join(''));

/** Names that must be aliased for another reason: dots, dashes, spaces, leading digits, `_`, non-ASCII. */
const oddNameArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(plainNameArb, fc.constantFrom('.', '-', ' ', '#', ':', '$'), plainNameArb).map(([a, sep, b]) => a + sep + b),
  fc.tuple(fc.integer({ min: 0, max: 999 }), plainNameArb).map(([n, b]) => `${n}${b}`),
  plainNameArb.map((name) => `_${name}`),
  fc.constantFrom('größe', '名前', 'café au lait', 'emoji🙂', 'ünïcödé', 'a.b.c', 'x[0]', '(paren)'),
);

const attributeNameArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: plainNameArb, weight: 3 },
  // REMOVE is a keyword of the grammar but not a reserved word.
  { arbitrary: fc.constantFrom('remove', 'Remove', 'REMOVE'), weight: 1 },
  { arbitrary: reservedNameArb, weight: 2 },
  { arbitrary: oddNameArb, weight: 2 },
);

const pathElementArb: fc.Arbitrary<PathElement> = fc.oneof(
  attributeNameArb.map((name) => ({ type: 'name' as const, name })),
  fc.integer({ min: 0, max: 50 }).map((index) => ({ type: 'index' as const, index })),
);

/** A document path of 1 to 4 levels: `a`, `a.b[3]`, `#status.x-y[0]`... */
const pathArb: fc.Arbitrary<PathNode> = fc
  .tuple(attributeNameArb, fc.array(pathElementArb, { maxLength: 3 }))
  .map(([first, rest]) => ({ kind: 'path' as const, elements: [{ type: 'name' as const, name: first }, ...rest] }));

// ---------- values ----------

/** Decimal strings DynamoDB accepts, kept as written (`-0.5`, `12`, `3.25E+7`). */
const numberTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc
    .tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 1, max: 9999 }))
    .map(([whole, fraction]) => `${whole}.${fraction}`),
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: -100, max: 100 })).map(([m, e]) => `${m}E${e}`),
);

const stringTextArb = fc.string({ unit: 'grapheme', maxLength: 12 });
const bytesArb = fc.uint8Array({ maxLength: 8 });

const scalarValueArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  stringTextArb.map((S) => ({ S })),
  numberTextArb.map((N) => ({ N })),
  bytesArb.map((B) => ({ B })),
);

const uniqueSet = <T>(arb: fc.Arbitrary<T>, key: (x: T) => string) =>
  fc.uniqueArray(arb, { minLength: 1, maxLength: 4, selector: key });

const setValueArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  uniqueSet(stringTextArb, (s) => s).map((SS) => ({ SS })),
  // Unique by value, as DynamoDB sees a set: 20 and 2E1 are one member.
  uniqueSet(numberTextArb, normalizeNumber).map((NS) => ({ NS })),
  uniqueSet(bytesArb, (b) => b.join(',')).map((BS) => ({ BS })),
);

/** Any value of any of the ten types, nested up to three levels. */
const attributeValueArb: fc.Arbitrary<AttributeValue> = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarValueArb,
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
    setValueArb,
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(attributeNameArb, tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;

const valueNode = (value: AttributeValue): ValueNode => ({ kind: 'value', value });

// ---------- conditions ----------

function samePath(a: Operand, b: Operand): boolean {
  return a.kind === 'path' && b.kind === 'path' && JSON.stringify(a) === JSON.stringify(b);
}

const sizeArb: fc.Arbitrary<CallNode> = pathArb.map((p) => ({ kind: 'call', name: 'size', args: [p] }));

/** The left side of a comparison: a path or size(path). */
const subjectArb: fc.Arbitrary<Operand> = fc.oneof({ arbitrary: pathArb, weight: 3 }, { arbitrary: sizeArb, weight: 1 });

/** Two scalar values of one type with low <= high. */
const orderedBounds = (strings: fc.Arbitrary<string>): fc.Arbitrary<[AttributeValue, AttributeValue]> => fc.oneof(
  fc.tuple(strings, strings).map(([a, b]): [AttributeValue, AttributeValue] =>
    compareStrings(a, b) <= 0 ? [{ S: a }, { S: b }] : [{ S: b }, { S: a }],
  ),
  fc.tuple(numberTextArb, numberTextArb).map(([a, b]): [AttributeValue, AttributeValue] =>
    compareNumbers(a, b) <= 0 ? [{ N: a }, { N: b }] : [{ N: b }, { N: a }],
  ),
);
const orderedBoundsArb = orderedBounds(stringTextArb);

const compareArb: fc.Arbitrary<Condition> = fc
  .tuple(
    fc.constantFrom<Comparator>('=', '<>', '<', '<=', '>', '>='),
    subjectArb,
    fc.oneof(scalarValueArb.map(valueNode), pathArb, sizeArb),
    fc.oneof(attributeValueArb.map(valueNode), pathArb),
    fc.boolean(),
  )
  .map(([operator, left, ordered, any, swap]): Condition => {
    const right = operator === '=' || operator === '<>' ? any : ordered;
    return swap ? { kind: 'compare', operator, left: right, right: left } : { kind: 'compare', operator, left, right };
  })
  .filter((c) => c.kind === 'compare' && !samePath(c.left, c.right));

const betweenArb: fc.Arbitrary<Condition> = fc
  .tuple(subjectArb, fc.oneof(orderedBoundsArb.map(([l, h]) => [valueNode(l), valueNode(h)] as const), fc.tuple(pathArb, pathArb)))
  .map(([operand, [low, high]]): Condition => ({ kind: 'between', operand, low, high }))
  .filter((c) => c.kind === 'between' && !samePath(c.operand, c.low) && !samePath(c.operand, c.high));

const inArb: fc.Arbitrary<Condition> = fc
  .tuple(subjectArb, fc.array(fc.oneof(attributeValueArb.map(valueNode), pathArb), { minLength: 1, maxLength: 5 }))
  .map(([operand, list]): Condition => ({ kind: 'in', operand, list }))
  .filter((c) => c.kind === 'in' && !c.list.some((item) => samePath(c.operand, item)));

const typeNameArb = fc.constantFrom('S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M');

const functionConditionArb: fc.Arbitrary<Condition> = fc.oneof(
  pathArb.map((p): Condition => ({ kind: 'call', name: 'attribute_exists', args: [p] })),
  pathArb.map((p): Condition => ({ kind: 'call', name: 'attribute_not_exists', args: [p] })),
  fc.tuple(pathArb, typeNameArb).map(([p, S]): Condition => ({ kind: 'call', name: 'attribute_type', args: [p, valueNode({ S })] })),
  fc
    .tuple(pathArb, fc.oneof(stringTextArb.map((S) => valueNode({ S })), bytesArb.map((B) => valueNode({ B })), pathArb))
    .map(([p, prefix]): Condition => ({ kind: 'call', name: 'begins_with', args: [p, prefix] }))
    .filter((c) => c.kind === 'call' && !samePath(c.args[0]!, c.args[1]!)),
  fc
    .tuple(pathArb, fc.oneof(attributeValueArb.map(valueNode), pathArb, sizeArb))
    .map(([p, x]): Condition => ({ kind: 'call', name: 'contains', args: [p, x] }))
    .filter((c) => c.kind === 'call' && !samePath(c.args[0]!, c.args[1]!)),
);

const simpleConditionArb: fc.Arbitrary<Condition> = fc.oneof(compareArb, betweenArb, inArb, functionConditionArb);

/** A ConditionExpression / FilterExpression: AND, OR, NOT over comparisons and functions, at most three levels deep. */
export const conditionArb: fc.Arbitrary<Condition> = fc.letrec<{ condition: Condition }>((tie) => ({
  condition: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'condition' },
    simpleConditionArb,
    fc.tuple(tie('condition'), tie('condition')).map(([left, right]): Condition => ({ kind: 'and', left, right })),
    fc.tuple(tie('condition'), tie('condition')).map(([left, right]): Condition => ({ kind: 'or', left, right })),
    tie('condition').map((operand): Condition => ({ kind: 'not', operand })),
  ),
})).condition;

// ---------- key conditions ----------

export interface KeyConditionSample {
  condition: Condition;
  keySchema: { partitionKey: string; sortKey?: string };
}

/** Key values may not be empty. */
const keyValueArb: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((S) => ({ S })),
  numberTextArb.map((N) => ({ N })),
  fc.uint8Array({ minLength: 1, maxLength: 8 }).map((B) => ({ B })),
);

/** A valid KeyConditionExpression together with the key schema it is valid for. */
export const keyConditionArb: fc.Arbitrary<KeyConditionSample> = fc
  .tuple(
    fc.uniqueArray(attributeNameArb, { minLength: 2, maxLength: 2 }),
    keyValueArb,
    fc.option(
      fc.oneof(
        fc
          .tuple(fc.constantFrom<Comparator>('=', '<', '<=', '>', '>='), keyValueArb, fc.boolean())
          .map(([operator, v, swap]) => ({ type: 'compare' as const, operator, v, swap })),
        orderedBounds(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })).map(([low, high]) => ({
          type: 'between' as const,
          low,
          high,
        })),
        keyValueArb.filter((v) => !('N' in v)).map((prefix) => ({ type: 'begins_with' as const, prefix })),
      ),
    ),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([[pk, sk], pkValue, sort, sortFirst, swapPk]): KeyConditionSample => {
    const pkPath: PathNode = { kind: 'path', elements: [{ type: 'name', name: pk! }] };
    const skPath: PathNode = { kind: 'path', elements: [{ type: 'name', name: sk! }] };
    const pkCondition: Condition = swapPk
      ? { kind: 'compare', operator: '=', left: valueNode(pkValue), right: pkPath }
      : { kind: 'compare', operator: '=', left: pkPath, right: valueNode(pkValue) };
    if (sort === null) return { condition: pkCondition, keySchema: { partitionKey: pk!, sortKey: sk! } };
    let skCondition: Condition;
    if (sort.type === 'compare') {
      skCondition = sort.swap
        ? { kind: 'compare', operator: sort.operator, left: valueNode(sort.v), right: skPath }
        : { kind: 'compare', operator: sort.operator, left: skPath, right: valueNode(sort.v) };
    } else if (sort.type === 'between') {
      skCondition = { kind: 'between', operand: skPath, low: valueNode(sort.low), high: valueNode(sort.high) };
    } else {
      skCondition = { kind: 'call', name: 'begins_with', args: [skPath, valueNode(sort.prefix)] };
    }
    const [left, right] = sortFirst ? [skCondition, pkCondition] : [pkCondition, skCondition];
    return { condition: { kind: 'and', left, right }, keySchema: { partitionKey: pk!, sortKey: sk! } };
  });

// ---------- update and projection ----------

/** Neither a prefix of the other nor parting at a map key against a list index. */
function pathsApart(a: PathNode, b: PathNode): boolean {
  const n = Math.min(a.elements.length, b.elements.length);
  for (let i = 0; i < n; i++) {
    const x = a.elements[i]!;
    const y = b.elements[i]!;
    if (x.type !== y.type) return false;
    if (x.type === 'name' ? x.name !== (y as { name: string }).name : x.index !== (y as { index: number }).index) return true;
  }
  return false;
}

/** 1..max paths, pairwise apart. */
function separatePathsArb(max: number): fc.Arbitrary<PathNode[]> {
  return fc.array(pathArb, { minLength: 1, maxLength: max }).map((paths) => {
    const kept: PathNode[] = [];
    for (const p of paths) if (kept.every((k) => pathsApart(k, p))) kept.push(p);
    return kept;
  });
}

const numberOperandArb: fc.Arbitrary<Operand> = fc.oneof(pathArb, numberTextArb.map((N) => valueNode({ N })));
const listOperandArb: fc.Arbitrary<Operand> = fc.oneof(
  pathArb,
  fc.array(attributeValueArb, { maxLength: 3 }).map((L) => valueNode({ L })),
);

/** The value of a SET action: an operand, `x + y` / `x - y`, if_not_exists or list_append. */
const setValueOperandArb: fc.Arbitrary<Operand> = fc.oneof(
  attributeValueArb.map(valueNode),
  pathArb,
  fc
    .tuple(fc.constantFrom<'+' | '-'>('+', '-'), numberOperandArb, numberOperandArb)
    .map(([operator, left, right]): Operand => ({ kind: 'arithmetic', operator, left, right })),
  fc.tuple(pathArb, attributeValueArb).map(([p, v]): Operand => ({ kind: 'call', name: 'if_not_exists', args: [p, valueNode(v)] })),
  fc.tuple(listOperandArb, listOperandArb).map(([a, b]): Operand => ({ kind: 'call', name: 'list_append', args: [a, b] })),
);

const addValueArb: fc.Arbitrary<AttributeValue> = fc.oneof(numberTextArb.map((N) => ({ N })), setValueArb);

/** An UpdateExpression whose target paths are pairwise apart. */
export const updateArb: fc.Arbitrary<UpdateNode> = separatePathsArb(8).chain((targets) =>
  fc
    .tuple(...targets.map(() => fc.constantFrom('set', 'remove', 'add', 'delete')), ...targets.map(() => setValueOperandArb), ...targets.map(() => addValueArb), ...targets.map(() => setValueArb))
    .map((choices) => {
      const n = targets.length;
      const update: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };
      targets.forEach((path, i) => {
        const section = choices[i] as 'set' | 'remove' | 'add' | 'delete';
        if (section === 'set') update.set.push({ path, value: choices[n + i] as Operand });
        else if (section === 'remove') update.remove.push(path);
        else if (section === 'add') update.add.push({ path, value: valueNode(choices[2 * n + i] as AttributeValue) });
        else update.delete.push({ path, value: valueNode(choices[3 * n + i] as AttributeValue) });
      });
      return update;
    }),
);

export const projectionArb: fc.Arbitrary<ProjectionNode> = separatePathsArb(8).map((paths) => ({ kind: 'projection', paths }));

// ---------- friendly text ----------

export type FriendlySample =
  | { kind: 'condition' | 'filter' | 'key'; node: Condition; text: string }
  | { kind: 'update'; node: UpdateNode; text: string }
  | { kind: 'projection'; node: ProjectionNode; text: string };

/** An AST with its friendly text (raw names, literal values), for parseFriendly round trips. */
export const friendlySampleArb: fc.Arbitrary<FriendlySample> = fc.oneof(
  conditionArb.map((node): FriendlySample => ({ kind: 'condition', node, text: printFriendly('condition', node) })),
  keyConditionArb.map(({ condition: node }): FriendlySample => ({ kind: 'key', node, text: printFriendly('key', node) })),
  updateArb.map((node): FriendlySample => ({ kind: 'update', node, text: printFriendly('update', node) })),
  projectionArb.map((node): FriendlySample => ({ kind: 'projection', node, text: printFriendly('projection', node) })),
);
