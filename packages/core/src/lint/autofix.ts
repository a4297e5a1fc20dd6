/** Building blocks of the rules' fixes as model edits: key templates rewritten field by field, attributes retyped. */
import type { TemplatePart } from '../keys/template.js';
import type { ModelEdit } from '../model/edits.js';
import type { AttributeSpec } from '../model/types.js';
import { digitsForRange, isNumberAttribute } from './attributes.js';
import type { EntityKey } from './context.js';
import type { LintAutofix } from './types.js';

function printTemplate(parts: readonly TemplatePart[]): string {
  return parts.map((part) => (part.kind === 'literal' ? part.text : part.format === undefined ? `{${part.name}}` : `{${part.name}:${part.format}}`)).join('');
}

export function fieldText(name: string, format: string | undefined): string {
  return format === undefined ? `{${name}}` : `{${name}:${format}}`;
}

/**
 * The key's template with the first field `name` (written with `format`)
 * replaced by `replacement`; undefined when the template does not compile or
 * has no such field.
 */
export function replaceField(key: EntityKey, name: string, format: string | undefined, replacement: readonly TemplatePart[]): string | undefined {
  const parts = key.template?.parts;
  if (!parts) return undefined;
  const index = parts.findIndex((part) => part.kind === 'field' && part.name === name && part.format === format);
  if (index < 0) return undefined;
  return printTemplate([...parts.slice(0, index), ...replacement, ...parts.slice(index + 1)]);
}

export function setKey(entity: string, keyAttribute: string, template: string): ModelEdit {
  return { op: 'set', path: ['entities', entity, 'keys', keyAttribute], value: template };
}

export function attributePath(entity: string, attribute: string, field: string): readonly string[] {
  return ['entities', entity, 'attributes', attribute, field];
}

/** The key with one field's format changed: `{rating}` → `{rating:05}`. */
export function reformatField(entity: string, key: EntityKey, name: string, from: string | undefined, to: string | undefined): ModelEdit | undefined {
  const template = replaceField(key, name, from, [{ kind: 'field', name, format: to }]);
  return template === undefined ? undefined : setKey(entity, key.keyAttribute, template);
}

/** The fixed-width key format that sorts a number in its declared range: `05`, `d8.2`. */
export function numberKeyFormat(attribute: AttributeSpec): string {
  const width = digitsForRange(attribute) ?? 10;
  return attribute.integer === false ? `d${width}.2` : `0${width}`;
}

/** The key format that makes an attribute's text sort in its value's order, or undefined when there is none. */
export function sortableFormat(attribute: AttributeSpec): { format: string | undefined } | undefined {
  switch (attribute.type) {
    case 'timestamp':
      if (attribute.format === undefined || attribute.format === 'iso8601') return { format: 'iso' };
      if (attribute.format === 'epoch-seconds') return { format: '010' };
      if (attribute.format === 'epoch-millis') return { format: '013' };
      return undefined;
    case 'date':
      return attribute.format === undefined || attribute.format === 'YYYY-MM-DD' ? { format: undefined } : undefined;
    case 'number':
      return isNumberAttribute(attribute) ? { format: numberKeyFormat(attribute) } : undefined;
    case 'string':
    case 'enum':
      return { format: undefined };
    default:
      return undefined;
  }
}

const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** Edits that declare an attribute a number stored as a number: type number, no `format: string`, no padded examples. */
export function storeAsNumberEdits(entity: string, attribute: AttributeSpec): ModelEdit[] {
  const edits: ModelEdit[] = [];
  if (attribute.type !== 'number') edits.push({ op: 'set', path: attributePath(entity, attribute.name, 'type'), value: 'number' });
  if (attribute.format !== undefined) edits.push({ op: 'remove', path: attributePath(entity, attribute.name, 'format') });
  if ((attribute.examples ?? []).some((example) => !PLAIN_NUMBER.test(example))) edits.push({ op: 'remove', path: attributePath(entity, attribute.name, 'examples') });
  return edits;
}

/** An autofix, or undefined when any edit could not be computed. */
export function autofix(label: string, edits: readonly (ModelEdit | undefined)[]): LintAutofix | undefined {
  if (edits.length === 0 || edits.some((edit) => edit === undefined)) return undefined;
  return { label, edits: edits as ModelEdit[] };
}
