/**
 * A table's entities compiled once for item checks: the base key templates
 * that recognise an entity's items, and the derived key attributes (index
 * keys, sparse or not) with their templates and conditions. Plans are kept per
 * model object, so a grid checking many items compiles each template once.
 */
import { compileKeyTemplate, type KeyTemplate } from '../keys/template.js';
import { findTable, keyAttributesOfTable } from '../model/lookup.js';
import type { EntitySpec, KeyType, Model, TableSpec } from '../model/types.js';

export interface KeyPlan {
  readonly attribute: string;
  /** S or N: B keys are never built from templates here. */
  readonly type: KeyType;
  readonly template: KeyTemplate;
  /** The template's fields; `timestamp` for an iso format, which reads a number as epoch milliseconds. */
  readonly fields: readonly { readonly name: string; readonly timestamp: boolean }[];
  /** Sparse: the attribute is present only while every condition holds (attribute name, value text). */
  readonly conditions: readonly (readonly [string, string])[];
  /** What the check says when a condition fails, worded once. */
  readonly absent: { readonly kind: 'absent'; readonly reason: string };
}

export interface EntityPlan {
  readonly entity: EntitySpec;
  readonly partition: KeyPlan;
  readonly sort: KeyPlan | undefined;
  /** Literal characters in the base key templates: with several matches, the most specific wins. */
  readonly specificity: number;
  /** Every key attribute of the entity that is not the table's own key. */
  readonly derived: readonly KeyPlan[];
}

export interface TablePlan {
  readonly table: TableSpec;
  /** Recognisable entities, most specific first (declaration order among equals). */
  readonly entities: readonly EntityPlan[];
}

const plans = new WeakMap<Model, Map<string, TablePlan | undefined>>();

/** The compiled plan of a table of the model, undefined when the model has no such table. */
export function tablePlan(model: Model, tableName: string): TablePlan | undefined {
  let byTable = plans.get(model);
  if (byTable === undefined) {
    byTable = new Map();
    plans.set(model, byTable);
  }
  if (!byTable.has(tableName)) byTable.set(tableName, compileTablePlan(model, tableName));
  return byTable.get(tableName);
}

function compileTablePlan(model: Model, tableName: string): TablePlan | undefined {
  const table = findTable(model, tableName);
  if (table === undefined) return undefined;
  const keyTypes = keyAttributesOfTable(table);
  const entities = model.entities
    .filter((entity) => entity.table === tableName)
    .flatMap((entity) => {
      const plan = compileEntityPlan(entity, table, (name) => keyTypes.get(name)?.type ?? 'S');
      return plan ? [plan] : [];
    });
  // Array sort is stable: equals keep declaration order.
  entities.sort((a, b) => b.specificity - a.specificity);
  return { table, entities };
}

/** Undefined for an entity that cannot be recognised: no base key templates yet, or binary base keys. */
function compileEntityPlan(entity: EntitySpec, table: TableSpec, typeOf: (name: string) => KeyType): EntityPlan | undefined {
  const keyPlan = (attribute: string): KeyPlan | undefined => {
    const text = entity.keys[attribute];
    const type = typeOf(attribute);
    if (text === undefined || type === 'B') return undefined;
    const conditions = Object.entries(entity.keysWhen[attribute] ?? {});
    const template = compileKeyTemplate(text);
    const fields = template.parts.flatMap((part) => (part.kind === 'field' ? [{ name: part.name, timestamp: part.format?.startsWith('iso') === true }] : []));
    return { attribute, type, template, fields, conditions, absent: { kind: 'absent', reason: absenceReason(conditions) } };
  };
  const partition = keyPlan(table.partitionKey.name);
  const sort = table.sortKey ? keyPlan(table.sortKey.name) : undefined;
  if (partition === undefined || (table.sortKey !== undefined && sort === undefined)) return undefined;
  const base = new Set([table.partitionKey.name, table.sortKey?.name]);
  const derived = Object.keys(entity.keys)
    .filter((attribute) => !base.has(attribute))
    .flatMap((attribute) => {
      const plan = keyPlan(attribute);
      return plan ? [plan] : [];
    });
  return { entity, partition, sort, specificity: literalLength(partition.template) + (sort ? literalLength(sort.template) : 0), derived };
}

/** Completes "the model says it is absent …": "while status is not open". */
function absenceReason(conditions: KeyPlan['conditions']): string {
  if (conditions.length === 1) return `while ${conditions[0]![0]} is not ${conditions[0]![1]}`;
  return `unless ${conditions.map(([name, value]) => `${name} is ${value}`).join(' and ')}`;
}

function literalLength(template: KeyTemplate): number {
  return template.parts.reduce((sum, part) => sum + (part.kind === 'literal' ? part.text.length : 0), 0);
}
