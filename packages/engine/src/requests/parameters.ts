/**
 * Reading the request members most operations share: the table name, the
 * Return* switches, and DynamoDB's framework validation of their values. The
 * item and read operations, Query and Scan all read them the same way.
 */
import type { ConstraintViolations } from '../validation/constraints.js';
import { checkResourceName } from '../validation/constraints.js';

export type ReturnConsumedCapacity = 'INDEXES' | 'TOTAL' | 'NONE';
export type ReturnItemCollectionMetrics = 'SIZE' | 'NONE';
export type ReturnValues = 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';
export type ReturnValuesOnConditionCheckFailure = 'ALL_OLD' | 'NONE';

/** Enum sets in the order DynamoDB lists them in "Member must satisfy enum value set: [...]". */
const RETURN_CONSUMED_CAPACITY_VALUES = ['INDEXES', 'TOTAL', 'NONE'] as const;
const RETURN_ITEM_COLLECTION_METRICS_VALUES = ['SIZE', 'NONE'] as const;
const RETURN_VALUES_VALUES = ['ALL_NEW', 'UPDATED_OLD', 'ALL_OLD', 'NONE', 'UPDATED_NEW'] as const;
const RETURN_VALUES_ON_CONDITION_CHECK_FAILURE_VALUES = ['ALL_OLD', 'NONE'] as const;
const CONDITIONAL_OPERATOR_VALUES = ['AND', 'OR'] as const;

/** DynamoDB's answer to a ReturnValues the operation does not support (ALL_NEW on PutItem). */
export const RETURN_VALUES_INVALID_MESSAGE = 'Return values set to invalid value';

/**
 * Records a violation unless `value` is absent or one of `allowed`; returns
 * the value when it is allowed. (A non-string is a serialization problem the
 * wire layer reports before an operation runs.)
 */
function readEnum<T extends string>(
  violations: ConstraintViolations,
  value: unknown,
  path: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  violations.add(value, path, `Member must satisfy enum value set: [${allowed.join(', ')}]`);
  return undefined;
}

/** Checks TableName (3–255 of [a-zA-Z0-9_.-], required) into `violations`; returns it when it is a string. */
export function readTableName(violations: ConstraintViolations, value: unknown, path = 'tableName'): string {
  // Item operations take a table name or ARN; an empty one breaks a single constraint, its minimum length of 1.
  if (value === '') violations.add(value, path, 'Member must have length greater than or equal to 1');
  else checkResourceName(violations, value, path);
  return typeof value === 'string' ? value : '';
}

/** A reader of a Return* switch, with the path DynamoDB names it by: absent means NONE. */
function noneByDefault<T extends string>(allowed: readonly T[], defaultPath: string) {
  return (violations: ConstraintViolations, value: unknown, path = defaultPath): T | 'NONE' =>
    readEnum(violations, value, path, allowed) ?? 'NONE';
}

export const readReturnConsumedCapacity = noneByDefault<ReturnConsumedCapacity>(
  RETURN_CONSUMED_CAPACITY_VALUES,
  'returnConsumedCapacity',
);

export const readReturnItemCollectionMetrics = noneByDefault<ReturnItemCollectionMetrics>(
  RETURN_ITEM_COLLECTION_METRICS_VALUES,
  'returnItemCollectionMetrics',
);

/** Any of the five values; the operation then refuses those it does not support (see RETURN_VALUES_INVALID_MESSAGE). */
export const readReturnValues = noneByDefault<ReturnValues>(RETURN_VALUES_VALUES, 'returnValues');

export const readReturnValuesOnConditionCheckFailure = noneByDefault<ReturnValuesOnConditionCheckFailure>(
  RETURN_VALUES_ON_CONDITION_CHECK_FAILURE_VALUES,
  'returnValuesOnConditionCheckFailure',
);

export function readConditionalOperator(
  violations: ConstraintViolations,
  value: unknown,
  path = 'conditionalOperator',
): 'AND' | 'OR' | undefined {
  return readEnum(violations, value, path, CONDITIONAL_OPERATOR_VALUES);
}

/** ConsistentRead: absent means eventually consistent. */
export function readConsistentRead(value: unknown): boolean {
  return value === true;
}
