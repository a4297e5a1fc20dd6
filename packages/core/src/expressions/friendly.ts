/**
 * Friendly text for people: DynamoDB's grammar with raw attribute names
 * (reserved words allowed; `backquotes` for names with spaces, dots or other
 * characters) and literal values instead of `:placeholders`. See literals.ts
 * for the literal syntax. `#n` / `:v` placeholders still work when given.
 * To name an attribute called `true`, `false` or `null`, backquote it.
 */
import type { Condition, ExpressionAttributes, ProjectionNode, UpdateNode } from './ast.js';
import { checkKeyCondition } from './key-schema.js';
import type { KeySchemaNames } from './key-schema.js';
import { parseCondition, parseProjection, parseUpdate } from './parse.js';
import { printExpressions } from './printer.js';
import type { ExpressionRequest, ParsedExpressions } from './request.js';
import { parseRequestExpressions } from './request.js';

export type FriendlyKind = 'key' | 'condition' | 'filter' | 'update' | 'projection';

const FRIENDLY = { friendly: true };

export function parseFriendly(kind: 'key' | 'condition' | 'filter', text: string, attributes?: ExpressionAttributes): Condition;
export function parseFriendly(kind: 'update', text: string, attributes?: ExpressionAttributes): UpdateNode;
export function parseFriendly(kind: 'projection', text: string, attributes?: ExpressionAttributes): ProjectionNode;
export function parseFriendly(
  kind: FriendlyKind,
  text: string,
  attributes?: ExpressionAttributes,
): Condition | UpdateNode | ProjectionNode;
export function parseFriendly(
  kind: FriendlyKind,
  text: string,
  attributes?: ExpressionAttributes,
): Condition | UpdateNode | ProjectionNode {
  switch (kind) {
    case 'key':
      return parseCondition(text, 'KeyConditionExpression', attributes, FRIENDLY);
    case 'condition':
      return parseCondition(text, 'ConditionExpression', attributes, FRIENDLY);
    case 'filter':
      return parseCondition(text, 'FilterExpression', attributes, FRIENDLY);
    case 'update':
      return parseUpdate(text, attributes, FRIENDLY);
    case 'projection':
      return parseProjection(text, attributes, FRIENDLY);
  }
}

/**
 * Friendly texts -> a DynamoDB request's expression fields. Each text is checked
 * with DynamoDB's rules (errors point into the friendly text), and the printed
 * request is checked again as DynamoDB would check it (size, operator limits).
 * A key condition is then checked as a Query's: against `keySchema` when
 * given, and otherwise by every rule that needs no key names (see
 * checkKeyCondition), so nothing DynamoDB refuses in a key condition passes.
 */
export function compileFriendly(
  parts: Partial<Record<FriendlyKind, string>>,
  attributes?: ExpressionAttributes,
  keySchema?: KeySchemaNames,
): ExpressionRequest {
  const parsed: ParsedExpressions = {};
  if (parts.key !== undefined) parsed.keyCondition = parseFriendly('key', parts.key, attributes);
  if (parts.condition !== undefined) parsed.condition = parseFriendly('condition', parts.condition, attributes);
  if (parts.filter !== undefined) parsed.filter = parseFriendly('filter', parts.filter, attributes);
  if (parts.update !== undefined) parsed.update = parseFriendly('update', parts.update, attributes);
  if (parts.projection !== undefined) parsed.projection = parseFriendly('projection', parts.projection, attributes);
  const request = printExpressions(parsed);
  const reparsed = parseRequestExpressions(request);
  if (reparsed.keyCondition) checkKeyCondition(reparsed.keyCondition, keySchema);
  return request;
}
