/**
 * The condition an undo writes under: the item is still exactly as the
 * journaled write left it. Built with core's expression builder: every
 * attribute equal (DynamoDB's `=` compares sets, lists and maps whole) and the
 * item present. DynamoDB caps a condition at 4096 bytes and 300 operators, so
 * for large items the guard falls back to the attributes the write changed,
 * and for the largest to the item's existence (a version-like check); the
 * undo also compares the whole item it read just before, which covers the rest
 * but for a moment's race.
 */
import { attributeValuesEqual, expr, printCondition, utf8ByteLength, type Condition, type Item } from '@dynotable/core';

export type GuardKind = 'every-attribute' | 'changed-attributes' | 'exists' | 'absent';

export interface Guard {
  readonly condition: Condition;
  readonly kind: GuardKind;
}

const MAX_EXPRESSION_BYTES = 4096;
const MAX_OPERATORS = 300;

function operators(condition: Condition): number {
  switch (condition.kind) {
    case 'and':
    case 'or':
      return 1 + operators(condition.left) + operators(condition.right);
    case 'not':
      return 1 + operators(condition.operand);
    default:
      return 1;
  }
}

export function fitsDynamoDb(condition: Condition): boolean {
  if (operators(condition) > MAX_OPERATORS) return false;
  return utf8ByteLength(printCondition(condition).ConditionExpression ?? '') <= MAX_EXPRESSION_BYTES;
}

function stillHolds(item: Item, names: readonly string[], gone: readonly string[], keyName: string): Condition {
  return expr.and(
    expr.path(keyName).exists(),
    ...names.map((name) => expr.path(name).eq(expr.value(item[name]!))),
    ...gone.map((name) => expr.path(name).notExists()),
  );
}

/** No item at the key (the undo of a delete puts it back only into an empty place). */
export function absentGuard(keyName: string): Guard {
  return { condition: expr.path(keyName).notExists(), kind: 'absent' };
}

/** `current` must equal `expected` (the write's after image); `previous` is the before image, for the fallback. */
export function equalsGuard(expected: Item, previous: Item | null, keyNames: readonly string[]): Guard {
  const keyName = keyNames[0]!;
  const attributes = Object.keys(expected).filter((name) => !keyNames.includes(name));
  const every = stillHolds(expected, attributes, [], keyName);
  if (fitsDynamoDb(every)) return { condition: every, kind: 'every-attribute' };
  if (previous !== null) {
    const changed = attributes.filter((name) => previous[name] === undefined || !attributeValuesEqual(previous[name]!, expected[name]!));
    const gone = Object.keys(previous).filter((name) => !keyNames.includes(name) && expected[name] === undefined);
    const some = stillHolds(expected, changed, gone, keyName);
    if (changed.length + gone.length < attributes.length && fitsDynamoDb(some)) return { condition: some, kind: 'changed-attributes' };
  }
  return { condition: expr.path(keyName).exists(), kind: 'exists' };
}
