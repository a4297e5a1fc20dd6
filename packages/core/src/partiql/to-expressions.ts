/**
 * PartiQL conditions and updates -> core's expression AST, with parameters
 * bound: `IS MISSING` is attribute_not_exists, `IS NOT MISSING`
 * attribute_exists, `IS NULL` attribute_type(x, 'NULL'), `IS STRING` and the
 * other types attribute_type(x, 'S')…; `set_add` and
 * `set_delete` are ADD and DELETE actions.
 */
import type { Condition, FunctionName, Operand, PathNode, UpdateNode } from '../expressions/ast.js';
import type { AttributeValue } from '../values/types.js';
import type { PqlCondition, PqlOperand, PqlUpdateClause } from './ast.js';
import { bindValue } from './bind.js';
import { IS_TYPES } from './is-types.js';
import { isSharedCondition, mapSharedCondition } from './shared-conditions.js';
import { malformed, partiqlError, partiqlMessages } from './messages.js';

export function toCondition(c: PqlCondition, parameters: readonly AttributeValue[], statement: string): Condition {
  const operand = (o: PqlOperand) => toOperand(o, parameters, statement);
  if (isSharedCondition<PqlCondition, PqlOperand>(c)) return mapSharedCondition<PqlCondition, PqlOperand, Condition, Operand>(c, (inner) => toCondition(inner, parameters, statement), operand);
  switch (c.kind) {
    case 'call':
      return toCall(c.name, c.args.map(operand), statement);
    case 'is': {
      const subject = operand(c.operand);
      if (c.test === 'MISSING') return { kind: 'call', name: c.negated ? 'attribute_exists' : 'attribute_not_exists', args: [subject] };
      const type = c.test === 'NULL' ? 'NULL' : IS_TYPES[c.test];
      const isType: Condition = { kind: 'call', name: 'attribute_type', args: [subject, { kind: 'value', value: { S: type } }] };
      return c.negated ? { kind: 'not', operand: isType } : isType;
    }
  }
}

function toOperand(o: PqlOperand, parameters: readonly AttributeValue[], statement: string): Operand {
  switch (o.kind) {
    case 'path':
      return o;
    case 'call':
      return toCall(o.name, o.args.map((a) => toOperand(a, parameters, statement)), statement);
    case 'arithmetic':
      return {
        kind: 'arithmetic',
        operator: o.operator,
        left: toOperand(o.left, parameters, statement),
        right: toOperand(o.right, parameters, statement),
      };
    default:
      return { kind: 'value', value: bindValue(o, parameters) };
  }
}

function toCall(name: string, args: Operand[], statement: string): Operand & Condition {
  if (name === 'set_add' || name === 'set_delete') throw malformed(statement);
  return { kind: 'call', name: name as FunctionName, args };
}

/** An UPDATE's SET and REMOVE clauses as one UpdateExpression. */
export function toUpdate(clauses: readonly PqlUpdateClause[], parameters: readonly AttributeValue[], statement: string): UpdateNode {
  const update: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };
  for (const clause of clauses) {
    if (clause.kind === 'remove') {
      update.remove.push(clause.path);
      continue;
    }
    for (const { path, value } of clause.assignments) {
      if (value.kind === 'call' && (value.name === 'set_add' || value.name === 'set_delete')) {
        if (JSON.stringify(value.args[0]) !== JSON.stringify(path)) throw partiqlError(partiqlMessages.setFunctionTarget(value.name));
        update[value.name === 'set_add' ? 'add' : 'delete'].push(setAction(path, value.args, parameters));
      } else update.set.push({ path, value: toOperand(value, parameters, statement) });
    }
  }
  return update;
}

/** `s = set_add(s, <<…>>)`: ADD (or DELETE) the second argument to the path assigned. */
function setAction(path: PathNode, args: PqlOperand[], parameters: readonly AttributeValue[]) {
  const members = args[1];
  if (members === undefined || members.kind === 'path' || members.kind === 'call' || members.kind === 'arithmetic') {
    throw partiqlError(partiqlMessages.unsupportedOperator('set'));
  }
  return { path, value: { kind: 'value' as const, value: bindValue(members, parameters) } };
}
