/**
 * Multi-select over the grid's rows by position in the displayed order: a
 * plain click toggles one row and sets the anchor, a shift-click selects the
 * whole range from the anchor. Selected rows are kept by item id, so they stay
 * selected when the order changes.
 */

export interface RowSelection {
  readonly ids: ReadonlySet<string>;
  /** Position (in the displayed order) of the last plain click. */
  readonly anchor: number | undefined;
}

export const NO_SELECTION: RowSelection = { ids: new Set(), anchor: undefined };

/** `ids` are the displayed rows' ids in order (undefined for rows without a full key, which cannot be selected). */
export function clickRow(selection: RowSelection, ids: readonly (string | undefined)[], position: number, shift: boolean): RowSelection {
  const id = ids[position];
  if (id === undefined) return selection;
  if (shift && selection.anchor !== undefined) {
    const next = new Set(selection.ids);
    const from = Math.min(selection.anchor, position);
    const to = Math.max(selection.anchor, position);
    for (let index = from; index <= to; index++) {
      const rowId = ids[index];
      if (rowId !== undefined) next.add(rowId);
    }
    return { ids: next, anchor: selection.anchor };
  }
  const next = new Set(selection.ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { ids: next, anchor: position };
}

/** Every selectable row, or none when all are already selected. */
export function toggleAll(selection: RowSelection, ids: readonly (string | undefined)[]): RowSelection {
  const selectable = ids.filter((id): id is string => id !== undefined);
  const allSelected = selectable.length > 0 && selectable.every((id) => selection.ids.has(id));
  return { ids: allSelected ? new Set() : new Set(selectable), anchor: undefined };
}

/** Drops ids no longer loaded (after a new query). */
export function keepLoaded(selection: RowSelection, loaded: ReadonlySet<string>): RowSelection {
  const ids = new Set([...selection.ids].filter((id) => loaded.has(id)));
  return ids.size === selection.ids.size ? selection : { ids, anchor: selection.anchor };
}
