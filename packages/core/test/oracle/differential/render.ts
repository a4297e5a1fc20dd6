/**
 * Turns generated expression specs into DynamoDB's text form with
 * ExpressionAttributeNames/Values, the way a person would write them: bare
 * names where allowed (or aliased anyway), `:v` placeholders for every value,
 * keywords in any case.
 */
import type { AttributeValue } from '@dynotable/core';

export type Segment = { name: string; alias: boolean } | { index: number };
export type PathSpec = Segment[];

export type OperandSpec =
  | { kind: 'path'; path: PathSpec }
  | { kind: 'value'; value: AttributeValue }
  | { kind: 'size'; path: PathSpec };

export type CondSpec =
  | { kind: 'compare'; op: string; left: OperandSpec; right: OperandSpec }
  | { kind: 'between'; operand: OperandSpec; low: OperandSpec; high: OperandSpec }
  | { kind: 'in'; operand: OperandSpec; list: OperandSpec[] }
  | { kind: 'exists' | 'not_exists'; path: PathSpec }
  | { kind: 'type'; path: PathSpec; type: string }
  | { kind: 'begins_with' | 'contains'; path: PathSpec; operand: OperandSpec }
  | { kind: 'and' | 'or'; left: CondSpec; right: CondSpec }
  | { kind: 'not'; operand: CondSpec }
  | { kind: 'paren'; operand: CondSpec };

export type SetValueSpec =
  | { kind: 'operand'; operand: SetOperandSpec }
  | { kind: 'arith'; op: '+' | '-'; left: SetOperandSpec; right: SetOperandSpec };
export type SetOperandSpec =
  | { kind: 'path'; path: PathSpec }
  | { kind: 'value'; value: AttributeValue }
  | { kind: 'if_not_exists'; path: PathSpec; operand: SetOperandSpec }
  | { kind: 'list_append'; left: SetOperandSpec; right: SetOperandSpec };

export type ClauseSpec =
  | { kind: 'SET'; actions: Array<{ path: PathSpec; value: SetValueSpec }> }
  | { kind: 'REMOVE'; paths: PathSpec[] }
  | { kind: 'ADD' | 'DELETE'; actions: Array<{ path: PathSpec; value: AttributeValue }> };

export interface Rendered {
  text: string;
  names: Record<string, string>;
  values: Record<string, AttributeValue>;
}

/** Allocates placeholders; one per distinct name, one per value occurrence. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private readonly byName = new Map<string, string>();
  private valueCount = 0;

  constructor(private readonly prefix = '') {}

  name(name: string): string {
    let placeholder = this.byName.get(name);
    if (placeholder === undefined) {
      placeholder = `#${this.prefix}n${this.byName.size}`;
      this.byName.set(name, placeholder);
      this.names[placeholder] = name;
    }
    return placeholder;
  }

  value(value: AttributeValue): string {
    const placeholder = `:${this.prefix}v${this.valueCount++}`;
    this.values[placeholder] = value;
    return placeholder;
  }
}

function renderPath(path: PathSpec, p: Placeholders): string {
  return path
    .map((segment, i) => {
      if ('index' in segment) return `[${segment.index}]`;
      const text = segment.alias ? p.name(segment.name) : segment.name;
      return i === 0 ? text : `.${text}`;
    })
    .join('');
}

function renderOperand(operand: OperandSpec, p: Placeholders): string {
  switch (operand.kind) {
    case 'path':
      return renderPath(operand.path, p);
    case 'value':
      return p.value(operand.value);
    case 'size':
      return `size(${renderPath(operand.path, p)})`;
  }
}

/** `keyword` in the case chosen by `upper` (keywords are case-insensitive). */
const kw = (word: string, upper: boolean) => (upper ? word.toUpperCase() : word.toLowerCase());

export function renderCondition(cond: CondSpec, p: Placeholders, upper = true): string {
  switch (cond.kind) {
    case 'compare':
      return `${renderOperand(cond.left, p)} ${cond.op} ${renderOperand(cond.right, p)}`;
    case 'between':
      return `${renderOperand(cond.operand, p)} ${kw('between', upper)} ${renderOperand(cond.low, p)} ${kw('and', upper)} ${renderOperand(cond.high, p)}`;
    case 'in':
      return `${renderOperand(cond.operand, p)} ${kw('in', upper)} (${cond.list.map((o) => renderOperand(o, p)).join(', ')})`;
    case 'exists':
      return `attribute_exists(${renderPath(cond.path, p)})`;
    case 'not_exists':
      return `attribute_not_exists(${renderPath(cond.path, p)})`;
    case 'type':
      return `attribute_type(${renderPath(cond.path, p)}, ${p.value({ S: cond.type })})`;
    case 'begins_with':
    case 'contains':
      return `${cond.kind}(${renderPath(cond.path, p)}, ${renderOperand(cond.operand, p)})`;
    case 'and':
    case 'or':
      return `${renderCondition(cond.left, p, upper)} ${kw(cond.kind, upper)} ${renderCondition(cond.right, p, upper)}`;
    case 'not':
      return `${kw('not', upper)} ${renderCondition(cond.operand, p, upper)}`;
    case 'paren':
      return `(${renderCondition(cond.operand, p, upper)})`;
  }
}

function renderSetOperand(operand: SetOperandSpec, p: Placeholders): string {
  switch (operand.kind) {
    case 'path':
      return renderPath(operand.path, p);
    case 'value':
      return p.value(operand.value);
    case 'if_not_exists':
      return `if_not_exists(${renderPath(operand.path, p)}, ${renderSetOperand(operand.operand, p)})`;
    case 'list_append':
      return `list_append(${renderSetOperand(operand.left, p)}, ${renderSetOperand(operand.right, p)})`;
  }
}

function renderSetValue(value: SetValueSpec, p: Placeholders): string {
  if (value.kind === 'operand') return renderSetOperand(value.operand, p);
  return `${renderSetOperand(value.left, p)} ${value.op} ${renderSetOperand(value.right, p)}`;
}

export function renderUpdate(clauses: ClauseSpec[], p: Placeholders, upper = true): string {
  return clauses
    .map((clause) => {
      const keyword = kw(clause.kind, upper);
      switch (clause.kind) {
        case 'SET':
          return `${keyword} ${clause.actions.map((a) => `${renderPath(a.path, p)} = ${renderSetValue(a.value, p)}`).join(', ')}`;
        case 'REMOVE':
          return `${keyword} ${clause.paths.map((path) => renderPath(path, p)).join(', ')}`;
        case 'ADD':
        case 'DELETE':
          return `${keyword} ${clause.actions.map((a) => `${renderPath(a.path, p)} ${p.value(a.value)}`).join(', ')}`;
      }
    })
    .join(' ');
}

export function renderProjection(paths: PathSpec[], p: Placeholders): string {
  return paths.map((path) => renderPath(path, p)).join(', ');
}
