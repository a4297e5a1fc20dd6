/**
 * UpdateExpression: `SET a = v, ... REMOVE p, ... ADD p v, ... DELETE p v, ...`,
 * sections in any order, each at most once.
 */
import { ATTRIBUTE_TYPE_NAMES, typeOf } from '../values/types.js';
import type { AddAction, DeleteAction, Operand, PathNode, SetAction, UpdateNode } from './ast.js';
import { atLiteral, parseLiteral } from './literals.js';
import { messages } from './messages.js';
import { parseOperand, staticType } from './operands.js';
import { Phase, isMissingValue } from './parser.js';
import type { Parser } from './parser.js';
import { checkPathsApart } from './overlap.js';
import { parsePath } from './paths.js';
import { Tok } from './tokens.js';

type Section = 'SET' | 'REMOVE' | 'ADD' | 'DELETE';
const SECTIONS: Section[] = ['SET', 'REMOVE', 'ADD', 'DELETE'];

const TYPE_NAMES = ATTRIBUTE_TYPE_NAMES;

export function parseUpdateBody(p: Parser): UpdateNode {
  const update: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };
  const seen = new Set<Section>();
  const targets: PathNode[] = [];
  const locations: number[] = [];
  do {
    const section = SECTIONS.find((word) => p.isKeyword(word));
    if (section === undefined) p.syntaxError();
    const keywordStart = p.start;
    const keywordEnd = p.end;
    p.advance();
    for (;;) {
      p.actionIndex++;
      locations.push(p.start);
      p.targetIndex = targets.length;
      const path = parsePath(p);
      p.targetIndex = -1;
      targets.push(path);
      locations.push(p.prevEnd);
      if (section === 'SET') update.set.push(parseSetAction(p, path));
      else if (section === 'REMOVE') update.remove.push(path);
      else if (section === 'ADD') update.add.push(parseValueAction(p, path, 'ADD'));
      else update.delete.push(parseValueAction(p, path, 'DELETE'));
      if (p.tok !== Tok.Comma) break;
      p.advance();
    }
    // DynamoDB notices a repeated section once it has read it.
    if (seen.has(section)) p.defer(Phase.Walk, messages.sectionTwice(section), keywordStart, keywordEnd, p.start);
    seen.add(section);
  } while (p.tok !== Tok.EOF);
  checkPathsApart(p, targets, locations);
  return update;
}

function parseSetAction(p: Parser, path: PathNode): SetAction {
  p.expect(Tok.Eq);
  return { path, value: parseSetValue(p) };
}

/**
 * `operand`, `operand + operand`, `operand - operand`, or a whole value in
 * parentheses. `(a) + b` is a parenthesized operand; `(a + b) + c` is an error.
 */
function parseSetValue(p: Parser): Operand {
  const start = p.start;
  let left: Operand;
  if (p.tok === Tok.LParen) {
    p.enter();
    p.advance();
    const inner = parseSetValue(p);
    const end = p.end;
    p.expect(Tok.RParen);
    p.leave();
    p.markParenthesized(inner, start, end);
    if (inner.kind === 'arithmetic') return inner;
    left = inner;
  } else {
    left = parseOperand(p, 'update');
  }
  if (p.tok !== Tok.Plus && p.tok !== Tok.Minus) return left;
  const operator = p.tok === Tok.Plus ? '+' : '-';
  p.countOperator(p.start, p.end);
  p.advance();
  const right = parseOperand(p, 'update');
  // `+` and `-` take numbers; list_append (a list) may not stand beside them.
  const list = [left, right].find((side) => side.kind === 'call' && side.name === 'list_append');
  if (list !== undefined) p.defer(Phase.Walk, messages.functionMisused('list_append'), start, p.prevEnd);
  const problem = arithmeticProblem(operator, left) ?? arithmeticProblem(operator, right);
  if (problem !== undefined) p.defer(Phase.Operands, problem, start, p.prevEnd);
  return { kind: 'arithmetic', operator, left, right };
}

function arithmeticProblem(operator: string, operand: Operand): string | undefined {
  const type = staticType(operand);
  return type === undefined || type === 'N' ? undefined : messages.operandType(operator, type);
}

/** ADD and DELETE take one value: `:v` (or a literal in friendly text). */
function parseValueAction(p: Parser, path: PathNode, action: 'ADD' | 'DELETE'): AddAction | DeleteAction {
  const { start, end } = p;
  let value: Operand;
  if (p.tok === Tok.ValuePlaceholder) {
    value = { kind: 'value', value: p.resolveValue(p.tokenText(), start, end) };
    p.advance();
  } else if (p.friendly && atLiteral(p)) {
    value = { kind: 'value', value: parseLiteral(p) };
  } else {
    return p.syntaxError();
  }
  if (isMissingValue(value.value)) return { path, value };
  const type = typeOf(value.value);
  const allowed = type === 'SS' || type === 'NS' || type === 'BS' || (action === 'ADD' && type === 'N');
  if (!allowed) p.defer(Phase.Operands, messages.actionOperandType(action, TYPE_NAMES[type]), start, p.prevEnd);
  return { path, value };
}
