/**
 * Evaluates a ConditionExpression / FilterExpression tree against an item.
 * Every runtime mismatch (missing attribute, wrong type) makes the comparison
 * or function false; `<>` is the plain negation of `=`.
 */
import type { BetweenNode, CallNode, CompareNode, Condition, InNode, Operand } from '../expressions/ast.js';
import { compareScalars } from '../keys/compare.js';
import type { AttributeValue, Item } from '../values/types.js';
import { attributeValuesEqual } from './equality.js';
import { beginsWith, contains, hasAttributeType, sizeOf } from './functions.js';
import { resolvePath } from './path.js';

/** `item` undefined means there is no item (a conditional write on a new key). */
export function evaluateCondition(condition: Condition, item: Item | undefined): boolean {
  switch (condition.kind) {
    case 'and':
      return evaluateCondition(condition.left, item) && evaluateCondition(condition.right, item);
    case 'or':
      return evaluateCondition(condition.left, item) || evaluateCondition(condition.right, item);
    case 'not':
      return !evaluateCondition(condition.operand, item);
    case 'compare':
      return evaluateCompare(condition, item);
    case 'between':
      return evaluateBetween(condition, item);
    case 'in':
      return evaluateIn(condition, item);
    case 'call':
      return evaluateFunction(condition, item);
  }
}

/** The value of an operand in a condition: a path, a literal or `size(path)`. */
export function evaluateConditionOperand(operand: Operand, item: Item | undefined): AttributeValue | undefined {
  switch (operand.kind) {
    case 'path':
      return resolvePath(item, operand);
    case 'value':
      return operand.value;
    case 'call':
      return operand.name === 'size' && operand.args[0] ? sizeOf(evaluateConditionOperand(operand.args[0], item)) : undefined;
    case 'arithmetic':
      // Only an UpdateExpression's SET allows `+`/`-`; the parser rejects it here.
      return undefined;
  }
}

function evaluateCompare(node: CompareNode, item: Item | undefined): boolean {
  const left = evaluateConditionOperand(node.left, item);
  const right = evaluateConditionOperand(node.right, item);
  const equal = left !== undefined && right !== undefined && attributeValuesEqual(left, right);
  switch (node.operator) {
    case '=':
      return equal;
    case '<>':
      return !equal;
    case '<':
      return order(left, right, (c) => c < 0);
    case '<=':
      return order(left, right, (c) => c <= 0);
    case '>':
      return order(left, right, (c) => c > 0);
    case '>=':
      return order(left, right, (c) => c >= 0);
  }
}

/** Only S, N and B values of the same type are ordered; anything else is false. */
function order(left: AttributeValue | undefined, right: AttributeValue | undefined, test: (c: number) => boolean): boolean {
  if (left === undefined || right === undefined) return false;
  const comparison = compareScalars(left, right);
  return comparison !== undefined && test(comparison);
}

function evaluateBetween(node: BetweenNode, item: Item | undefined): boolean {
  const value = evaluateConditionOperand(node.operand, item);
  const low = evaluateConditionOperand(node.low, item);
  const high = evaluateConditionOperand(node.high, item);
  return order(value, low, (c) => c >= 0) && order(value, high, (c) => c <= 0);
}

function evaluateIn(node: InNode, item: Item | undefined): boolean {
  const value = evaluateConditionOperand(node.operand, item);
  if (value === undefined) return false;
  return node.list.some((candidate) => {
    const other = evaluateConditionOperand(candidate, item);
    return other !== undefined && attributeValuesEqual(value, other);
  });
}

function evaluateFunction(node: CallNode, item: Item | undefined): boolean {
  const [first, second] = node.args.map((arg) => evaluateConditionOperand(arg, item));
  switch (node.name) {
    case 'attribute_exists':
      return first !== undefined;
    case 'attribute_not_exists':
      return first === undefined;
    case 'attribute_type':
      return hasAttributeType(first, second);
    case 'begins_with':
      return beginsWith(first, second);
    case 'contains':
      return contains(first, second);
    default:
      // size, if_not_exists and list_append are operands, not conditions; the parser rejects them here.
      return false;
  }
}
