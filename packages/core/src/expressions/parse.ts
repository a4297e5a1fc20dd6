/**
 * Entry points: DynamoDB expression text plus ExpressionAttributeNames/Values in,
 * resolved AST out, or DynamoDB's ValidationException with its exact message.
 */
import { DynamoError } from '../errors.js';
import type { Condition, ExpressionAttributes, ExpressionKind, ProjectionNode, UpdateNode } from './ast.js';
import { parseConditionBody } from './conditions.js';
import { EMPTY_EXPRESSION, MAX_EXPRESSION_BYTES, invalid, messages } from './messages.js';
import { Parser } from './parser.js';
import type { PlaceholderUsage } from './parser.js';
import { parseProjectionBody } from './projection.js';
import { parseUpdateBody } from './update.js';

export type ConditionKind = 'KeyConditionExpression' | 'ConditionExpression' | 'FilterExpression';

/** Options shared by the parse functions (request-level bookkeeping, friendly text). */
export interface ParseContext {
  usage?: PlaceholderUsage | undefined;
  friendly?: boolean | undefined;
}

export function parseCondition(
  text: string,
  kind: ConditionKind,
  attributes?: ExpressionAttributes,
  context?: ParseContext,
): Condition {
  return run(text, kind, attributes, context, parseConditionBody);
}

export function parseUpdate(text: string, attributes?: ExpressionAttributes, context?: ParseContext): UpdateNode {
  return run(text, 'UpdateExpression', attributes, context, parseUpdateBody);
}

export function parseProjection(
  text: string,
  attributes?: ExpressionAttributes,
  context?: ParseContext,
): ProjectionNode {
  return run(text, 'ProjectionExpression', attributes, context, parseProjectionBody);
}

function run<T>(
  text: string,
  kind: ExpressionKind,
  attributes: ExpressionAttributes | undefined,
  context: ParseContext | undefined,
  body: (p: Parser) => T,
): T {
  if (text.length === 0) throw new DynamoError('ValidationException', invalid(kind, EMPTY_EXPRESSION), { offset: 0, length: 0 });
  if (!context?.friendly) {
    const bytes = utf8Length(text);
    if (bytes > MAX_EXPRESSION_BYTES) {
      throw new DynamoError('ValidationException', invalid(kind, messages.tooLarge(bytes)), { offset: 0, length: text.length });
    }
  }
  const parser = new Parser(text, { kind, attributes, usage: context?.usage, friendly: context?.friendly ?? false });
  const result = body(parser);
  parser.finish();
  return result;
}

/** UTF-8 length of a string without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
