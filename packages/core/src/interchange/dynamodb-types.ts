/** Declared attribute types ↔ DynamoDB type descriptors, for formats that only know the latter. */
import type { AttributeSpec, DeclaredType } from '../model/types.js';
import type { AttributeType } from '../values/types.js';

const EPOCH_FORMATS = new Set(['epoch-seconds', 'epoch-millis']);

/** The DynamoDB type an attribute is stored as. */
export function storedAttributeType(spec: Pick<AttributeSpec, 'type' | 'format'>): AttributeType {
  switch (spec.type) {
    case 'number':
      return spec.format === 'string' ? 'S' : 'N';
    case 'timestamp':
      return spec.format !== undefined && EPOCH_FORMATS.has(spec.format) ? 'N' : 'S';
    case 'binary':
      return 'B';
    case 'boolean':
      return 'BOOL';
    case 'list':
      return 'L';
    case 'map':
      return 'M';
    case 'stringSet':
      return 'SS';
    case 'numberSet':
      return 'NS';
    case 'binarySet':
      return 'BS';
    case 'string':
    case 'date':
    case 'uuid':
    case 'enum':
      return 'S';
  }
}

const DECLARED_BY_STORED: Readonly<Record<AttributeType, DeclaredType>> = {
  S: 'string',
  N: 'number',
  B: 'binary',
  BOOL: 'boolean',
  NULL: 'string',
  M: 'map',
  L: 'list',
  SS: 'stringSet',
  NS: 'numberSet',
  BS: 'binarySet',
};

/** The declared type closest to a DynamoDB type; NULL has none and reads as string. */
export function declaredTypeOfStored(type: AttributeType): DeclaredType {
  return DECLARED_BY_STORED[type];
}

export function isAttributeType(value: unknown): value is AttributeType {
  return typeof value === 'string' && Object.hasOwn(DECLARED_BY_STORED, value);
}
