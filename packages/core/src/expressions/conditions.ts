/**
 * Conditions (ConditionExpression, FilterExpression, KeyConditionExpression):
 * OR < AND < NOT < comparison / BETWEEN / IN / function.
 *
 * A parenthesis may open a condition `(a = :v)` or an operand `(a) = :v`; which
 * one is known only after the closing parenthesis, so the inside of a group may
 * come back as a "bare" operand that the caller then compares.
 */
import type { AttributeValue } from '../values/types.js';
import { typeOf } from '../values/types.js';
import { compareScalars } from '../keys/compare.js';
import type { Comparator, Condition, Operand } from './ast.js';
import { MAX_IN_OPERANDS, messages } from './messages.js';
import { checkCall, parseOperand, pathsEqual } from './operands.js';
import { Phase, isMissingValue } from './parser.js';
import type { Parser } from './parser.js';
import { Tok } from './tokens.js';

interface Bare {
  bare: Operand;
}
type Item = Condition | Bare;

function isBare(item: Item): item is Bare {
  return 'bare' in item;
}

/** Parses a whole condition text. */
export function parseConditionBody(p: Parser): Condition {
  const condition = parseOr(p, false) as Condition;
  if (p.tok !== Tok.EOF) p.syntaxError();
  return condition;
}

function parseOr(p: Parser, allowBare: boolean): Item {
  let left = parseAnd(p, allowBare);
  if (isBare(left)) return left;
  while (p.isKeyword('OR')) {
    p.countOperator(p.start, p.end);
    p.advance();
    left = { kind: 'or', left, right: parseAnd(p, false) as Condition };
  }
  return left;
}

function parseAnd(p: Parser, allowBare: boolean): Item {
  let left = parseNot(p, allowBare);
  if (isBare(left)) return left;
  while (p.isKeyword('AND')) {
    p.countOperator(p.start, p.end);
    p.advance();
    left = { kind: 'and', left, right: parseNot(p, false) as Condition };
  }
  return left;
}

function parseNot(p: Parser, allowBare: boolean): Item {
  if (!p.isKeyword('NOT')) return parsePrimary(p, allowBare);
  p.countOperator(p.start, p.end);
  p.advance();
  p.enter();
  const operand = parseNot(p, false) as Condition;
  p.leave();
  return { kind: 'not', operand };
}

function parsePrimary(p: Parser, allowBare: boolean): Item {
  if (p.tok === Tok.LParen) return parseGroup(p, allowBare);
  const operand = parseOperand(p, 'condition');
  return afterOperand(p, operand, p.operandStart, p.operandEnd, allowBare);
}

function parseGroup(p: Parser, allowBare: boolean): Item {
  const start = p.start;
  p.enter();
  p.advance();
  const inner = parseOr(p, true);
  const end = p.end;
  p.expect(Tok.RParen);
  p.leave();
  const node = isBare(inner) ? inner.bare : inner;
  p.markParenthesized(node, start, end);
  if (isBare(inner) || node.kind === 'call') return afterOperand(p, node as Operand, start, end, allowBare);
  return node as Condition;
}

/** After an operand: a comparison, a function used as a condition, or (inside parentheses) a bare operand. */
function afterOperand(p: Parser, operand: Operand, start: number, end: number, allowBare: boolean): Item {
  if (atComparison(p)) return parseComparison(p, operand, start, end);
  if (allowBare && p.tok === Tok.RParen) return { bare: operand };
  if (operand.kind !== 'call') return p.syntaxError();
  checkCall(p, operand, 'condition', start, end);
  return operand;
}

function atComparison(p: Parser): boolean {
  return (p.tok >= Tok.Eq && p.tok <= Tok.Ge) || p.isKeyword('BETWEEN') || p.isKeyword('IN');
}

const COMPARATORS: Record<number, Comparator> = {
  [Tok.Eq]: '=',
  [Tok.Ne]: '<>',
  [Tok.Lt]: '<',
  [Tok.Le]: '<=',
  [Tok.Gt]: '>',
  [Tok.Ge]: '>=',
};

