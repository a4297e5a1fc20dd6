/**
 * The keys of the index a pattern reads, when it has a multi-attribute key:
 * `partition status + priority; sort createdAt + id` (partition attributes, then sort
 * attributes), so the report says what its key condition is matched against.
 */
import type { Model, PatternPlan } from '@dynotable/core';
import { modelKeyLists } from '../table-picture/index-keys.js';
import { keyListText } from '../workbench/table-indexes.js';

export function multiAttributeKeysText(model: Model, plan: Pick<PatternPlan, 'table' | 'index'> | undefined): string | undefined {
  if (plan === undefined) return undefined;
  const table = model.tables.find((candidate) => candidate.name === plan.table);
  const keys = table === undefined ? undefined : modelKeyLists(table, plan.index);
  if (keys === undefined || (keys.partition.length < 2 && keys.sort.length < 2)) return undefined;
  const partition = `partition ${keyListText(keys.partition)}`;
  return keys.sort.length === 0 ? partition : `${partition}; sort ${keyListText(keys.sort)}`;
}
