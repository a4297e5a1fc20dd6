/**
 * The functions of condition expressions. A missing operand or one of a type
 * the function does not apply to makes the condition false, never an error:
 * DynamoDB rejects wrong literal types when it parses, not when it evaluates.
 */
import type { AttributeValue } from '../values/types.js';
import { typeOf } from '../values/types.js';
import { dynamoDbStringForm } from '../values/strings.js';
import { attributeValuesEqual, bytesEqual, numbersEqual, stringsEqual } from './equality.js';

/**
 * `size(path)`: the element count of a set, list or map, the byte count of a
 * binary, the length of a string; undefined (the comparison is false) for a
 * number, boolean or null. DynamoDB Local counts a string's UTF-16 code units
 * ("héllo😀" has size 7, not its 10 UTF-8 bytes), and so do we.
 */
export function sizeOf(value: AttributeValue | undefined): AttributeValue | undefined {
  const count = elementCount(value);
  return count === undefined ? undefined : { N: String(count) };
}

function elementCount(value: AttributeValue | undefined): number | undefined {
  if (value === undefined) return undefined;
  if ('S' in value) return value.S.length;
  if ('B' in value) return value.B.length;
  if ('SS' in value) return value.SS.length;
  if ('NS' in value) return value.NS.length;
  if ('BS' in value) return value.BS.length;
  if ('L' in value) return value.L.length;
  if ('M' in value) return Object.keys(value.M).length;
  return undefined;
}

/** `begins_with(path, prefix)`: a string prefix of a string (compared as DynamoDB's bytes), a byte prefix of a binary. */
export function beginsWith(value: AttributeValue | undefined, prefix: AttributeValue | undefined): boolean {
  if (value === undefined || prefix === undefined) return false;
  if ('S' in value && 'S' in prefix) return dynamoDbStringForm(value.S).startsWith(dynamoDbStringForm(prefix.S));
  if ('B' in value && 'B' in prefix) return bytesEqual(value.B.subarray(0, prefix.B.length), prefix.B);
  return false;
}

/**
 * `contains(path, operand)`: a substring of a string, a byte run of a binary,
 * a member of a set of the operand's type, or an element of a list equal to
 * the operand. Maps contain nothing.
 */
export function contains(value: AttributeValue | undefined, operand: AttributeValue | undefined): boolean {
  if (value === undefined || operand === undefined) return false;
  if ('S' in value) return 'S' in operand && dynamoDbStringForm(value.S).includes(dynamoDbStringForm(operand.S));
  if ('B' in value) return 'B' in operand && indexOfBytes(value.B, operand.B) >= 0;
  if ('SS' in value) return 'S' in operand && value.SS.some((member) => stringsEqual(member, operand.S));
  if ('NS' in value) return 'N' in operand && value.NS.some((n) => numbersEqual(n, operand.N));
  if ('BS' in value) return 'B' in operand && value.BS.some((b) => bytesEqual(b, operand.B));
  if ('L' in value) return value.L.some((element) => attributeValuesEqual(element, operand));
  return false;
}

/** `attribute_type(path, :type)`: the operand is the type descriptor as a string. */
export function hasAttributeType(value: AttributeValue | undefined, type: AttributeValue | undefined): boolean {
  if (value === undefined || type === undefined || !('S' in type)) return false;
  return typeOf(value) === type.S;
}

/** First offset where `needle` occurs in `haystack`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let i = 0; i < needle.length; i++) if (haystack[start + i] !== needle[i]) continue outer;
    return start;
  }
  return -1;
}
