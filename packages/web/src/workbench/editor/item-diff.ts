/** Old against new, attribute by attribute (top level, as the UpdateItem writes them). */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { valuesEqual } from './value-equal.js';

type AttributeChange = 'added' | 'removed' | 'changed' | 'unchanged';

export interface DiffRow {
  readonly name: string;
  readonly change: AttributeChange;
  readonly before?: WireAttributeValue;
  readonly after?: WireAttributeValue;
  /** A key attribute of the table. */
  readonly key: boolean;
}

/** Every attribute of either item: the loaded ones in their order, then the new ones. */
export function diffItems(before: WireItem | undefined, after: WireItem, keyNames: readonly string[]): DiffRow[] {
  const old = before ?? {};
  const names = [...Object.keys(old), ...Object.keys(after).filter((name) => !Object.hasOwn(old, name))];
  return names.map((name) => {
    const was = Object.hasOwn(old, name) ? old[name] : undefined;
    const now = Object.hasOwn(after, name) ? after[name] : undefined;
    const change: AttributeChange = was === undefined ? 'added' : now === undefined ? 'removed' : valuesEqual(was, now) ? 'unchanged' : 'changed';
    return { name, change, key: keyNames.includes(name), ...(was !== undefined ? { before: was } : {}), ...(now !== undefined ? { after: now } : {}) };
  });
}

export function changedRows(rows: readonly DiffRow[]): DiffRow[] {
  return rows.filter((row) => row.change !== 'unchanged');
}
