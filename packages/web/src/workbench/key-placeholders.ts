/**
 * A key condition typed with placeholders (`#pk = :pk`, as in code or the AWS
 * CLI): the names and values given beside it read as DynamoDB takes them,
 * and the condition resolved with core's parser into friendly text with the
 * values written in (what the server is sent).
 */
import { attributeValueFromWire, DynamoError, parseFriendly, printFriendly, type AttributeValue, type Condition, type ExpressionAttributes } from '@dynotable/core';

export type Attributes = { readonly ok: true; readonly attributes: ExpressionAttributes | undefined } | { readonly ok: false; readonly message: string };

function jsonObject(text: string, what: string, example: string): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `The ${what} are not valid JSON: write them as ${example}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return `The ${what} are one JSON object, such as ${example}`;
  return parsed as Record<string, unknown>;
}

const NAMES_EXAMPLE = '{"#pk": "PK"}';
const VALUES_EXAMPLE = '{":pk": {"S": "ACTOR#1"}}';

/** The names (JSON: #placeholder → attribute) and values (DynamoDB JSON: :placeholder → value) as typed; empty texts give none. */
export function readPlaceholders(namesText: string, valuesText: string): Attributes {
  const attributes: { names?: Record<string, string>; values?: Record<string, AttributeValue> } = {};
  if (namesText.trim() !== '') {
    const names = jsonObject(namesText, 'names', NAMES_EXAMPLE);
    if (typeof names === 'string') return { ok: false, message: names };
    for (const [placeholder, name] of Object.entries(names)) {
      if (!placeholder.startsWith('#')) return { ok: false, message: `The name placeholder ${JSON.stringify(placeholder)} must start with #, as in ${NAMES_EXAMPLE}` };
      if (typeof name !== 'string') return { ok: false, message: `The name of ${placeholder} must be a string, as in ${NAMES_EXAMPLE}` };
    }
    attributes.names = names as Record<string, string>;
  }
  if (valuesText.trim() !== '') {
    const values = jsonObject(valuesText, 'values', VALUES_EXAMPLE);
    if (typeof values === 'string') return { ok: false, message: values };
    const read: Record<string, AttributeValue> = {};
    for (const [placeholder, wire] of Object.entries(values)) {
      if (!placeholder.startsWith(':')) return { ok: false, message: `The value placeholder ${JSON.stringify(placeholder)} must start with :, as in ${VALUES_EXAMPLE}` };
      try {
        read[placeholder] = attributeValueFromWire(wire);
      } catch (error) {
        if (!(error instanceof DynamoError)) throw error;
        return { ok: false, message: `The value of ${placeholder} is not DynamoDB JSON (${error.message}): write it as {"S": "text"}, {"N": "12"} or {"B": "base64"}` };
      }
    }
    attributes.values = read;
  }
  return { ok: true, attributes: attributes.names === undefined && attributes.values === undefined ? undefined : attributes };
}

/** The typed key condition with its placeholders resolved (throws core's DynamoError, located in the typed text). */
export function parseTypedKey(text: string, attributes: ExpressionAttributes | undefined): Condition {
  return parseFriendly('key', text, attributes);
}

/** The typed key condition as friendly text with the values written in; the text itself when it has no placeholders to resolve. */
export function resolvedKeyText(text: string, attributes: ExpressionAttributes | undefined): string {
  return attributes === undefined ? text : printFriendly('key', parseTypedKey(text, attributes));
}
