/** Which entity an item is: the one whose base key templates both parse its stored keys. */
import type { Model } from '../model/types.js';
import type { EntityPlan, TablePlan } from './plan.js';
import { tablePlan } from './plan.js';
import type { AnyItem, EntityMatch } from './types.js';
import { keyText } from './values.js';

export interface PlanMatch {
  readonly plan: EntityPlan;
  readonly fields: Record<string, string>;
}

/** The most specific entity of the plan whose base key templates parse the item's keys. */
export function matchPlan(table: TablePlan, item: AnyItem): PlanMatch | undefined {
  const partitionText = keyText(item[table.table.partitionKey.name]);
  if (partitionText === undefined) return undefined;
  const sortName = table.table.sortKey?.name;
  const sortText = sortName === undefined ? undefined : keyText(item[sortName]);
  if (sortName !== undefined && sortText === undefined) return undefined;
  // The sort key first: entities sharing a partition (a player and their matches) differ there.
  for (const plan of table.entities) {
    const sortFields = plan.sort === undefined ? undefined : plan.sort.template.parse(sortText!);
    if (plan.sort !== undefined && sortFields === undefined) continue;
    const fields = plan.partition.template.parse(partitionText);
    if (fields === undefined || (sortFields !== undefined && !mergeAgreeing(fields, sortFields))) continue;
    return { plan, fields };
  }
  return undefined;
}

/** Adds the sort key's fields; false when a field named in both keys has two values (not this entity's item). */
function mergeAgreeing(into: Record<string, string>, more: Record<string, string>): boolean {
  for (const name in more) {
    const value = more[name]!;
    if (into[name] !== undefined && into[name] !== value) return false;
    into[name] = value;
  }
  return true;
}

/**
 * The entity whose base-table key templates (partition and sort key) both
 * parse this item's keys; undefined if none, or if the model has no table of
 * that name (`tableName` is the model's name for the table). When several
 * match, the most specific (most literal text) wins; among equals, the first
 * declared.
 */
export function recognizeEntity(model: Model, tableName: string, item: AnyItem): EntityMatch | undefined {
  const table = tablePlan(model, tableName);
  const match = table && matchPlan(table, item);
  return match && { entity: match.plan.entity, table: table.table, fields: match.fields };
}

/** The compiled plan behind a match made by recognizeEntity. */
export function planOfMatch(model: Model, match: EntityMatch): EntityPlan {
  const plan = tablePlan(model, match.table.name)?.entities.find((entity) => entity.entity.name === match.entity.name);
  if (plan === undefined) throw new Error(`the model has no recognisable entity ${match.entity.name} in table ${match.table.name}`);
  return plan;
}
