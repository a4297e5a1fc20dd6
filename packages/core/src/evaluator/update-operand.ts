/**
 * The value of a SET operand. Unlike in conditions, a missing attribute or a
 * wrong type is an error here, and all operands read the item as it was
 * before the update. DynamoDB evaluates every operand, left to right, and
 * checks each one's type as soon as it has it: `s + nope` (s a string) is a
 * type error, `nope + s` a missing attribute, and the fallback of
 * if_not_exists must exist even when it is not used.
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
      // Function operands run first: `s - if_not_exists(x, nope)` reports the missing `nope`.
      const [leftCall, rightCall] = [operand.left, operand.right].map((side) =>
        side.kind === 'call' ? evaluateUpdateOperand(side, item) : undefined,
      );
      const left = numberValue(leftCall ?? evaluateUpdateOperand(operand.left, item));
      const right = numberValue(rightCall ?? evaluateUpdateOperand(operand.right, item));
      return { N: applyArithmetic(operand.operator, left, right) };
    }
    case 'call':
      return evaluateUpdateFunction(operand.name, operand.args, item);
  }
}

function evaluateUpdateFunction(name: string, args: Operand[], item: Item | undefined): AttributeValue {
  const [first, second] = args;
  if (name === 'if_not_exists' && first && second) {
    const current = first.kind === 'path' ? resolvePath(item, first) : undefined;
    const fallback = evaluateUpdateOperand(second, item);
    return current === undefined ? fallback : cloneValue(current);
  }
  if (name === 'list_append' && first && second) {
    const head = listOperand(first, item);
    const tail = listOperand(second, item);
    return { L: [...head, ...tail] };
  }
  // Condition functions and size() cannot stand in SET; the parser rejects them.
  throw incorrectOperandType();
}

function numberValue(value: AttributeValue): string {
  if (!('N' in value)) throw incorrectOperandType();
  return value.N;
}

function listOperand(operand: Operand, item: Item | undefined): AttributeValue[] {
  const value = evaluateUpdateOperand(operand, item);
  if (!('L' in value)) throw incorrectOperandType();
  return value.L;
}

function existing(value: AttributeValue | undefined): AttributeValue {
  if (value === undefined) throw missingOperand();
  return value;
}
