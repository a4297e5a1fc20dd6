/**
 * A DynamoDB attribute value, exactly as on the wire except that binary is raw
 * bytes (not base64) and numbers stay decimal strings, so nothing is lost.
 * Structurally compatible with the AWS SDK v3 `AttributeValue`.
 */
export type AttributeValue =
  | { S: string }
  | { N: string }
  | { B: Uint8Array }
  | { BOOL: boolean }
  | { NULL: true }
  | { M: Record<string, AttributeValue> }
  | { L: AttributeValue[] }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: Uint8Array[] };

/** The ten DynamoDB type descriptors. */
export type AttributeType = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'M' | 'L' | 'SS' | 'NS' | 'BS';

export const ATTRIBUTE_TYPES: readonly AttributeType[] = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'];

/** DynamoDB's names for the value types in its messages (e.g. ADD/DELETE operand errors). */
export const ATTRIBUTE_TYPE_NAMES: Readonly<Record<AttributeType, string>> = {
  S: 'STRING',
  N: 'NUMBER',
  B: 'BINARY',
  BOOL: 'BOOLEAN',
  NULL: 'NULL',
  M: 'MAP',
  L: 'LIST',
  SS: 'STRING_SET',
  NS: 'NUMBER_SET',
  BS: 'BINARY_SET',
};

/** A whole item (or a key): top-level attribute names to values. */
export type Item = Record<string, AttributeValue>;

/** The only types a key attribute may have. */
export type KeyType = 'S' | 'N' | 'B';

/** The type descriptor of a value. */
export function typeOf(value: AttributeValue): AttributeType {
  for (const key in value) return key as AttributeType;
  throw new TypeError('attribute value has no type');
}
