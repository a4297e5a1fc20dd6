/**
 * The request's JSON types, checked before any constraint: DynamoDB's
 * deserializer refuses a member of the wrong JSON type with a
 * SerializationException (texts as dynalite records them from DynamoDB;
 * DynamoDB Local answers an internal failure instead). Absent and null
 * members pass; unknown members are ignored, as DynamoDB ignores them.
 */
import { DynamoError } from '@dynotable/core';

export type Shape =
  /** Any JSON: checked where it is read (attribute values, by core's wire conversion). */
  | 'Value'
  | 'String'
  | 'Boolean'
  | 'Integer'
  | 'Long'
  | { list: Shape }
  | { map: Shape }
  | { structure: Record<string, Shape> };

function serializationError(message: string): DynamoError {
  return new DynamoError('SerializationException', message);
}

/** The Java class DynamoDB's deserializer sees for a JSON scalar. */
function javaClass(value: unknown): string {
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Long' : 'Double';
  return 'String';
}

function checkScalar(value: unknown, type: 'String' | 'Boolean' | 'Integer' | 'Long'): void {
  if (Array.isArray(value)) throw serializationError(`Unrecognized collection type class java.lang.${type}`);
  if (typeof value === 'object') throw serializationError('Start of structure or map found where not expected');
  const actual = javaClass(value);
  const fits =
    (type === 'String' && typeof value === 'string') ||
    (type === 'Boolean' && typeof value === 'boolean') ||
    ((type === 'Integer' || type === 'Long') && typeof value === 'number' && Number.isInteger(value));
  if (!fits) throw serializationError(`class java.lang.${actual} can not be converted to an ${type}`);
}

export function checkShape(value: unknown, shape: Shape): void {
  if (value === undefined || value === null || shape === 'Value') return;
  if (typeof shape === 'string') {
    checkScalar(value, shape);
    return;
  }
  if ('list' in shape) {
    if (!Array.isArray(value)) {
      throw serializationError(typeof value === 'object' ? 'Start of structure or map found where not expected' : 'Unexpected field type');
    }
    for (const element of value) checkShape(element, shape.list);
    return;
  }
  if (typeof value !== 'object') throw serializationError('Unexpected field type');
  if (Array.isArray(value)) throw serializationError('Start of list found where not expected');
  const members = value as Record<string, unknown>;
  if ('map' in shape) {
    for (const key of Object.keys(members)) checkShape(members[key], shape.map);
    return;
  }
  // for…in walks the (plain, literal) shape in its order without building an entries array per request.
  const structure = shape.structure;
  for (const name in structure) checkShape(members[name], structure[name]!);
}
