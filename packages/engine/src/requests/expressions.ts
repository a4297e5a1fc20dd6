/**
 * The expression members of a request (ConditionExpression, UpdateExpression,
 * ProjectionExpression, FilterExpression, KeyConditionExpression with
 * ExpressionAttributeNames/Values): DynamoDB's request-level checks, then
 * core's parser. Parsed results are cached, as clients repeat the same
 * expressions with the same placeholders.
 */
import { attributeValueFromWire, parseRequestExpressions, validationError } from '@dynotable/core';
import type { AttributeValue, ExpressionRequest, ParsedExpressions } from '@dynotable/core';

export type ExpressionMember =
  | 'ProjectionExpression'
  | 'UpdateExpression'
  | 'ConditionExpression'
  | 'FilterExpression'
  | 'KeyConditionExpression';

/** The order DynamoDB names expression members in its messages. */
const EXPRESSION_ORDER: readonly ExpressionMember[] = [
  'ProjectionExpression',
  'UpdateExpression',
  'ConditionExpression',
  'FilterExpression',
  'KeyConditionExpression',
];

type LegacyMember =
  | 'AttributesToGet'
  | 'AttributeUpdates'
  | 'Expected'
  | 'QueryFilter'
  | 'ScanFilter'
  | 'ConditionalOperator'
  | 'KeyConditions';

/** The order DynamoDB names non-expression members in its messages (measured on DynamoDB Local). */
const LEGACY_ORDER: readonly LegacyMember[] = [
  'AttributesToGet',
  'AttributeUpdates',
  'Expected',
  'QueryFilter',
  'ScanFilter',
  'ConditionalOperator',
  'KeyConditions',
];

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Refuses a request that mixes legacy and expression members:
 * "Can not use both expression and non-expression parameters in the same
 * request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}".
 */
export function checkNoMixedParameters(input: Record<string, unknown>): void {
  if (!LEGACY_ORDER.some((member) => present(input[member]))) return;
  const legacy = LEGACY_ORDER.filter((member) => present(input[member]));
  const expressions = EXPRESSION_ORDER.filter((member) => present(input[member]));
  if (expressions.length === 0) return;
  // DynamoDB accepts legacy KeyConditions beside a projection or filter expression.
  const keyConditionsOnly = legacy.length === 1 && legacy[0] === 'KeyConditions';
  if (keyConditionsOnly && expressions.every((member) => member === 'ProjectionExpression' || member === 'FilterExpression')) return;
  throw validationError(
    `Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {${legacy.join(', ')}} Expression parameters: {${expressions.join(', ')}}`,
  );
}

const CACHE_LIMIT = 1000;
const cache = new Map<string, ParsedExpressions>();

function cacheKey(input: Record<string, unknown>, members: readonly ExpressionMember[]): string | undefined {
  try {
    const parts: unknown[] = members.map((member) => input[member]);
    parts.push(input.ExpressionAttributeNames, input.ExpressionAttributeValues);
    return JSON.stringify(parts);
  } catch {
    return undefined;
  }
}

/** The names map; its shape (strings) is checked with the request's, but a null value passes that check. */
function readNames(value: unknown): Record<string, string> | undefined {
  if (!present(value)) return undefined;
  const names = value as Record<string, unknown>;
  for (const key of Object.keys(names)) {
    if (typeof names[key] !== 'string') {
      throw validationError(`ExpressionAttributeNames contains invalid value: ${String(names[key])} for key ${key}`);
    }
  }
  return names as Record<string, string>;
}

function readValues(value: unknown): Record<string, AttributeValue> | undefined {
  if (!present(value)) return undefined;
  const values: Record<string, AttributeValue> = {};
  for (const [key, wire] of Object.entries(value as Record<string, unknown>)) values[key] = attributeValueFromWire(wire);
  return values;
}

/**
 * Parses the expressions an operation accepts (`members`, e.g.
 * ['UpdateExpression', 'ConditionExpression'] for UpdateItem) with the
 * request's placeholders. ExpressionAttributeValues is ignored when no
 * accepted member takes values (GetItem has no such member). Checks, in
 * DynamoDB's order: empty maps, placeholders without expressions, then core's
 * parse (syntax, undefined and unused placeholders). Returns {} when the
 * request has no expressions.
 */
const NONE: ParsedExpressions = Object.freeze({});

export function readExpressions(input: Record<string, unknown>, members: readonly ExpressionMember[]): ParsedExpressions {
  // The common case on hot paths: no expressions at all.
  if (!present(input.ExpressionAttributeNames) && !present(input.ExpressionAttributeValues) && !members.some((member) => present(input[member]))) {
    return NONE;
  }
  const namesGiven = present(input.ExpressionAttributeNames);
  const valueMembers = members.filter((member) => member !== 'ProjectionExpression');
  const valuesGiven = valueMembers.length > 0 && present(input.ExpressionAttributeValues);
  const used = members.filter((member) => present(input[member]));
  if (used.length === 0 && !namesGiven && !valuesGiven) return {};

  if (namesGiven && Object.keys(input.ExpressionAttributeNames as object).length === 0) {
    throw validationError('ExpressionAttributeNames must not be empty');
  }
  if (valuesGiven && Object.keys(input.ExpressionAttributeValues as object).length === 0) {
    throw validationError('ExpressionAttributeValues must not be empty');
  }
  if (namesGiven && used.length === 0) {
    throw validationError('ExpressionAttributeNames can only be specified when using expressions');
  }
  if (valuesGiven && !valueMembers.some((member) => present(input[member]))) {
    const names = valueMembers.join(' and ');
    throw validationError(
      `ExpressionAttributeValues can only be specified when using expressions: ${names} ${valueMembers.length === 1 ? 'is' : 'are'} null`,
    );
  }

  const key = cacheKey(input, members);
  const cached = key === undefined ? undefined : cache.get(key);
  if (cached !== undefined) return cached;

  const request: ExpressionRequest = {};
  for (const member of used) request[member] = input[member] as string;
  const names = readNames(input.ExpressionAttributeNames);
  if (names) request.ExpressionAttributeNames = names;
  const values = valuesGiven ? readValues(input.ExpressionAttributeValues) : undefined;
  if (values) request.ExpressionAttributeValues = values;
  const parsed = parseRequestExpressions(request);

  if (key !== undefined) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, parsed);
  }
  return parsed;
}
