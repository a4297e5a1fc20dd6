/** Each loaded item's entity and derived-key mismatches under the linked model, checked once per result set. */
import { useMemo } from 'react';
import { itemChecker, type WireItem } from '@dynotable/core';
import type { ItemNote } from './EntityCell.js';
import type { LinkedModel } from './use-model-link.js';

export function useItemNotes(items: readonly WireItem[], linked: LinkedModel | undefined): readonly ItemNote[] | undefined {
  const check = useMemo(() => (linked === undefined ? undefined : itemChecker(linked.model, linked.modelTable)), [linked]);
  return useMemo(() => (check === undefined ? undefined : items.map((item) => check(item))), [items, check]);
}
