/**
 * DynamoDB's own checks on one value, with the path of the value in the
 * error: numbers (38 digits, range), base64 binary, sets (not empty, no
 * duplicates). The messages are DynamoDB's, followed by what to do.
 */
import { attributeValueFromWire, decodeBase64, DynamoError, normalizeNumber, validateAttributeValue, type WireAttributeValue } from '@dynotable/core';
import { ItemEditError } from './edit-error.js';
import type { PathSegment } from '@dynotable/core';

function rethrow(error: unknown, path: readonly PathSegment[], at: number | undefined, hint: string): never {
  if (error instanceof DynamoError) throw new ItemEditError(`${error.message}. ${hint}`, path, at);
  throw error;
}

export function checkedNumber(text: string, path: readonly PathSegment[], at?: number): string {
  try {
    normalizeNumber(text);
    return text;
  } catch (error) {
    return rethrow(error, path, at, 'Write a number of at most 38 significant digits, between 1E-130 and 9.99…E+125 in size');
  }
}

export function checkedBase64(text: string, path: readonly PathSegment[], at?: number): string {
  if (decodeBase64(text) === undefined) throw new ItemEditError(`"${text.length > 24 ? `${text.slice(0, 24)}…` : text}" is not base64. Write binary as padded standard base64, e.g. "AAEC/w=="`, path, at);
  return text;
}

/** A set with DynamoDB's set rules applied. */
export function checkedSet(value: WireAttributeValue, path: readonly PathSegment[], at?: number): WireAttributeValue {
  try {
    validateAttributeValue(attributeValueFromWire(value));
    return value;
  } catch (error) {
    return rethrow(error, path, at, 'A set holds at least one member, each only once (numbers compare by value: 1 and 1.0 are the same)');
  }
}
