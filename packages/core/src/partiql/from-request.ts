/**
 * The reverse of the planner: a Query or GetItem request (a query pane's) ->
 * the PartiQL SELECT that runs it. Values PartiQL can write become literals;
 * binary values, which it cannot, become `?` parameters.
 */
import type { Condition, Operand } from '../expressions/ast.js';
import { parseRequestExpressions, type ExpressionRequest } from '../expressions/request.js';
import type { AttributeValue, Item } from '../values/types.js';
import { conjuncts } from './key-conditions.js';
import type { PqlCondition, PqlOperand, PqlValue, SelectStatement } from './ast.js';
import { printStatement } from './printer.js';
import { readTarget, type PartiqlTableDescription } from './schema.js';
import { isSharedCondition, mapSharedCondition } from './shared-conditions.js';

export interface ReadRequest extends ExpressionRequest {
  TableName: string;
  IndexName?: string | undefined;
  /** A GetItem's key. */
  Key?: Item | undefined;
  ScanIndexForward?: boolean | undefined;
}

export interface SelectFromRequest {
  statement: SelectStatement;
  text: string;
  /** Values for the statement's `?`, in order. */
  parameters: AttributeValue[];
}

export function requestToSelect(request: ReadRequest, table: PartiqlTableDescription): SelectFromRequest {
  const parsed = parseRequestExpressions(request);
  const parameters: AttributeValue[] = [];
  const convert = (c: Condition) => fromCondition(c, parameters);
  const parts: PqlCondition[] = [];
  if (request.Key !== undefined) {
    for (const [name, value] of Object.entries(request.Key)) {
      parts.push({ kind: 'compare', operator: '=', left: pathOf(name), right: fromValue(value, parameters) });
    }
  }
  // Flat, so the text needs no parentheses and the planner splits it again into the same key condition and filter.
  for (const c of [...conjuncts(parsed.keyCondition), ...conjuncts(parsed.filter)]) parts.push(convert(c));
  const where = parts.length === 0 ? undefined : parts.slice(1).reduce<PqlCondition>((left, right) => ({ kind: 'and', left, right }), parts[0]!);
  const statement: SelectStatement = {
    kind: 'select',
    projection: parsed.projection ? parsed.projection.paths : '*',
    target: request.IndexName === undefined ? { table: request.TableName } : { table: request.TableName, index: request.IndexName },
  };
  if (where) statement.where = where;
  if (request.ScanIndexForward === false) {
    const sortKey = readTarget(table, request.IndexName).sortKeys[0];
    if (sortKey) statement.orderBy = [{ path: pathOf(sortKey.name), direction: 'DESC' }];
  }
  return { statement, text: printStatement(statement), parameters };
}

function pathOf(name: string) {
  return { kind: 'path' as const, elements: [{ type: 'name' as const, name }] };
}

function fromCondition(c: Condition, parameters: AttributeValue[]): PqlCondition {
  const operand = (o: Operand) => fromOperand(o, parameters);
  if (isSharedCondition<Condition, Operand>(c)) return mapSharedCondition<Condition, Operand, PqlCondition, PqlOperand>(c, (inner) => fromCondition(inner, parameters), operand);
  if (c.name === 'attribute_exists' || c.name === 'attribute_not_exists') {
    return { kind: 'is', operand: operand(c.args[0]!), test: 'MISSING', negated: c.name === 'attribute_exists' };
  }
  return { kind: 'call', name: c.name, args: c.args.map(operand) };
}

function fromOperand(o: Operand, parameters: AttributeValue[]): PqlOperand {
  switch (o.kind) {
    case 'path':
      return o;
    case 'value':
      return fromValue(o.value, parameters);
    case 'call':
      return { kind: 'call', name: o.name, args: o.args.map((a) => fromOperand(a, parameters)) };
    case 'arithmetic':
      return { kind: 'arithmetic', operator: o.operator, left: fromOperand(o.left, parameters), right: fromOperand(o.right, parameters) };
  }
}

/** A literal when PartiQL can write the value, else a parameter. */
function fromValue(value: AttributeValue, parameters: AttributeValue[]): PqlValue {
  const literal = toLiteral(value);
  if (literal !== undefined) return literal;
  parameters.push(value);
  return { kind: 'parameter', index: parameters.length - 1 };
}

function toLiteral(value: AttributeValue): PqlValue | undefined {
  if ('S' in value || 'N' in value || 'BOOL' in value || 'NULL' in value) return { kind: 'value', value };
  if ('SS' in value) return { kind: 'set', items: value.SS.map((S) => ({ kind: 'value', value: { S } })) };
  if ('NS' in value) return { kind: 'set', items: value.NS.map((N) => ({ kind: 'value', value: { N } })) };
  if ('L' in value) {
    const items = value.L.map(toLiteral);
    return items.every((i) => i !== undefined) ? { kind: 'list', items: items as PqlValue[] } : undefined;
  }
  if ('M' in value) {
    const entries = Object.entries(value.M).map(([key, v]) => ({ key, value: toLiteral(v) }));
    return entries.every((e) => e.value !== undefined) ? { kind: 'map', entries: entries as { key: string; value: PqlValue }[] } : undefined;
  }
  return undefined;
}
