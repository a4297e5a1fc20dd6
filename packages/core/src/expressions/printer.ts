/**
 * AST -> DynamoDB request fields. One allocator serves every expression of a
 * request, so placeholders are shared and none is unused or undefined. Names
 * are aliased only when they must be (reserved words, anything that is not a
 * plain identifier), with readable aliases (`#status`, `#first_name`); values
 * always become `:v0`, `:v1`, ... with equal values sharing one placeholder.
 * Parentheses are written only where the tree needs them.
 */
import { DynamoError } from '../errors.js';
import type { AttributeValue } from '../values/types.js';
import { NESTING_TOO_DEEP_MESSAGE } from '../values/messages.js';
import { MAX_EXPRESSION_NESTING, messages } from './messages.js';
import type { Condition, Operand, PathNode, ProjectionNode, UpdateNode } from './ast.js';
import { isBareIdentifier, isIdentifierPart, nameNeedsAlias } from './names.js';
import type { ExpressionRequest, ParsedExpressions } from './request.js';

/** How a printer writes names and values: as placeholders (DynamoDB text) or literally (friendly text). */
export interface ExpressionWriter {
  name(name: string): string;
  value(value: AttributeValue): string;
}

export class PlaceholderAllocator implements ExpressionWriter {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private readonly nameKeys = new Map<string, string>();
  private readonly valueKeys = new Map<string, string>();
  private readonly takenNames = new Set<string>();

  name(name: string): string {
    if (!nameNeedsAlias(name)) return name;
    let key = this.nameKeys.get(name);
    if (key === undefined) {
      key = this.freshNameKey(name);
      this.nameKeys.set(name, key);
      this.takenNames.add(key);
      this.names[key] = name;
    }
    return key;
  }

  value(value: AttributeValue): string {
    checkValueDepth(value);
    const identity = canonical(value);
    let key = this.valueKeys.get(identity);
    if (key === undefined) {
      key = `:v${this.valueKeys.size}`;
      this.valueKeys.set(identity, key);
      this.values[key] = value;
    }
    return key;
  }

  /** A readable alias: the name itself when it is a reserved word, else a sanitized form. */
  private freshNameKey(name: string): string {
    let base = '';
    if (isBareIdentifier(name)) base = name;
    else {
      for (let i = 0; i < name.length && base.length < 32; i++) {
        base += isIdentifierPart(name.charCodeAt(i)) ? name[i] : '_';
      }
    }
    if (base === '' || /^_*$/.test(base)) base = 'n';
    let key = `#${base}`;
    for (let suffix = 1; this.takenNames.has(key); suffix++) key = `#${base}_${suffix}`;
    return key;
  }
}

/**
 * Values read from text or the wire nest at most 64 levels (DynamoDB allows
 * 31); one built by code deeper than that is refused, without recursion,
 * before JSON.stringify or a printer could reach the stack's limit.
 */
const MAX_PRINTED_VALUE_DEPTH = 64;

export function checkValueDepth(value: AttributeValue): void {
  const stack: Array<[AttributeValue, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!;
    if (depth > MAX_PRINTED_VALUE_DEPTH) throw new DynamoError('ValidationException', NESTING_TOO_DEEP_MESSAGE);
    if ('L' in next && Array.isArray(next.L)) for (const member of next.L) stack.push([member, depth + 1]);
    else if ('M' in next && next.M !== null && typeof next.M === 'object') {
      for (const key of Object.keys(next.M)) stack.push([next.M[key]!, depth + 1]);
    }
  }
}

/** A string that is equal for equal values (map key order aside). */
function canonical(value: AttributeValue): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? `b:${Array.from(v).join(',')}` : v));
}

const PRECEDENCE = { or: 1, and: 2, not: 3 } as const;

function precedence(c: Condition): number {
  return c.kind === 'or' || c.kind === 'and' || c.kind === 'not' ? PRECEDENCE[c.kind] : 4;
}

/**
 * A tree deeper than any valid expression (built by code: the parser stops
 * there) is refused before the recursion could reach the stack's limit.
 */
function checkDepth(depth: number): void {
  if (depth > MAX_EXPRESSION_NESTING) throw new DynamoError('ValidationException', messages.nestedTooDeeply());
}

