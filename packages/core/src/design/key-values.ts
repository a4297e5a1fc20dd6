/** The key attribute values of one entity's item, from its attributes. */
import { compileKeyTemplate } from '../keys/template.js';
import type { Model } from '../model/types.js';
import { entityNamed } from './indexes.js';

/**
 * Every key attribute the entity's item carries (table and index keys), built
 * with the entity's templates. A sparse key (keysWhen) is left out while the
 * item's attributes do not meet its conditions, so the item stays out of that
 * index. Throws when the entity is unknown or a template lacks a value.
 */
export function entityKeyValues(model: Model, entityName: string, values: Record<string, unknown>): Record<string, string> {
  const entity = entityNamed(model, entityName);
  if (entity === undefined) throw new Error(`the model has no entity ${entityName}`);
  const keys: Record<string, string> = {};
  for (const [attribute, text] of Object.entries(entity.keys)) {
    const conditions = entity.keysWhen[attribute] ?? {};
    const holds = Object.entries(conditions).every(([name, expected]) => valueText(values[name]) === expected);
    if (holds) keys[attribute] = compileKeyTemplate(text).format(values);
  }
  return keys;
}

function valueText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record['S'] === 'string') return record['S'];
    if (typeof record['N'] === 'string') return record['N'];
    if (typeof record['BOOL'] === 'boolean') return String(record['BOOL']);
  }
  return undefined;
}
