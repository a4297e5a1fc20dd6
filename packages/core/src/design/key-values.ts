/** The key attribute values of one entity's item, from its attributes. */
import { compileKeyTemplate } from '../keys/template.js';
import type { Model } from '../model/types.js';
import { scalarText } from '../model-items/values.js';
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
    const holds = Object.entries(conditions).every(([name, expected]) => scalarText(values[name]) === expected);
    if (holds) keys[attribute] = compileKeyTemplate(text).format(values);
  }
  return keys;
}
