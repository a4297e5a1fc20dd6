/**
 * The value of a SET operand. Unlike in conditions, a missing attribute or a
 * wrong type is an error here, and all operands read the item as it was
 * before the update. DynamoDB evaluates every operand, left to right, and
 * checks each one's type as soon as it has it: `s + nope` (s a string) is a
 * type error, `nope + s` a missing attribute, and the fallback of
 * if_not_exists must exist even when it is not used.
 */
import { DynamoError } from '../errors.js';
import type { Operand } from '../expressions/ast.js';
import { MAX_EXPRESSION_NESTING, messages } from '../expressions/messages.js';
import type { AttributeValue, Item } from '../values/types.js';
import { applyArithmetic } from './arithmetic.js';
import { canonicalValue, cloneValue } from './canonical.js';
import { incorrectOperandType, missingOperand } from './messages.js';
import { resolvePath } from './path.js';

/**
 * A tree deeper than any valid expression (one built by code: the parser stops
 * there) is refused before the recursion could reach the stack's limit.
 */
export function evaluateUpdateOperand(operand: Operand, item: Item | undefined, depth = 0): AttributeValue {
  if (depth > MAX_EXPRESSION_NESTING) throw new DynamoError('ValidationException', messages.nestedTooDeeply());
  const next = depth + 1;
  switch (operand.kind) {
    case 'path':
      return cloneValue(existing(resolvePath(item, operand)));
    case 'value':
      return canonicalValue(operand.value);
    case 'arithmetic': {
      // Function operands run first: `s - if_not_exists(x, nope)` reports the missing `nope`.
      const [leftCall, rightCall] = [operand.left, operand.right].map((side) =>
        side.kind === 'call' ? evaluateUpdateOperand(side, item, next) : undefined,
      );
      const left = numberValue(leftCall ?? evaluateUpdateOperand(operand.left, item, next));
      const right = numberValue(rightCall ?? evaluateUpdateOperand(operand.right, item, next));
      return { N: applyArithmetic(operand.operator, left, right) };
    }
    case 'call':
      return evaluateUpdateFunction(operand.name, operand.args, item, next);
  }
}

function evaluateUpdateFunction(name: string, args: Operand[], item: Item | undefined, depth: number): AttributeValue {
  const [first, second] = args;
  if (name === 'if_not_exists' && first && second) {
    const current = first.kind === 'path' ? resolvePath(item, first) : undefined;
    const fallback = evaluateUpdateOperand(second, item, depth);
    return current === undefined ? fallback : cloneValue(current);
  }
  if (name === 'list_append' && first && second) {
    const head = listOperand(first, item, depth);
    const tail = listOperand(second, item, depth);
    return { L: [...head, ...tail] };
  }
  // Condition functions and size() cannot stand in SET; the parser rejects them.
  throw incorrectOperandType();
}

function numberValue(value: AttributeValue): string {
  if (!('N' in value)) throw incorrectOperandType();
  return value.N;
}

function listOperand(operand: Operand, item: Item | undefined, depth: number): AttributeValue[] {
  const value = evaluateUpdateOperand(operand, item, depth);
  if (!('L' in value)) throw incorrectOperandType();
  return value.L;
}

function existing(value: AttributeValue | undefined): AttributeValue {
  if (value === undefined) throw missingOperand();
  return value;
}
