/**
 * "New item" of one of the linked model's entities: a form of its scalar
 * attributes (first values: their example, their first allowed value, or one
 * of their type), and the item they make, every key built from them by the
 * model's templates.
 */
import { buildEntityItem, type AttributeSpec, type EntitySpec, type WireAttributeValue, type WireItem } from '@dynotable/core';
import type { LinkedModel } from './use-model-link.js';

const FORM_TYPES = new Set(['string', 'enum', 'uuid', 'number', 'boolean', 'timestamp', 'date']);

/** The entities stored in the linked table. */
export function tableEntities(linked: LinkedModel): string[] {
  return linked.model.entities.filter((entity) => entity.table === linked.modelTable).map((entity) => entity.name);
}

function entityOf(linked: LinkedModel, name: string): EntitySpec | undefined {
  return linked.model.entities.find((candidate) => candidate.name === name);
}

/** The attributes the form asks for: scalars (lists, maps, sets and binaries are added in the text). */
export function formAttributes(linked: LinkedModel, entityName: string): AttributeSpec[] {
  return (entityOf(linked, entityName)?.attributes ?? []).filter((spec) => FORM_TYPES.has(spec.type));
}

const epoch = (spec: AttributeSpec) => spec.type === 'timestamp' && (spec.format === 'epoch-seconds' || spec.format === 'epoch-millis');

function firstText(spec: AttributeSpec, now: Date): string {
  const example = spec.examples?.[0] ?? spec.values?.[0];
  if (example !== undefined) return example;
  if (spec.type === 'number') return String(spec.min ?? 1);
  if (spec.type === 'boolean') return 'false';
  if (epoch(spec)) return String(spec.format === 'epoch-seconds' ? Math.floor(now.getTime() / 1000) : now.getTime());
  if (spec.type === 'timestamp') return `${now.toISOString().slice(0, 19)}Z`;
  if (spec.type === 'date') return now.toISOString().slice(0, 10);
  if (spec.type === 'uuid') return crypto.randomUUID();
  return `${spec.name}-1`;
}

/** The form's first values, by attribute. */
export function firstValues(linked: LinkedModel, entityName: string, now: Date = new Date()): Record<string, string> {
  return Object.fromEntries(formAttributes(linked, entityName).map((spec) => [spec.name, firstText(spec, now)]));
}

function wireValue(spec: AttributeSpec, text: string): WireAttributeValue {
  if (spec.type === 'number' || epoch(spec)) return { N: text };
  if (spec.type === 'boolean') return { BOOL: text === 'true' };
  return { S: text };
}

export interface EntityItem {
  readonly item: WireItem;
  /** Keys that could not be built (a value the person still has to give), and values that do not fit a key's format. */
  readonly problems: readonly string[];
}

/** The item the form's values make: an empty field is left out of the item. */
export function entityItemFrom(linked: LinkedModel, entityName: string, texts: Readonly<Record<string, string>>): EntityItem {
  const values: WireItem = {};
  for (const spec of formAttributes(linked, entityName)) {
    const text = texts[spec.name] ?? '';
    if (text.trim() !== '') values[spec.name] = wireValue(spec, text.trim());
  }
  const built = buildEntityItem(linked.model, entityName, values);
  return { item: built.item as WireItem, problems: built.problems };
}

export function newEntityItem(linked: LinkedModel, entityName: string, now: Date = new Date()): EntityItem {
  return entityItemFrom(linked, entityName, firstValues(linked, entityName, now));
}
