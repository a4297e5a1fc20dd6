/**
 * Derived key attributes recomputed after an edit, put right on a stale item,
 * or built for a new item: the same templates and sparse conditions that
 * recognise and check items, so an edited item always checks clean.
 */
import { findEntity } from '../model/lookup.js';
import type { Model } from '../model/types.js';
import { expectedValue, sourceLookup, type SourceLookup } from './expected.js';
import type { EntityPlan, KeyPlan } from './plan.js';
import { tablePlan } from './plan.js';
import { matchPlan } from './recognize.js';
import type { AnyItem, DerivedEdit, RecomputedAttribute } from './types.js';
import { keyText, keyValue, sameKeyText, scalarText } from './values.js';

class EditResult {
  readonly item: Record<string, unknown>;
  readonly recomputed: RecomputedAttribute[] = [];
  readonly problems: string[] = [];

  constructor(edited: AnyItem) {
    this.item = { ...edited };
  }

  /** Sets, changes or removes one key attribute as its template and conditions say; `missing` words an unbuildable key, if it must be reported. */
  apply(key: KeyPlan, source: SourceLookup, missing?: (key: KeyPlan) => string): void {
    const expected = expectedValue(key, source);
    const current = this.item[key.attribute];
    const before = keyText(current);
    if (expected.kind === 'unknown') {
      if (missing) this.problems.push(missing(key));
    } else if (expected.kind === 'unfit') {
      this.problems.push(expected.problem);
    } else if (expected.kind === 'absent') {
      if (current === undefined) return;
      delete this.item[key.attribute];
      this.recomputed.push({ attribute: key.attribute, before, after: undefined });
    } else if (before === undefined || !sameKeyText(key.type, before, expected.text)) {
      this.item[key.attribute] = keyValue(key.type, expected.text);
      this.recomputed.push({ attribute: key.attribute, before, after: expected.text });
    }
  }

  done(entity: string, movesItem: boolean): DerivedEdit {
    return { item: this.item, entity, recomputed: this.recomputed, problems: this.problems, movesItem };
  }
}

function baseKeys(plan: EntityPlan): KeyPlan[] {
  return plan.sort ? [plan.partition, plan.sort] : [plan.partition];
}

/** Fields of the edited item's base keys that still parse with the entity's templates. */
function parsedBaseFields(plan: EntityPlan, item: AnyItem): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of baseKeys(plan)) {
    const text = keyText(item[key.attribute]);
    if (text !== undefined) Object.assign(fields, key.template.parse(text));
  }
  return fields;
}

function fieldsChanged(key: KeyPlan, before: SourceLookup, after: SourceLookup): boolean {
  return key.template.fields.some((field) => scalarText(before(field)) !== scalarText(after(field)));
}

/**
 * Recomputes derived attributes after a person edited source attributes.
 * `loaded` is the item as read (it names the entity and gives the base key's
 * fields); `edited` is the person's version. A base key attribute is
 * recomputed too when a field of its template changed (the caller then moves
 * the item in a transaction). Key attributes get `{N}` or `{S}` by the table's
 * key types. Items of no known entity come back unchanged.
 */
export function deriveForEdit(model: Model, tableName: string, loaded: AnyItem | undefined, edited: AnyItem): DerivedEdit {
  const table = tablePlan(model, tableName);
  const match = table && matchPlan(table, loaded ?? edited);
  if (match === undefined) return { item: { ...edited }, entity: undefined, recomputed: [], problems: [], movesItem: false };
  const { plan } = match;
  const before = loaded === undefined ? undefined : sourceLookup(loaded, match.fields);
  const after = sourceLookup(edited, { ...match.fields, ...parsedBaseFields(plan, edited) });
  const result = new EditResult(edited);
  for (const key of baseKeys(plan)) {
    if (before === undefined || fieldsChanged(key, before, after)) result.apply(key, after);
  }
  for (const key of plan.derived) result.apply(key, after);
  const movesItem =
    loaded !== undefined && baseKeys(plan).some((key) => !sameKeyText(key.type, keyText(loaded[key.attribute]) ?? '', keyText(result.item[key.attribute]) ?? ''));
  return result.done(plan.entity.name, movesItem);
}

/** The item with every mismatching derived attribute put right, base keys untouched (for a one-click repair through the reviewed write). */
export function repairDerived(model: Model, tableName: string, item: AnyItem): DerivedEdit {
  return deriveForEdit(model, tableName, item, item);
}

/**
 * A new item of the named entity from its source attributes: every key
 * attribute built (base keys included), sparse ones only while their
 * conditions hold. A key that needs a value not given is reported in
 * `problems` and left out.
 */
export function buildEntityItem(model: Model, entityName: string, values: AnyItem): DerivedEdit {
  const entity = findEntity(model, entityName);
  const plan = entity && tablePlan(model, entity.table)?.entities.find((candidate) => candidate.entity === entity);
  if (plan === undefined) {
    throw new Error(`the model has no entity ${entityName} with base key templates; give an entity that has keys for its table's partition and sort key`);
  }
  const source = sourceLookup(values, {});
  const result = new EditResult(values);
  const missing = (key: KeyPlan) => {
    const absent = key.template.fields.filter((field) => scalarText(source(field)) === undefined);
    return `${key.attribute} needs ${absent.join(' and ')} (${key.template.text})`;
  };
  for (const key of [...baseKeys(plan), ...plan.derived]) result.apply(key, source, missing);
  return result.done(plan.entity.name, false);
}
