/**
 * Checks attribute values the way DynamoDB does on a write and returns a
 * normalized copy: numbers in canonical form (see number.ts), everything else
 * copied as is. Throws DynamoError with DynamoDB's message.
 */
import { validationError } from '../errors.js';
import { MAX_ATTRIBUTE_NAME_BYTES } from '../rules/limits.js';
import { dynamoDbStringByteLength } from './strings.js';
import { compareBytes } from '../keys/compare.js';
import {
  ATTRIBUTE_NAME_TOO_LONG_MESSAGE,
  BINARY_SET_DUPLICATES_MESSAGE,
  EMPTY_ATTRIBUTE_NAME_MESSAGE,
  EMPTY_BINARY_SET_MESSAGE,
  EMPTY_NUMBER_SET_MESSAGE,
  EMPTY_STRING_SET_MESSAGE,
  MAX_NESTED_CONTAINERS,
  NESTING_TOO_DEEP_MESSAGE,
  NUMBER_SET_DUPLICATES_MESSAGE,
  stringSetDuplicatesMessage,
} from './messages.js';
import { normalizeNumber } from './number.js';
import { setOwn } from './own.js';
import { singleTypeOf } from './shape.js';
import type { AttributeValue, Item } from './types.js';

/** Validates a whole item (or key) and returns its normalized copy. */
export function validateItem(item: Item): Item {
  return validateMap(item, 0);
}

/** Validates one attribute value and returns its normalized copy. */
export function validateAttributeValue(value: AttributeValue): AttributeValue {
  return validateValue(value, 0);
}

/** `containers` counts the M and L values wrapping this one. */
function validateValue(value: AttributeValue, containers: number): AttributeValue {
  const type = singleTypeOf(value);
  const member = (value as Record<string, unknown>)[type];
  switch (type) {
    case 'S':
      return { S: member as string };
    case 'N':
      return { N: normalizeNumber(member as string) };
    case 'B':
      return { B: member as Uint8Array };
    case 'BOOL':
      return { BOOL: member as boolean };
    case 'NULL':
      return { NULL: true };
    case 'M':
      checkNesting(containers + 1);
      return { M: validateMap(member as Item, containers + 1) };
    case 'L':
      checkNesting(containers + 1);
      return { L: (member as AttributeValue[]).map((element) => validateValue(element, containers + 1)) };
    case 'SS':
      return { SS: validateStringSet(member as string[]) };
    case 'NS':
      return { NS: validateNumberSet(member as string[]) };
    case 'BS':
      return { BS: validateBinarySet(member as Uint8Array[]) };
  }
}

function checkNesting(containers: number): void {
  if (containers > MAX_NESTED_CONTAINERS) throw validationError(NESTING_TOO_DEEP_MESSAGE);
}

function validateMap(map: Item, containers: number): Item {
  const validated: Item = {};
  for (const name in map) {
    if (!Object.hasOwn(map, name)) continue;
    if (name === '') throw validationError(EMPTY_ATTRIBUTE_NAME_MESSAGE);
    // A UTF-16 unit makes at most 3 UTF-8 bytes, so only long names need measuring.
    if (name.length > MAX_ATTRIBUTE_NAME_BYTES / 3 && dynamoDbStringByteLength(name) > MAX_ATTRIBUTE_NAME_BYTES) {
      throw validationError(ATTRIBUTE_NAME_TOO_LONG_MESSAGE);
    }
    setOwn(validated, name, validateValue(map[name]!, containers));
  }
  return validated;
}

function validateStringSet(members: string[]): string[] {
  if (members.length === 0) throw validationError(EMPTY_STRING_SET_MESSAGE);
  if (new Set(members).size !== members.length) throw validationError(stringSetDuplicatesMessage(members));
  return [...members];
}

/** Duplicates are found on the numeric value: `1` and `1.0` collide. */
function validateNumberSet(members: string[]): string[] {
  if (members.length === 0) throw validationError(EMPTY_NUMBER_SET_MESSAGE);
  const canonical = members.map(normalizeNumber);
  if (new Set(canonical).size !== canonical.length) throw validationError(NUMBER_SET_DUPLICATES_MESSAGE);
  return canonical;
}

function validateBinarySet(members: Uint8Array[]): Uint8Array[] {
  if (members.length === 0) throw validationError(EMPTY_BINARY_SET_MESSAGE);
  const sorted = [...members].sort(compareBytes);
  for (let i = 1; i < sorted.length; i++) {
    if (compareBytes(sorted[i - 1]!, sorted[i]!) === 0) throw validationError(BINARY_SET_DUPLICATES_MESSAGE);
  }
  return [...members];
}
