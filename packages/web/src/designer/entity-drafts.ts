/**
 * Entities as the compact editor holds them (a name, attributes with a name
 * and a type), taken from a proposal and turned back into a model's entities.
 */
import type { AttributeSpec, DeclaredType, Model } from '@dynotable/core';

export const ATTRIBUTE_TYPES: readonly DeclaredType[] = [
  'string',
  'number',
  'boolean',
  'timestamp',
  'date',
  'uuid',
  'enum',
  'binary',
  'list',
  'map',
  'stringSet',
  'numberSet',
  'binarySet',
];

export interface AttributeDraft {
  readonly id: number;
  readonly name: string;
  readonly type: DeclaredType;
  /** What the proposal said of the attribute (range, enum values…), kept while the type is unchanged. */
  readonly spec?: AttributeSpec;
}

export interface EntityDraft {
  readonly id: number;
  readonly name: string;
  readonly attributes: readonly AttributeDraft[];
}

let nextId = 1;
export const newId = (): number => nextId++;

/** The entities of a model (a proposal), ready to edit. */
export function entityDraftsOf(model: Model): EntityDraft[] {
  return model.entities.map((entity) => ({
    id: newId(),
    name: entity.name,
    attributes: entity.attributes.map((attribute) => ({ id: newId(), name: attribute.name, type: attribute.type, spec: attribute })),
  }));
}

/** An attribute in the model file's form: the proposal's details while its type stands, else the type alone. */
function attributeForm(attribute: AttributeDraft): unknown {
  if (attribute.spec !== undefined && attribute.spec.type === attribute.type) {
    const { name: _name, ...rest } = attribute.spec;
    return rest;
  }
  // An enum needs its values; a new one starts with a placeholder the user can edit in the file.
  if (attribute.type === 'enum') return { type: 'enum', values: ['a', 'b'] };
  return attribute.type;
}

/** The entities in the model file's form, keyed by name; unnamed entities and attributes are left out. */
export function entitiesForm(drafts: readonly EntityDraft[]): Record<string, { attributes: Record<string, unknown> }> {
  const out: Record<string, { attributes: Record<string, unknown> }> = {};
  for (const entity of drafts) {
    const name = entity.name.trim();
    if (name === '') continue;
    const attributes: Record<string, unknown> = {};
    for (const attribute of entity.attributes) {
      const attributeName = attribute.name.trim();
      if (attributeName !== '') attributes[attributeName] = attributeForm(attribute);
    }
    out[name] = { attributes };
  }
  return out;
}

export function hasNamedEntities(drafts: readonly EntityDraft[]): boolean {
  return drafts.some((entity) => entity.name.trim() !== '');
}
