/**
 * Operands (paths, values, function calls) and the checks DynamoDB makes on
 * function calls: where each function may stand, its arity, its operand types.
 */
import type { AttributeType } from '../values/types.js';
import { typeOf } from '../values/types.js';
import type { CallNode, FunctionName, Operand, PathNode } from './ast.js';
import { atLiteral, parseLiteral } from './literals.js';
import { ATTRIBUTE_TYPE_OPERAND_TYPES, messages } from './messages.js';
import { isRejectedBareName } from './names.js';
import { Phase, isMissingValue } from './parser.js';
import type { Parser } from './parser.js';
import { atPathStart, parsePath, parsePathRest } from './paths.js';
import { Tok } from './tokens.js';

/** Where a call stands: as a whole condition, as an operand of a condition, or in a SET value. */
export type CallRole = 'condition' | 'operand' | 'update';

const ARITY: Record<FunctionName, number> = {
  attribute_exists: 1,
  attribute_not_exists: 1,
  attribute_type: 2,
  begins_with: 2,
  contains: 2,
  size: 1,
  if_not_exists: 2,
  list_append: 2,
};

const VALID_TYPE_NAMES = new Set<string>(['S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M']);
const SIZED_TYPES = new Set<string>(['S', 'B', 'SS', 'NS', 'BS', 'L', 'M']);

function isFunctionName(name: string): name is FunctionName {
  return Object.prototype.hasOwnProperty.call(ARITY, name);
}

/**
 * Parses a path, a value or a call. A call's checks are left to the caller
 * (`checkCall`), which knows the role the call plays. Sets p.operandStart/End.
 */
export function parseOperand(p: Parser, role: CallRole): Operand {
  const start = p.start;
  let operand: Operand;
  if (p.tok === Tok.ValuePlaceholder) {
    operand = { kind: 'value', value: p.resolveValue(p.tokenText(), p.start, p.end) };
    p.advance();
  } else if (p.friendly && atLiteral(p)) {
    operand = { kind: 'value', value: parseLiteral(p) };
  } else if (p.tok === Tok.Ident) {
    if (p.atGrammarKeyword()) p.syntaxError();
    const nameEnd = p.end;
    const name = p.tokenText();
    p.advance();
    if (p.at(Tok.LParen)) {
      operand = parseCall(p, name, start);
      if (role !== 'condition') checkCall(p, operand, role, start, p.prevEnd);
    } else {
      if (!p.friendly && isRejectedBareName(name)) p.defer(Phase.Walk, messages.reserved(name), start, nameEnd);
      operand = parsePathRest(p, name, start);
    }
  } else if (atPathStart(p)) {
    operand = parsePath(p);
  } else if (p.tok === Tok.LParen && role !== 'condition') {
    p.enter();
    p.advance();
    operand = parseOperand(p, role);
    const end = p.end;
    p.expect(Tok.RParen);
    p.leave();
    p.markParenthesized(operand, start, end);
  } else {
    return p.syntaxError();
  }
  p.operandStart = start;
  p.operandEnd = p.prevEnd;
  return operand;
}

function parseCall(p: Parser, name: string, start: number): CallNode {
  const nameEnd = start + name.length;
  if (!isFunctionName(name)) p.defer(Phase.Walk, messages.invalidFunction(name), start, nameEnd);
  p.enter();
  p.advance();
  const args: Operand[] = [];
  const argRole: CallRole = p.kind === 'UpdateExpression' ? 'update' : 'operand';
  for (;;) {
    args.push(parseOperand(p, argRole));
    if (p.tok !== Tok.Comma) break;
    p.advance();
  }
  p.countOperator(start, p.end);
  p.expect(Tok.RParen);
  p.leave();
  return { kind: 'call', name: name as FunctionName, args };
}

/** DynamoDB's checks on one call, once its role is known: placement, arity, operands. */
export function checkCall(p: Parser, call: CallNode, role: CallRole, start: number, end: number): void {
  const { name, args } = call;
  if (!isFunctionName(name)) return; // already reported as an invalid function name
  const misplaced = placementProblem(name, role);
  if (misplaced !== undefined) return p.defer(Phase.Walk, misplaced, start, end);
  if (args.length !== ARITY[name]) return p.defer(Phase.Arity, messages.arity(name, args.length), start, end);
  const problem = operandProblem(call);
  if (problem !== undefined) p.defer(Phase.Operands, problem, start, end);
}

function placementProblem(name: FunctionName, role: CallRole): string | undefined {
  const updateOnly = name === 'if_not_exists' || name === 'list_append';
  if (role === 'update') return updateOnly ? undefined : messages.functionInUpdate(name);
  if (updateOnly) return messages.functionInCondition(name);
  // size is only an operand; the other condition functions are only conditions.
  return (role === 'condition') === (name === 'size') ? messages.functionMisused(name) : undefined;
}

function operandProblem(call: CallNode): string | undefined {
  const { name, args } = call;
  const first = args[0]!;
  const second = args[1];
  switch (name) {
    case 'attribute_exists':
    case 'attribute_not_exists':
      return first.kind === 'path' ? undefined : messages.needsPath(name);
    case 'if_not_exists':
      if (first.kind !== 'path') return messages.needsPath(name);
      return second?.kind === 'path' && pathsEqual(first, second) ? messages.notDistinct(name, first) : undefined;
    case 'attribute_type':
      if (second?.kind !== 'value') return messages.operandType(name, ATTRIBUTE_TYPE_OPERAND_TYPES);
      if (isMissingValue(second.value)) return undefined;
      if (!('S' in second.value)) return messages.operandType(name, typeOf(second.value));
      return VALID_TYPE_NAMES.has(second.value.S) ? undefined : messages.attributeTypeName(second.value.S);
    case 'begins_with':
    case 'contains':
      if (first.kind === 'path' && second?.kind === 'path' && pathsEqual(first, second)) {
        return messages.notDistinct(name, first);
      }
      return name === 'begins_with' ? typeProblem(name, args, 'S', 'B') : undefined;
    case 'size': {
      const type = staticType(first);
      return type === undefined || SIZED_TYPES.has(type) ? undefined : messages.operandType(name, type);
    }
    case 'list_append':
      return typeProblem(name, args, 'L', 'L');
  }
}

/** The first operand whose type is known and is neither `a` nor `b`. */
function typeProblem(name: string, args: Operand[], a: AttributeType, b: AttributeType): string | undefined {
  for (const arg of args) {
    const type = staticType(arg);
    if (type !== undefined && type !== a && type !== b) return messages.operandType(name, type);
  }
  return undefined;
}

/** The type an operand is known to have before any item is read, if any. */
export function staticType(operand: Operand): AttributeType | undefined {
  switch (operand.kind) {
    case 'value':
      return isMissingValue(operand.value) ? undefined : typeOf(operand.value);
    case 'arithmetic':
      return 'N';
    case 'call':
      return operand.name === 'size' ? 'N' : operand.name === 'list_append' ? 'L' : undefined;
    default:
      return undefined;
  }
}

export function pathsEqual(a: PathNode, b: PathNode): boolean {
  if (a.elements.length !== b.elements.length) return false;
  for (let i = 0; i < a.elements.length; i++) {
    const x = a.elements[i]!;
    const y = b.elements[i]!;
    if (x.type === 'name' ? y.type !== 'name' || x.name !== y.name : y.type !== 'index' || x.index !== y.index) {
      return false;
    }
  }
  return true;
}
