/** Walks the fields of every key template, with the key's roles and the field's attribute. */
import type { AttributeSpec } from '../model/types.js';
import type { EntityKey, EntityView, KeyRole, LintContext } from './context.js';

export interface KeyField {
  readonly view: EntityView;
  readonly key: EntityKey;
  readonly name: string;
  /** The template's format for the field: '05', 'd8.2', 'iso', ... */
  readonly format: string | undefined;
  readonly attribute: AttributeSpec | undefined;
}

export function fieldsOf(view: EntityView, key: EntityKey): KeyField[] {
  return (key.template?.parts ?? []).flatMap((part) =>
    part.kind === 'field' ? [{ view, key, name: part.name, format: part.format, attribute: view.attribute(part.name) }] : [],
  );
}

/** The first sort role of the key, when the key attribute is a sort key somewhere. */
export function sortRole(key: EntityKey): KeyRole | undefined {
  return key.roles.find((role) => role.part === 'sort');
}

/** Fields of keys that sort as text: string sort keys of the table, GSIs and LSIs. */
export function stringSortKeyFields(context: LintContext): KeyField[] {
  return context.entities.flatMap((view) =>
    view.keys.filter((key) => sortRole(key)?.type === 'S').flatMap((key) => fieldsOf(view, key)),
  );
}

/** "Player GSI1SK" */
export function keySubject(view: EntityView, key: EntityKey): string {
  return `${view.entity.name} ${key.keyAttribute}`;
}

/** Index name for a finding's location: the first role with an index. */
export function keyIndex(key: EntityKey): string | undefined {
  return key.roles.find((role) => role.index !== undefined)?.index;
}
