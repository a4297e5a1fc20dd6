/**
 * No expression input reaches the stack's limit: the DynamoDB parser, the
 * friendly parser (every kind), the printers and the evaluator are bounded,
 * and hostile nesting gets a clear ValidationException (DynamoDB's own
 * message for DynamoDB expressions, as DynamoDB Local gives it; see
 * key-condition.oracle.test.ts), never a RangeError.
 */
import { describe, expect, it } from 'vitest';
import {
  applyUpdate,
  compileFriendly,
  evaluateCondition,
  formatLiteral,
  parseCondition,
  parseFriendly,
  parseUpdate,
  printCondition,
  printExpressions,
  printFriendly,
} from '@dynotable/core';
import type { AttributeValue, Condition, ConditionKind, FriendlyKind, Operand, UpdateNode } from '@dynotable/core';

const parens = (n: number, inner: string) => '('.repeat(n) + inner + ')'.repeat(n);
const VALUES = { values: { ':a': { S: 'x' } } };
const NESTED_TOO_DEEPLY =
  'The expression nests parentheses, NOT, functions and arithmetic more than 602 levels deep; no valid expression does (each two levels need one of the 300 operators allowed)';
const LITERAL_TOO_DEEP = 'A literal value nests lists, maps and sets more than 31 levels deep; DynamoDB allows at most 31';

