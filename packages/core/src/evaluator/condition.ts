/**
 * Evaluates a ConditionExpression / FilterExpression tree against an item.
 * Every runtime mismatch (missing attribute, wrong type) makes the comparison
 * or function false; `<>` is the plain negation of `=`.
 */
import type { BetweenNode, CallNode, CompareNode, Condition, InNode, LogicalNode, NotNode, Operand } from '../expressions/ast.js';
import { compareScalars } from '../keys/compare.js';
import type { AttributeValue, Item } from '../values/types.js';
import { attributeValuesEqual } from './equality.js';
import { beginsWith, contains, hasAttributeType, sizeOf } from './functions.js';
import { resolvePath } from './path.js';

/**
 * `item` undefined means there is no item (a conditional write on a new key).
 * AND, OR and NOT are walked with a stack of their own, not by recursion, so
 * no tree (one built by code included) can exhaust the call stack.
 */
export function evaluateCondition(condition: Condition, item: Item | undefined): boolean {
  // Logical nodes whose left side (or operand) is being evaluated, and those
  // whose right side is: one entry each, with `right` telling which.
  const nodes: Array<LogicalNode | NotNode> = [];
  const right: boolean[] = [];
  let node: Condition = condition;
  for (;;) {
    while (node.kind === 'and' || node.kind === 'or' || node.kind === 'not') {
      nodes.push(node);
      right.push(false);
      node = node.kind === 'not' ? node.operand : node.left;
    }
    let value = evaluateLeaf(node as Exclude<Condition, LogicalNode | NotNode>, item);
    let descend: Condition | undefined;
    while (descend === undefined) {
      const top = nodes.pop();
      const onRight = right.pop();
      if (top === undefined) return value;
      if (top.kind === 'not') value = !value;
      else if (!onRight && (top.kind === 'and' ? value : !value)) {
        // AND of a true left side, OR of a false one: the right side decides.
        nodes.push(top);
        right.push(true);
        descend = top.right;
      }
    }
    node = descend;
  }
}

function evaluateLeaf(condition: Exclude<Condition, LogicalNode | NotNode>, item: Item | undefined): boolean {
  switch (condition.kind) {
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

/** The value of an operand in a condition: a path, a literal or `size(path)` (nested sizes unwound without recursion). */
export function evaluateConditionOperand(operand: Operand, item: Item | undefined): AttributeValue | undefined {
  let sizes = 0;
  let inner: Operand = operand;
  while (inner.kind === 'call') {
    if (inner.name !== 'size' || !inner.args[0]) return undefined;
    sizes++;
    inner = inner.args[0];
  }
  let value: AttributeValue | undefined;
  if (inner.kind === 'path') value = resolvePath(item, inner);
  else if (inner.kind === 'value') value = inner.value;
  // Only an UpdateExpression's SET allows `+`/`-`; the parser rejects it here.
  else return undefined;
  for (let i = 0; i < sizes; i++) value = sizeOf(value);
  return value;
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
