/**
 * Key values as the user types them (text and a type). The checks DynamoDB
 * makes on the key attributes of a Key or an Item, with its messages, are
 * core's (itemKeyProblem).
 */
import { decodeBase64, DynamoError, emptyKeyMessage, isEmptyKeyValue, normalizeNumber, type AttributeValue, type KeyType } from '@dynotable/core';

function emptyKeyProblem(value: AttributeValue, name: string): string | undefined {
  return isEmptyKeyValue(value) ? emptyKeyMessage('S' in value ? 'string' : 'binary', name) : undefined;
}

/** The typed text as a value of the key's type, or the problem with it. */
export function keyValue(type: KeyType, text: string, name: string): { value: AttributeValue } | { problem: string } {
  let value: AttributeValue;
  if (type === 'N') {
    try {
      normalizeNumber(text);
    } catch (error) {
      if (error instanceof DynamoError) return { problem: error.message };
      throw error;
    }
    value = { N: text.trim() };
  } else if (type === 'B') {
    const bytes = decodeBase64(text.trim());
    if (bytes === undefined) return { problem: 'Write binary as padded standard base64, e.g. AAEC/w==' };
    value = { B: bytes };
  } else value = { S: text };
  const empty = emptyKeyProblem(value, name);
  return empty === undefined ? { value } : { problem: empty };
}

export interface KeyAttributeName {
  readonly name: string;
  readonly type: KeyType;
}
