/** Small AST builders so tests read close to DynamoDB's own expression text. */
import type {
  AttributeValue,
  Comparator,
  Condition,
  FunctionName,
  Operand,
  PathElement,
  PathNode,
  ProjectionNode,
  UpdateNode,
  ValueNode,
} from '@dynotable/core';

/** `path('a.b[0].c')`: names split on dots, `[n]` for indexes (test names have no dots). */
function path(text: string): PathNode {
  const elements: PathElement[] = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) elements.push({ type: 'index', index: Number(match[2]) });
    else elements.push({ type: 'name', name: match[1]! });
  }
  return { kind: 'path', elements };
}

function val(value: AttributeValue): ValueNode {
  return { kind: 'value', value };
}

/** A string operand is a path, anything else a literal value. */
type OperandLike = string | AttributeValue | Operand;
function op(x: OperandLike): Operand {
  if (typeof x === 'string') return path(x);
  if ('kind' in x) return x as Operand;
  return val(x as AttributeValue);
}

export function compare(left: OperandLike, operator: Comparator, right: OperandLike): Condition {
  return { kind: 'compare', operator, left: op(left), right: op(right) };
}

export function between(operand: OperandLike, low: OperandLike, high: OperandLike): Condition {
  return { kind: 'between', operand: op(operand), low: op(low), high: op(high) };
}

export function inList(operand: OperandLike, ...list: OperandLike[]): Condition {
  return { kind: 'in', operand: op(operand), list: list.map(op) };
}

export function call(name: FunctionName, ...args: OperandLike[]): Condition & Operand {
  return { kind: 'call', name, args: args.map(op) };
}

export function and(left: Condition, right: Condition): Condition {
  return { kind: 'and', left, right };
}

export function or(left: Condition, right: Condition): Condition {
  return { kind: 'or', left, right };
}

export function not(operand: Condition): Condition {
  return { kind: 'not', operand };
}

export function plus(left: OperandLike, right: OperandLike): Operand {
  return { kind: 'arithmetic', operator: '+', left: op(left), right: op(right) };
}

export function minus(left: OperandLike, right: OperandLike): Operand {
  return { kind: 'arithmetic', operator: '-', left: op(left), right: op(right) };
}

export interface UpdateParts {
  set?: [string, OperandLike][];
  remove?: string[];
  add?: [string, AttributeValue][];
  delete?: [string, AttributeValue][];
}

export function update(parts: UpdateParts): UpdateNode {
  return {
    kind: 'update',
    set: (parts.set ?? []).map(([target, value]) => ({ path: path(target), value: op(value) })),
    remove: (parts.remove ?? []).map(path),
    add: (parts.add ?? []).map(([target, value]) => ({ path: path(target), value: val(value) })),
    delete: (parts.delete ?? []).map(([target, value]) => ({ path: path(target), value: val(value) })),
  };
}

export function projection(...paths: string[]): ProjectionNode {
  return { kind: 'projection', paths: paths.map(path) };
}

export const S = (s: string): AttributeValue => ({ S: s });
export const N = (n: string): AttributeValue => ({ N: n });
export const B = (...bytes: number[]): AttributeValue => ({ B: new Uint8Array(bytes) });
export const BOOL = (b: boolean): AttributeValue => ({ BOOL: b });
export const NULL: AttributeValue = { NULL: true };
export const L = (...items: AttributeValue[]): AttributeValue => ({ L: items });
export const M = (entries: Record<string, AttributeValue>): AttributeValue => ({ M: entries });
export const SS = (...members: string[]): AttributeValue => ({ SS: members });
export const NS = (...members: string[]): AttributeValue => ({ NS: members });
export const BS = (...members: number[][]): AttributeValue => ({ BS: members.map((m) => new Uint8Array(m)) });
