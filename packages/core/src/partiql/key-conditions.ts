/**
 * Reading a WHERE clause for its key: the top-level AND conditions, which of
 * them fix a key attribute by equality (or `IN`), and which one can bound the
 * sort key. Works on core's conditions, parameters bound.
 */
import type { Condition, Operand } from '../expressions/ast.js';
import type { AttributeValue } from '../values/types.js';
import { typeOf } from '../values/types.js';
import { partiqlError, partiqlMessages } from './messages.js';
import type { KeyAttribute } from './schema.js';

/** `a AND b AND c` -> [a, b, c]; anything else is one condition. */
export function conjuncts(condition: Condition | undefined): Condition[] {
  if (condition === undefined) return [];
  if (condition.kind !== 'and') return [condition];
  return [...conjuncts(condition.left), ...conjuncts(condition.right)];
}

/** The conditions joined again by AND, left to right. */
export function joinAnd(conditions: readonly Condition[]): Condition | undefined {
  if (conditions.length === 0) return undefined;
  return conditions.slice(1).reduce<Condition>((left, right) => ({ kind: 'and', left, right }), conditions[0]!);
}

function attributeName(o: Operand): string | undefined {
  return o.kind === 'path' && o.elements.length === 1 && o.elements[0]!.type === 'name' ? o.elements[0]!.name : undefined;
}

/** The value `name = v` (or `v = name`) fixes, if the condition is that. */
export function equalityValue(c: Condition, name: string): AttributeValue | undefined {
  if (c.kind !== 'compare' || c.operator !== '=') return undefined;
  if (attributeName(c.left) === name && c.right.kind === 'value') return c.right.value;
  if (attributeName(c.right) === name && c.left.kind === 'value') return c.left.value;
  return undefined;
}

/** The values of `name IN (v1, v2, …)`, if the condition is that. */
export function inValues(c: Condition, name: string): AttributeValue[] | undefined {
  if (c.kind !== 'in' || attributeName(c.operand) !== name) return undefined;
  const values = c.list.map((o) => (o.kind === 'value' ? o.value : undefined));
  return values.every((v) => v !== undefined) ? (values as AttributeValue[]) : undefined;
}

/** A condition a Query's key condition can use on the sort key `name`. */
export function isSortKeyCondition(c: Condition, name: string): boolean {
  if (c.kind === 'compare' && c.operator !== '<>') {
    return (attributeName(c.left) === name && c.right.kind === 'value') || (attributeName(c.right) === name && c.left.kind === 'value');
  }
  if (c.kind === 'between') return attributeName(c.operand) === name && c.low.kind === 'value' && c.high.kind === 'value';
  if (c.kind === 'call' && c.name === 'begins_with') return attributeName(c.args[0]!) === name && c.args[1]!.kind === 'value';
  return false;
}

/** The values a key condition compares a key attribute with must have its type and not be empty. */
export function checkKeyValue(key: KeyAttribute, value: AttributeValue): void {
  if (key.type !== undefined && typeOf(value) !== key.type) throw partiqlError(partiqlMessages.keyType(key.name));
  if (('S' in value && value.S === '') || ('B' in value && value.B.length === 0)) {
    const what = 'S' in value ? 'string' : 'binary';
    throw partiqlError(
      `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${what} value. Key: ${key.name}`,
    );
  }
}

/** Every value a sort-key condition names. */
export function conditionValues(c: Condition): AttributeValue[] {
  const operands: Operand[] = c.kind === 'compare' ? [c.left, c.right] : c.kind === 'between' ? [c.low, c.high] : c.kind === 'call' ? c.args : [];
  return operands.flatMap((o) => (o.kind === 'value' ? [o.value] : []));
}
