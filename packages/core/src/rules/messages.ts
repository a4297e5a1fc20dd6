/**
 * DynamoDB's ValidationException messages that more than one package writes,
 * word for word (docs/dynamodb-rules.md#limits-and-errors and
 * #consistency-and-indexes). Build them here; never retype them.
 */
import type { AttributeValue } from '../values/types.js';
import { MAX_GSI_KEY_ATTRIBUTES } from './limits.js';

/** The prefix of DynamoDB's messages about invalid parameter values. */
export const INVALID_PARAMETER_PREFIX = 'One or more parameter values were invalid: ';
/** The other wording, used for empty key values. */
export const NOT_VALID_PARAMETER_PREFIX = 'One or more parameter values are not valid. ';

/** `One or more parameter values were invalid: <detail>`. */
export function invalidParameterMessage(detail: string): string {
  return INVALID_PARAMETER_PREFIX + detail;
}

export const KEY_SCHEMA_MISMATCH_MESSAGE = 'The provided key element does not match the schema';
/** CreateTable and UpdateTable: a key schema naming one attribute twice. */
export const DUPLICATE_KEY_NAME_MESSAGE = 'Two keys can not have the same name';

/** CreateTable and UpdateTable: a GSI with more than MAX_GSI_KEY_ATTRIBUTES attributes of one role. */
export function tooManyGsiKeysMessage(role: 'partition' | 'sort'): string {
  return `Too many ${role} keys. GSI can have at most ${MAX_GSI_KEY_ATTRIBUTES} ${role} keys`;
}

/** Query and Scan on a GSI with ConsistentRead: true. */
export const GSI_CONSISTENT_READ_MESSAGE = 'Consistent reads are not supported on global secondary indexes';

export function missingKeyMessage(name: string): string {
  return invalidParameterMessage(`Missing the key ${name} in the item`);
}

export function keyTypeMismatchMessage(name: string, expected: string, actual: string): string {
  return invalidParameterMessage(`Type mismatch for key ${name} expected: ${expected} actual: ${actual}`);
}

export function indexKeyTypeMismatchMessage(name: string, expected: string, actual: string, indexName: string): string {
  return invalidParameterMessage(`Type mismatch for Index Key ${name} Expected: ${expected} Actual: ${actual} IndexName: ${indexName}`);
}

export function keyPartOfKeyMessage(name: string): string {
  return invalidParameterMessage(`Cannot update attribute ${name}. This attribute is part of the key`);
}

/** Whether a value is an empty string or empty binary, which no key may be. */
export function isEmptyKeyValue(value: AttributeValue): boolean {
  return ('S' in value && value.S.length === 0) || ('B' in value && value.B.length === 0);
}

function emptyWhat(kind: 'string' | 'binary'): string {
  return `The AttributeValue for a key attribute cannot contain an empty ${kind} value.`;
}

/** An empty S or B value of a table key attribute. */
export function emptyKeyMessage(kind: 'string' | 'binary', name: string): string {
  return `${NOT_VALID_PARAMETER_PREFIX}${emptyWhat(kind)} Key: ${name}`;
}

/** An empty S or B value of a secondary index key attribute. */
export function emptyIndexKeyMessage(kind: 'string' | 'binary', name: string, indexName: string): string {
  return `${NOT_VALID_PARAMETER_PREFIX}A value specified for a secondary index key is not supported. ${emptyWhat(kind)} IndexName: ${indexName}, IndexKey: ${name}`;
}

/** An update that would set a secondary index key attribute to an empty S or B value. */
export function emptyIndexKeyUpdateMessage(kind: 'string' | 'binary'): string {
  return `${NOT_VALID_PARAMETER_PREFIX}The update expression attempted to update a secondary index key to a value that is not supported. ${emptyWhat(kind)}`;
}

/** The kind of an empty key value, for the messages above. */
export function emptyKind(value: AttributeValue): 'string' | 'binary' {
  return 'S' in value ? 'string' : 'binary';
}

/** The partition (HASH) or sort (RANGE) attributes of a multi-attribute index key over their limit together. */
export function aggregateIndexKeyTooLargeMessage(keyType: 'HASH' | 'RANGE', names: readonly string[], indexName: string, maxBytes: number, actualBytes: number): string {
  return `Aggregate size for ${keyType} key attributes ${names.join(', ')} of index ${indexName} has exceeded limit ${maxBytes} bytes, with actual size ${actualBytes} bytes`;
}