function parseComparison(p: Parser, left: Operand, start: number, leftEnd: number): Condition {
  if (left.kind === 'call') checkCall(p, left, 'operand', start, leftEnd);
  p.countOperator(p.start, p.end);
  const comparator = COMPARATORS[p.tok];
  if (comparator !== undefined) {
    p.advance();
    const right = parseOperand(p, 'operand');
    const problem = compareProblem(comparator, left, right);
    if (problem !== undefined) p.defer(Phase.Operands, problem, start, p.prevEnd);
    return { kind: 'compare', operator: comparator, left, right };
  }
  if (p.isKeyword('BETWEEN')) {
    p.advance();
    const low = parseOperand(p, 'operand');
    if (!p.isKeyword('AND')) p.syntaxError();
    p.advance();
    const high = parseOperand(p, 'operand');
    const problem = betweenProblem(left, low, high);
    if (problem !== undefined) p.defer(Phase.Operands, problem, start, p.prevEnd);
    return { kind: 'between', operand: left, low, high };
  }
  // IN
  p.advance();
  p.expect(Tok.LParen);
  const list: Operand[] = [];
  for (;;) {
    list.push(parseOperand(p, 'operand'));
    if (p.tok !== Tok.Comma) break;
    p.advance();
  }
  p.expect(Tok.RParen);
  if (list.length > MAX_IN_OPERANDS) {
    p.defer(Phase.Operands, messages.tooManyInOperands(list.length), start, p.prevEnd);
  } else if (left.kind === 'path' && list.some((item) => item.kind === 'path' && pathsEqual(left, item))) {
    p.defer(Phase.Operands, messages.notDistinct('IN', left), start, p.prevEnd);
  }
  return { kind: 'in', operand: left, list };
}

function compareProblem(comparator: Comparator, left: Operand, right: Operand): string | undefined {
  if (left.kind === 'path' && right.kind === 'path' && pathsEqual(left, right)) {
    return messages.notDistinct(comparator, left);
  }
  if (comparator === '=' || comparator === '<>') return undefined;
  // Only scalars have an order.
  return unorderedValue(comparator, left) ?? unorderedValue(comparator, right);
}

function unorderedValue(operator: string, operand: Operand): string | undefined {
  if (operand.kind !== 'value' || isMissingValue(operand.value)) return undefined;
  const type = typeOf(operand.value);
  return type === 'S' || type === 'N' || type === 'B' ? undefined : messages.operandType(operator, type);
}

function betweenProblem(operand: Operand, low: Operand, high: Operand): string | undefined {
  // DynamoDB checks the three operands' types first, then that they differ.
  const unordered =
    unorderedValue('BETWEEN', operand) ?? unorderedValue('BETWEEN', low) ?? unorderedValue('BETWEEN', high);
  if (unordered !== undefined) return unordered;
  if (operand.kind === 'path') {
    if ((low.kind === 'path' && pathsEqual(operand, low)) || (high.kind === 'path' && pathsEqual(operand, high))) {
      return messages.notDistinct('BETWEEN', operand);
    }
  }
  if (low.kind !== 'value' || high.kind !== 'value' || isMissingValue(low.value) || isMissingValue(high.value)) return undefined;
  let order: number | undefined;
  try {
    order = compareScalars(low.value, high.value);
  } catch {
    return undefined; // a malformed number: the value check reports it
  }
  if (order === undefined) return messages.betweenTypes(formatValue(low.value), formatValue(high.value));
  if (order > 0) return messages.betweenOrder(formatValue(low.value), formatValue(high.value));
  return undefined;
}

/** DynamoDB's rendering of a scalar in BETWEEN messages: `{N:5}`, `{S:abc}`. */
function formatValue(value: AttributeValue): string {
  if ('S' in value) return `{S:${value.S}}`;
  if ('N' in value) return `{N:${value.N}}`;
  if ('B' in value) {
    const n = value.B.length;
    return `{B:java.nio.HeapByteBuffer[pos=0 lim=${n} cap=${n}]}`;
  }
  return `{${typeOf(value)}}`;
}
