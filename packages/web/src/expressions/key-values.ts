/**
 * Key values as the user types them (text and a type), and the checks
 * DynamoDB makes on the key attributes of a Key or an Item, with its messages.
 */
import { checkKeyValueSizes, decodeBase64, DynamoError, normalizeNumber, typeOf, type AttributeValue, type Item, type KeyType } from '@dynotable/core';

const INVALID = 'One or more parameter values were invalid: ';

function emptyKeyMessage(value: AttributeValue, name: string): string | undefined {
  const empty = ('S' in value && value.S.length === 0) || ('B' in value && value.B.length === 0);
  if (!empty) return undefined;
  return `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${'S' in value ? 'string' : 'binary'} value. Key: ${name}`;
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
  const empty = emptyKeyMessage(value, name);
  return empty === undefined ? { value } : { problem: empty };
}

export interface KeyAttributeName {
  readonly name: string;
  readonly type: KeyType;
}

/** DynamoDB's check of an item's key attributes (PutItem): present, of the key's type, not empty, not too large. */
export function itemKeyProblem(item: Item, keys: readonly KeyAttributeName[]): string | undefined {
  for (const key of keys) {
    const value = item[key.name];
    if (value === undefined) return `${INVALID}Missing the key ${key.name} in the item`;
    const actual = typeOf(value);
    if (actual !== key.type) return `${INVALID}Type mismatch for key ${key.name} expected: ${key.type} actual: ${actual}`;
    const empty = emptyKeyMessage(value, key.name);
    if (empty !== undefined) return empty;
  }
  try {
    const [partition, sort] = keys;
    if (partition !== undefined) checkKeyValueSizes(item[partition.name]!, sort === undefined ? undefined : item[sort.name]);
  } catch (error) {
    if (error instanceof DynamoError) return error.message;
    throw error;
  }
  return undefined;
}
