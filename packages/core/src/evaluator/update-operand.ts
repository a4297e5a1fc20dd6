/**
 * The value of a SET operand. Unlike in conditions, a missing attribute or a
 * wrong type is an error here, and all operands read the item as it was
 * before the update.
 */
import type { Operand } from '../expressions/ast.js';
import type { AttributeValue, Item } from '../values/types.js';
import { applyArithmetic } from './arithmetic.js';
import { canonicalValue, cloneValue } from './canonical.js';
import { incorrectOperandType, missingOperand } from './messages.js';
import { resolvePath } from './path.js';

export function evaluateUpdateOperand(operand: Operand, item: Item | undefined): AttributeValue {
  switch (operand.kind) {
    case 'path':
      return cloneValue(existing(resolvePath(item, operand)));
    case 'value':
      return canonicalValue(operand.value);
    case 'arithmetic': {
      const left = evaluateUpdateOperand(operand.left, item);
      const right = evaluateUpdateOperand(operand.right, item);
      if (!('N' in left) || !('N' in right)) throw incorrectOperandType();
      return { N: applyArithmetic(operand.operator, left.N, right.N) };
    }
    case 'call':
      return evaluateUpdateFunction(operand.name, operand.args, item);
  }
}

function evaluateUpdateFunction(name: string, args: Operand[], item: Item | undefined): AttributeValue {
  const [first, second] = args;
  if (name === 'if_not_exists' && first && second) {
    const current = first.kind === 'path' ? resolvePath(item, first) : undefined;
    return current === undefined ? evaluateUpdateOperand(second, item) : cloneValue(current);
  }
  if (name === 'list_append' && first && second) {
    const head = evaluateUpdateOperand(first, item);
    const tail = evaluateUpdateOperand(second, item);
    if (!('L' in head) || !('L' in tail)) throw incorrectOperandType();
    return { L: [...head.L, ...tail.L] };
  }
  // Condition functions and size() cannot stand in SET; the parser rejects them.
  throw incorrectOperandType();
}

function existing(value: AttributeValue | undefined): AttributeValue {
  if (value === undefined) throw missingOperand();
  return value;
}
