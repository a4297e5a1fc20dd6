/**
 * What a plan's requests cannot say, done on the items they returned, in
 * the planner's order: the filter on key attributes, the sort over several
 * reads, then the projection (docs/partiql.md).
 */
import { compareScalars, evaluateCondition, itemFromWire, itemToWire, projectItem, type Item, type StatementPlan, type WireItem } from '@dynotable/core';

function needsAfterRead(plan: StatementPlan): boolean {
  return plan.afterRead?.filter !== undefined || plan.afterRead?.projection !== undefined || (plan.sortAfterRead?.length ?? 0) > 0;
}

function compareBy(order: NonNullable<StatementPlan['sortAfterRead']>): (a: Item, b: Item) => number {
  return (a, b) => {
    for (const { name, descending } of order) {
      const left = a[name];
      const right = b[name];
      // An item without the key attribute (an index's reads) goes last.
      const found = left === undefined ? (right === undefined ? 0 : 1) : right === undefined ? -1 : (compareScalars(left, right) ?? 0);
      if (found !== 0) return descending && left !== undefined && right !== undefined ? -found : found;
    }
    return 0;
  };
}

export function applyAfterRead(plan: StatementPlan, wireItems: readonly WireItem[]): WireItem[] {
  if (!needsAfterRead(plan)) return [...wireItems];
  let items = wireItems.map((item) => itemFromWire(item));
  const filter = plan.afterRead?.filter;
  if (filter !== undefined) items = items.filter((item) => evaluateCondition(filter, item));
  if ((plan.sortAfterRead?.length ?? 0) > 0) items = [...items].sort(compareBy(plan.sortAfterRead!));
  const projection = plan.afterRead?.projection;
  if (projection !== undefined) items = items.map((item) => projectItem(projection, item));
  return items.map((item) => itemToWire(item));
}
