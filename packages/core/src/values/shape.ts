/**
 * Which single type descriptor a value carries. Members set to `undefined` or
 * `null` count as absent (the AWS SDK's own AttributeValue objects look like
 * that), unknown members are ignored, as DynamoDB does.
 */
import { validationError } from '../errors.js';
import { EMPTY_VALUE_MESSAGE, MULTIPLE_TYPES_MESSAGE, NULL_NOT_TRUE_MESSAGE } from './messages.js';
import { ATTRIBUTE_TYPES } from './types.js';
import type { AttributeType } from './types.js';

const KNOWN_TYPES: ReadonlySet<string> = new Set(ATTRIBUTE_TYPES);

/** Returns the one type set on `value`, or throws DynamoDB's ValidationException. */
export function singleTypeOf(value: object): AttributeType {
  const record = value as Record<string, unknown>;
  // Fast path for the usual shape: exactly one member, a known type, set.
  let only: string | undefined;
  let count = 0;
  for (const key in record) {
    only = key;
    if (++count > 1) break;
  }
  if (count === 1 && KNOWN_TYPES.has(only!)) {
    const member = record[only!];
    if (member !== undefined && member !== null && !(only === 'NULL' && member === false)) return only as AttributeType;
  }
  // DynamoDB reports NULL:false before counting the types set.
  if (record['NULL'] === false) throw validationError(NULL_NOT_TRUE_MESSAGE);
  let found: AttributeType | undefined;
  for (const type of ATTRIBUTE_TYPES) {
    const member = record[type];
    if (member === undefined || member === null) continue;
    if (found !== undefined) throw validationError(MULTIPLE_TYPES_MESSAGE);
    found = type;
  }
  if (found === undefined) throw validationError(EMPTY_VALUE_MESSAGE);
  return found;
}
