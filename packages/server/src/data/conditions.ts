/** Building conditions and updates as core's AST, printed with core's one placeholder allocator. */
import {
  parseFriendly,
  parseRequestExpressions,
  type AttributeValue,
  type Condition,
  type PathNode,
} from '@dynotable/core';
import { DataError } from './errors.js';
import { readValues } from './wire-input.js';

export function path(name: string): PathNode {
  return { kind: 'path', elements: [{ type: 'name', name }] };
}

export function equals(name: string, value: AttributeValue): Condition {
  return { kind: 'compare', operator: '=', left: path(name), right: { kind: 'value', value } };
}

export function exists(name: string): Condition {
  return { kind: 'call', name: 'attribute_exists', args: [path(name)] };
}

export function notExists(name: string): Condition {
  return { kind: 'call', name: 'attribute_not_exists', args: [path(name)] };
}

export function allOf(conditions: readonly Condition[]): Condition | undefined {
  return conditions.reduce<Condition | undefined>((left, right) => (left === undefined ? right : { kind: 'and', left, right }), undefined);
}

/** A write's optional condition: friendly text, or DynamoDB's expression with its placeholders. */
export interface ConditionInput {
  readonly condition?: string | undefined;
  readonly ConditionExpression?: string | undefined;
  readonly ExpressionAttributeNames?: Record<string, string> | undefined;
  readonly ExpressionAttributeValues?: Record<string, unknown> | undefined;
}

function hasRawCondition(input: ConditionInput): boolean {
  return input.ConditionExpression !== undefined || input.ExpressionAttributeNames !== undefined || input.ExpressionAttributeValues !== undefined;
}

/** The user's condition as an AST (checked with DynamoDB's messages), or undefined. */
export function userCondition(input: ConditionInput): Condition | undefined {
  if (input.condition !== undefined && hasRawCondition(input)) {
    throw new DataError(
      'invalid',
      'ValidationException',
      'condition: give either friendly text in "condition" or ConditionExpression with ExpressionAttributeNames/Values, not both',
    );
  }
  if (input.condition !== undefined) return parseFriendly('condition', input.condition);
  if (!hasRawCondition(input)) return undefined;
  return parseRequestExpressions({
    ConditionExpression: input.ConditionExpression,
    ExpressionAttributeNames: input.ExpressionAttributeNames,
    ExpressionAttributeValues: readValues(input.ExpressionAttributeValues),
  }).condition;
}
