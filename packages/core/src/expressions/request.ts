/**
 * A whole request's expressions, checked together as DynamoDB does: the
 * placeholder maps first, then each expression, then placeholders that no
 * expression used.
 */
import { DynamoError, isDynamoError } from '../errors.js';
import { validateAttributeValue } from '../values/validate.js';
import type { AttributeValue } from '../values/types.js';
import type { Condition, ExpressionAttributes, ProjectionNode, UpdateNode } from './ast.js';
import { MAX_PLACEHOLDER_BYTES, messages } from './messages.js';
import { isIdentifierPart } from './names.js';
import { parseCondition, parseProjection, parseUpdate, utf8Length } from './parse.js';
import type { PlaceholderUsage } from './parser.js';

export interface ExpressionRequest {
  KeyConditionExpression?: string;
  ConditionExpression?: string;
  FilterExpression?: string;
  UpdateExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
}

export interface ParsedExpressions {
  keyCondition?: Condition;
  condition?: Condition;
  filter?: Condition;
  update?: UpdateNode;
  projection?: ProjectionNode;
}

/**
 * Parses and checks every expression of a request in DynamoDB's order: the
 * placeholder maps, then Update, Condition, Filter, Projection, KeyCondition
 * (DynamoDB Local reports a Query's filter errors before its key condition's),
 * then unused placeholders. Key-schema checks come after this (see key-schema.ts).
 */
export function parseRequestExpressions(request: ExpressionRequest): ParsedExpressions {
  const names = request.ExpressionAttributeNames;
  const values = request.ExpressionAttributeValues;
  checkPlaceholderKeys(names, values);
  const attributes: ExpressionAttributes = { names, values };
  const usage: PlaceholderUsage = { names: new Set(), values: new Set() };
  const context = { usage };
  const parsed: ParsedExpressions = {};
  if (request.UpdateExpression !== undefined) parsed.update = parseUpdate(request.UpdateExpression, attributes, context);
  if (request.ConditionExpression !== undefined) {
    parsed.condition = parseCondition(request.ConditionExpression, 'ConditionExpression', attributes, context);
  }
  if (request.FilterExpression !== undefined) {
    parsed.filter = parseCondition(request.FilterExpression, 'FilterExpression', attributes, context);
  }
  if (request.ProjectionExpression !== undefined) {
    parsed.projection = parseProjection(request.ProjectionExpression, attributes, context);
  }
  if (request.KeyConditionExpression !== undefined) {
    parsed.keyCondition = parseCondition(request.KeyConditionExpression, 'KeyConditionExpression', attributes, context);
  }
  checkAllUsed(names, values, usage);
  return parsed;
}

/** Keys must look like `#name` / `:value` and fit in 255 bytes; names must not be empty; values must be valid. */
export function checkPlaceholderKeys(
  names: Record<string, string> | undefined,
  values: Record<string, AttributeValue> | undefined,
): void {
  if (names) {
    for (const key of Object.keys(names)) {
      const bytes = utf8Length(key);
      if (bytes > MAX_PLACEHOLDER_BYTES) throw new DynamoError('ValidationException', messages.longNameKey(bytes));
      if (!isPlaceholderKey(key, 35)) throw new DynamoError('ValidationException', messages.invalidNameKey(key));
      if (names[key] === '') throw new DynamoError('ValidationException', messages.emptyName(key));
    }
  }
  if (values) {
    for (const key of Object.keys(values)) {
      if (utf8Length(key) > MAX_PLACEHOLDER_BYTES) throw new DynamoError('ValidationException', messages.longValueKey());
      if (!isPlaceholderKey(key, 58)) throw new DynamoError('ValidationException', messages.invalidValueKey(key));
      checkValue(key, values[key] as AttributeValue);
    }
  }
}

/** The value must be one DynamoDB accepts (only checked: the AST keeps the value as sent). */
function checkValue(key: string, value: AttributeValue): void {
  if (isPlainString(value)) return; // the common case, and always valid
  try {
    validateAttributeValue(value);
  } catch (error) {
    if (isDynamoError(error)) throw new DynamoError('ValidationException', messages.invalidValue(error.message, key));
    throw error;
  }
}

function isPlainString(value: AttributeValue): boolean {
  if (typeof (value as { S?: unknown }).S !== 'string') return false;
  let members = 0;
  for (const _ in value) members++;
  return members === 1;
}

function isPlaceholderKey(key: string, sigil: number): boolean {
  if (key.length < 2 || key.charCodeAt(0) !== sigil) return false;
  for (let i = 1; i < key.length; i++) if (!isIdentifierPart(key.charCodeAt(i))) return false;
  return true;
}

function checkAllUsed(
  names: Record<string, string> | undefined,
  values: Record<string, AttributeValue> | undefined,
  usage: PlaceholderUsage,
): void {
  const unusedNames = names ? Object.keys(names).filter((key) => !usage.names.has(key)) : [];
  if (unusedNames.length > 0) throw new DynamoError('ValidationException', messages.unusedNames(unusedNames));
  const unusedValues = values ? Object.keys(values).filter((key) => !usage.values.has(key)) : [];
  if (unusedValues.length > 0) throw new DynamoError('ValidationException', messages.unusedValues(unusedValues));
}
