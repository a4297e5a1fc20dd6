/** Derived key attributes that disagree with the model's templates. */
import type { Model } from '../model/types.js';
import { expectedValue, sourceLookup } from './expected.js';
import type { EntityPlan, KeyPlan } from './plan.js';
import { tablePlan } from './plan.js';
import { matchPlan, planOfMatch } from './recognize.js';
import type { AnyItem, DerivedMismatch, EntityMatch, ItemCheck } from './types.js';
import { describeStored, keyText, sameKeyText } from './values.js';

interface CheckResult {
  readonly mismatches: DerivedMismatch[];
  readonly problems: string[];
}

function checkPlan(plan: EntityPlan, fields: Readonly<Record<string, string>>, item: AnyItem): CheckResult {
  const source = sourceLookup(item, fields);
  const mismatches: DerivedMismatch[] = [];
  const problems: string[] = [];
  for (const key of plan.derived) {
    const mismatch = checkKey(key, item[key.attribute], expectedValue(key, source), problems);
    if (mismatch) mismatches.push(mismatch);
  }
  return { mismatches, problems };
}

function checkKey(key: KeyPlan, value: unknown, expected: ReturnType<typeof expectedValue>, problems: string[]): DerivedMismatch | undefined {
  const { attribute } = key;
  const stored = keyText(value);
  if (expected.kind === 'unknown') return undefined;
  if (expected.kind === 'unfit') {
    problems.push(expected.problem);
    return undefined;
  }
  if (expected.kind === 'absent') {
    if (value === undefined) return undefined;
    return { attribute, stored, expected: undefined, message: `${attribute} is ${describeStored(value)}; the model says it is absent ${expected.reason}` };
  }
  if (stored !== undefined && sameKeyText(key.type, stored, expected.text)) return undefined;
  const now = value === undefined ? 'missing' : describeStored(value);
  return { attribute, stored, expected: expected.text, message: `${attribute} is ${now}; the model says ${expected.text}` };
}

/**
 * Every derived (non-base-key) key attribute of the entity whose stored value
 * disagrees with its template, given the item's source values (its own
 * attributes, plus the fields parsed from its base key). An attribute whose
 * template needs a value the item lacks, or a value that does not fit the
 * template's format, is skipped (itemChecker reports the latter as a problem).
 */
export function checkDerivedAttributes(model: Model, match: EntityMatch, item: AnyItem): DerivedMismatch[] {
  return checkPlan(planOfMatch(model, match), match.fields, item).mismatches;
}

/** A fast checker for many items of one table of the model: recognises each item's entity and checks its derived attributes. */
export function itemChecker(model: Model, tableName: string): (item: AnyItem) => ItemCheck {
  const table = tablePlan(model, tableName);
  if (table === undefined) return () => ({ entity: undefined, mismatches: [], problems: [] });
  return (item) => {
    const match = matchPlan(table, item);
    if (match === undefined) return { entity: undefined, mismatches: [], problems: [] };
    const { mismatches, problems } = checkPlan(match.plan, match.fields, item);
    return { entity: match.plan.entity.name, mismatches, problems };
  };
}