export function printConditionText(c: Condition, a: ExpressionWriter, depth = 0): string {
  checkDepth(depth);
  const next = depth + 1;
  switch (c.kind) {
    case 'or':
    case 'and': {
      const own = PRECEDENCE[c.kind];
      // Left-associative: a right child of the same operator keeps its parentheses.
      const left = wrap(printConditionText(c.left, a, next), precedence(c.left) < own);
      const right = wrap(printConditionText(c.right, a, next), precedence(c.right) <= own);
      return `${left} ${c.kind === 'or' ? 'OR' : 'AND'} ${right}`;
    }
    case 'not':
      return `NOT ${wrap(printConditionText(c.operand, a, next), precedence(c.operand) < PRECEDENCE.not)}`;
    case 'compare':
      return `${printOperand(c.left, a, next)} ${c.operator} ${printOperand(c.right, a, next)}`;
    case 'between':
      return `${printOperand(c.operand, a, next)} BETWEEN ${printOperand(c.low, a, next)} AND ${printOperand(c.high, a, next)}`;
    case 'in':
      return `${printOperand(c.operand, a, next)} IN (${c.list.map((o) => printOperand(o, a, next)).join(', ')})`;
    case 'call':
      return printOperand(c, a, depth);
  }
}

function wrap(text: string, parenthesize: boolean): string {
  return parenthesize ? `(${text})` : text;
}

function printOperand(o: Operand, a: ExpressionWriter, depth = 0): string {
  checkDepth(depth);
  const next = depth + 1;
  switch (o.kind) {
    case 'path':
      return printPath(o, a);
    case 'value':
      return a.value(o.value);
    case 'call':
      return `${o.name}(${o.args.map((arg) => printOperand(arg, a, next)).join(', ')})`;
    case 'arithmetic': {
      const side = (x: Operand) => wrap(printOperand(x, a, next), x.kind === 'arithmetic');
      return `${side(o.left)} ${o.operator} ${side(o.right)}`;
    }
  }
}

export function printPath(path: PathNode, a: ExpressionWriter): string {
  let text = '';
  for (const element of path.elements) {
    if (element.type === 'index') text += `[${element.index}]`;
    else text += (text === '' ? '' : '.') + a.name(element.name);
  }
  return text;
}

export function printUpdateText(u: UpdateNode, a: ExpressionWriter): string {
  const sections: string[] = [];
  if (u.set.length > 0) {
    sections.push(`SET ${u.set.map((s) => `${printPath(s.path, a)} = ${printOperand(s.value, a)}`).join(', ')}`);
  }
  if (u.remove.length > 0) sections.push(`REMOVE ${u.remove.map((p) => printPath(p, a)).join(', ')}`);
  if (u.add.length > 0) {
    sections.push(`ADD ${u.add.map((x) => `${printPath(x.path, a)} ${printOperand(x.value, a)}`).join(', ')}`);
  }
  if (u.delete.length > 0) {
    sections.push(`DELETE ${u.delete.map((x) => `${printPath(x.path, a)} ${printOperand(x.value, a)}`).join(', ')}`);
  }
  return sections.join(' ');
}

export function printProjectionText(p: ProjectionNode, a: ExpressionWriter): string {
  return p.paths.map((path) => printPath(path, a)).join(', ');
}

/** Prints every expression of a request with one shared set of placeholders. */
export function printExpressions(parsed: ParsedExpressions): ExpressionRequest {
  const a = new PlaceholderAllocator();
  const request: ExpressionRequest = {};
  if (parsed.keyCondition) request.KeyConditionExpression = printConditionText(parsed.keyCondition, a);
  if (parsed.condition) request.ConditionExpression = printConditionText(parsed.condition, a);
  if (parsed.filter) request.FilterExpression = printConditionText(parsed.filter, a);
  if (parsed.update) request.UpdateExpression = printUpdateText(parsed.update, a);
  if (parsed.projection) request.ProjectionExpression = printProjectionText(parsed.projection, a);
  if (Object.keys(a.names).length > 0) request.ExpressionAttributeNames = a.names;
  if (Object.keys(a.values).length > 0) request.ExpressionAttributeValues = a.values;
  return request;
}

/** Convenience: one condition as a ConditionExpression. */
export function printCondition(c: Condition): ExpressionRequest {
  return printExpressions({ condition: c });
}
