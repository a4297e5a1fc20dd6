/**
 * Names the designer writes into keys: entity-type prefixes (PLAYER#, MATCH#),
 * attribute prefixes (SEASON#, TEAM#, CREATED#), each entity's identifying
 * attribute, and whether an attribute can change.
 */
import type { AttributeSpec, EntitySpec, Model } from '../model/types.js';

function upperSnake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export function entityPrefix(entity: EntitySpec): string {
  return upperSnake(entity.name) || 'ITEM';
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The attribute that tells one item of the entity from another: playerId, id, or the first unique attribute. */
export function identityOf(entity: EntitySpec): AttributeSpec | undefined {
  const named = entity.attributes.find((a) => a.name === `${lowerFirst(entity.name)}Id` || a.name === `${lowerFirst(entity.name)}_id`);
  return named ?? entity.attributes.find((a) => a.name === 'id') ?? entity.attributes.find((a) => a.unique && !a.mutable);
}

/** The identity's name, for entities that have none: ticketId. */
export function identityNameFor(entity: EntitySpec): string {
  return `${lowerFirst(entity.name.replace(/[^A-Za-z0-9]/g, ''))}Id`;
}

/**
 * The prefix written before an attribute's value: the entity's prefix when the
 * attribute identifies another entity (playerId → PLAYER, so a Match keyed by
 * player shares the Player's partition), else its name without an Id/At
 * suffix (teamId → TEAM, createdAt → CREATED, season → SEASON).
 */
export function attributePrefix(model: Model, attribute: string): string {
  for (const entity of model.entities) {
    if (identityOf(entity)?.name === attribute) return entityPrefix(entity);
  }
  const stripped = attribute.replace(/(Id|_id|At|_at)$/, '');
  return upperSnake(stripped === '' ? attribute : stripped);
}

export function isMutable(model: Model, entity: EntitySpec, attribute: string): boolean {
  const spec = entity.attributes.find((a) => a.name === attribute);
  if (spec?.mutable) return true;
  return model.writePaths.some((path) => path.entity === entity.name && path.kind === 'update' && path.attributes.includes(attribute));
}