/** Runs `f`, which must throw a ValidationException with exactly `message` (and no RangeError). */
function refuses(f: () => unknown, message: string | RegExp): void {
  let thrown: unknown;
  try {
    f();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a ValidationException').toBeInstanceOf(Error);
  expect((thrown as Error).name).toBe('ValidationException');
  if (typeof message === 'string') expect((thrown as Error).message).toBe(message);
  else expect((thrown as Error).message).toMatch(message);
}

describe('DynamoDB expressions nested up to the 4 KB limit get DynamoDB\'s own answer', () => {
  const kinds: ConditionKind[] = ['KeyConditionExpression', 'ConditionExpression', 'FilterExpression'];
  for (const kind of kinds) {
    it(`${kind}: 2,000 redundant parentheses, 1,000 NOTs, 650 levels of NOT( ), 2,000 parentheses never closed`, () => {
      refuses(() => parseCondition(parens(2_000, 'pk = :a'), kind, VALUES), `Invalid ${kind}: The expression has redundant parentheses;`);
      refuses(() => parseCondition(`${'NOT '.repeat(1_000)}pk = :a`, kind, VALUES), `Invalid ${kind}: The expression contains too many operators; operator count: 301`);
      refuses(() => parseCondition(`${'NOT('.repeat(650)}pk = :a${')'.repeat(650)}`, kind, VALUES), `Invalid ${kind}: The expression contains too many operators; operator count: 301`);
      refuses(() => parseCondition(`${'('.repeat(2_000)}pk = :a`, kind, VALUES), `Invalid ${kind}: Syntax error; token: "<EOF>", near: ":a"`);
    });
  }

  it('guard: where the recursion was shallow enough already, the answers stay DynamoDB\'s', () => {
    refuses(() => parseUpdate(`SET a = ${parens(2_000, 'b')}`), 'Invalid UpdateExpression: The expression has redundant parentheses;');
    refuses(() => parseUpdate(`SET a = ${parens(2_000, 'b')} + c`), 'Invalid UpdateExpression: The expression has redundant parentheses;');
    refuses(
      () => parseCondition(`${'size('.repeat(600)}x${')'.repeat(600)} = :a`, 'FilterExpression', VALUES),
      'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N',
    );
    refuses(() => parseCondition(parens(100_000, 'a = :a'), 'FilterExpression', VALUES), /^Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 200006$/);
  });
});

describe('friendly text nested too deeply names the limit, in every kind', () => {
  const cases: Array<[FriendlyKind, string, (n: number) => string]> = [
    ['key', 'KeyConditionExpression', (n) => parens(n, 'pk = "a"')],
    ['filter', 'FilterExpression', (n) => parens(n, 'status = "open"')],
    ['condition', 'ConditionExpression', (n) => parens(n, 'attribute_exists(a)')],
    ['filter', 'FilterExpression', (n) => `${'NOT '.repeat(n)}a = 1`],
    ['filter', 'FilterExpression', (n) => `${'size('.repeat(n)}a${')'.repeat(n)} > 1`],
    ['update', 'UpdateExpression', (n) => `SET a = ${parens(n, 'b')}`],
    ['update', 'UpdateExpression', (n) => `SET a = ${'if_not_exists(b, '.repeat(n)}1${')'.repeat(n)}`],
    ['update', 'UpdateExpression', (n) => `SET a = ${'list_append(b, '.repeat(n)}[1]${')'.repeat(n)}`],
  ];
  for (const depth of [3_500, 100_000]) {
    for (const [kind, field, text] of cases) {
      it(`${kind}, ${depth.toLocaleString('en')} levels: ${text(2).slice(0, 40)}`, () => {
        refuses(() => parseFriendly(kind, text(depth)), `Invalid ${field}: ${NESTED_TOO_DEEPLY}`);
        refuses(() => compileFriendly({ [kind]: text(depth) }), `Invalid ${field}: ${NESTED_TOO_DEEPLY}`);
      });
    }
  }

  it('guard: projection paths 100,000 levels long get DynamoDB\'s path-depth error', () => {
    refuses(() => parseFriendly('projection', `a${'.b'.repeat(100_000)}`), /^Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 100001$/);
    refuses(() => parseFriendly('projection', parens(3_500, 'a')), /^Invalid ProjectionExpression: Syntax error; token: "\(", near: "\(\("$/);
  });

  it('literals: 10,000 and 100,000 nested lists, maps and sets stop at DynamoDB\'s 31 levels', () => {
    const literals = [
      '['.repeat(100_000) + ']'.repeat(100_000),
      '{"k": '.repeat(10_000) + '1' + '}'.repeat(10_000),
      '<<'.repeat(10_000) + '1' + '>>'.repeat(10_000),
      '['.repeat(32) + ']'.repeat(32),
    ];
    for (const literal of literals) {
      refuses(() => parseFriendly('filter', `a = ${literal}`), `Invalid FilterExpression: ${LITERAL_TOO_DEEP}`);
      refuses(() => parseFriendly('update', `SET a = ${literal}`), `Invalid UpdateExpression: ${LITERAL_TOO_DEEP}`);
    }
    // 31 levels are what DynamoDB accepts.
    expect(() => compileFriendly({ filter: `a = ${'['.repeat(31)}${']'.repeat(31)}` })).not.toThrow();
  });

  it('guard: the deepest valid nesting (299 NOTs in parentheses) still compiles', () => {
    const text = `${'(NOT '.repeat(299)}a = 1${')'.repeat(299)}`;
    const request = compileFriendly({ filter: text });
    expect(request.FilterExpression).toBe(`${'NOT '.repeat(299)}a = :v0`);
  });
});

function eq(name: string, n: number): Condition {
  return { kind: 'compare', operator: '=', left: { kind: 'path', elements: [{ type: 'name', name }] }, right: { kind: 'value', value: { N: String(n) } } };
}

/** A tree no parser would build: `depth` NOTs around one comparison. */
function notChain(depth: number): Condition {
  let condition: Condition = eq('a', 1);
  for (let i = 0; i < depth; i++) condition = { kind: 'not', operand: condition };
  return condition;
}

function andChain(count: number, side: 'left' | 'right'): Condition {
  let condition: Condition = eq('a', 1);
  for (let i = 0; i < count; i++) {
    const leaf = eq('a', 1);
    condition = side === 'left' ? { kind: 'and', left: condition, right: leaf } : { kind: 'and', left: leaf, right: condition };
  }
  return condition;
}

function deepValue(depth: number): AttributeValue {
  let value: AttributeValue = { S: 'x' };
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { L: [value] } : { M: { k: value } };
  return value;
}

describe('trees built by code', () => {
  it('the printers refuse a 100,000-deep tree with a clear error', () => {
    const deep = notChain(100_000);
    refuses(() => printCondition(deep), NESTED_TOO_DEEPLY);
    refuses(() => printFriendly('filter', deep), NESTED_TOO_DEEPLY);
    refuses(() => printExpressions({ filter: andChain(100_000, 'right') }), NESTED_TOO_DEEPLY);
    let operand: Operand = { kind: 'path', elements: [{ type: 'name', name: 'a' }] };
    for (let i = 0; i < 100_000; i++) operand = { kind: 'arithmetic', operator: '+', left: operand, right: { kind: 'value', value: { N: '1' } } };
    const update: UpdateNode = { kind: 'update', set: [{ path: { kind: 'path', elements: [{ type: 'name', name: 'a' }] }, value: operand }], remove: [], add: [], delete: [] };
    refuses(() => printExpressions({ update }), NESTED_TOO_DEEPLY);
    refuses(() => printFriendly('update', update), NESTED_TOO_DEEPLY);
  });

  it('the printers refuse a value nested 100,000 deep with DynamoDB\'s nesting message', () => {
    const message = 'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit';
    refuses(() => printCondition({ kind: 'compare', operator: '=', left: { kind: 'path', elements: [{ type: 'name', name: 'a' }] }, right: { kind: 'value', value: deepValue(100_000) } }), message);
    refuses(() => formatLiteral(deepValue(100_000)), message);
  });

  it('the evaluator walks 100,000 levels of NOT, AND and OR without recursion', () => {
    const item = { a: { N: '1' } };
    expect(evaluateCondition(notChain(100_000), item)).toBe(true);
    expect(evaluateCondition(notChain(100_001), item)).toBe(false);
    expect(evaluateCondition(andChain(100_000, 'left'), item)).toBe(true);
    expect(evaluateCondition(andChain(100_000, 'right'), item)).toBe(true);
    expect(evaluateCondition(andChain(100_000, 'left'), { a: { N: '2' } })).toBe(false);
    let or: Condition = eq('a', 2);
    for (let i = 0; i < 100_000; i++) or = { kind: 'or', left: or, right: eq('a', i === 99_999 ? 1 : 2) };
    expect(evaluateCondition(or, item)).toBe(true);
    let size: Operand = { kind: 'path', elements: [{ type: 'name', name: 's' }] };
    for (let i = 0; i < 100_000; i++) size = { kind: 'call', name: 'size', args: [size] };
    expect(evaluateCondition({ kind: 'compare', operator: '=', left: size, right: { kind: 'value', value: { N: '1' } } }, { s: { S: 'abc' } })).toBe(false);
  });

  it('the update evaluator refuses a 100,000-deep SET value with a clear error', () => {
    let operand: Operand = { kind: 'value', value: { N: '1' } };
    for (let i = 0; i < 100_000; i++) operand = { kind: 'call', name: 'if_not_exists', args: [{ kind: 'path', elements: [{ type: 'name', name: 'b' }] }, operand] };
    const update: UpdateNode = { kind: 'update', set: [{ path: { kind: 'path', elements: [{ type: 'name', name: 'a' }] }, value: operand }], remove: [], add: [], delete: [] };
    refuses(() => applyUpdate(update, { k: { S: 'x' } }), NESTED_TOO_DEEPLY);
  });
});
