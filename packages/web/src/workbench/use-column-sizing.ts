/**
 * The grid's column widths and pins for one table: read from the browser's
 * storage, written back at each change, and the auto-fit that measures the
 * widest loaded value of a column.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { WireItem } from '@dynotable/core';
import { cellText } from './cell-format.js';
import { fittedWidth, longestTexts, NO_SIZING, readSizing, withPinned, withWidth, writeSizing, type ColumnSizing } from './column-sizing.js';
import type { GridColumn } from './grid-columns.js';
import { cellFont, widestTextWidth } from './text-measure.js';

/** The longest texts by length measured for a fit: the widest on screen is among them (a proportional font's widths differ little). */
const FIT_CANDIDATES = 24;
const MONOSPACE_TYPES = new Set(['N', 'B', 'BS', 'M', 'L']);
/** The cell's side padding and border, and room for the type tag a mixed column shows. */
const CELL_PADDING = 20;
const TYPE_TAG = 34;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled for the site: widths last as long as the page.
    return undefined;
  }
}

function loadSizing(key: string): ColumnSizing {
  const store = storage();
  return store === undefined ? NO_SIZING : readSizing(store, key);
}

function* columnTexts(items: readonly WireItem[], name: string): Generator<string> {
  for (const item of items) {
    const value = item[name];
    if (value !== undefined) yield cellText(value);
  }
}

export function useColumnSizing(storageKey: string, items: readonly WireItem[], grid: RefObject<HTMLElement | null>) {
  const [state, setState] = useState(() => ({ key: storageKey, sizing: loadSizing(storageKey) }));
  // Another table in the same grid: its own widths.
  const sizing = state.key === storageKey ? state.sizing : loadSizing(storageKey);
  if (state.key !== storageKey) setState({ key: storageKey, sizing });

  const stored = useRef(sizing);
  useEffect(() => {
    if (stored.current === sizing) return;
    stored.current = sizing;
    const store = storage();
    if (store !== undefined) writeSizing(store, storageKey, sizing);
  }, [sizing, storageKey]);

  const update = useCallback((change: (sizing: ColumnSizing) => ColumnSizing) => setState((current) => ({ ...current, sizing: change(current.sizing) })), []);
  const resize = useCallback((name: string, width: number) => update((current) => withWidth(current, name, width)), [update]);
  const pin = useCallback((name: string, pinned: boolean) => update((current) => withPinned(current, name, pinned)), [update]);

  const itemsNow = useRef(items);
  itemsNow.current = items;
  /** The width that shows the column's widest loaded value and its header whole (within the maximum). */
  const fit = useCallback(
    (column: GridColumn) => {
      const element = grid.current;
      if (element === null) return;
      const values = widestTextWidth(longestTexts(columnTexts(itemsNow.current, column.name), FIT_CANDIDATES), cellFont(element, MONOSPACE_TYPES.has(column.types[0] ?? 'S')));
      const tag = column.types.length > 1 ? TYPE_TAG : 0;
      const actions = element.querySelector<HTMLElement>('.wb-th-actions')?.offsetWidth ?? 0;
      const header = widestTextWidth([`${column.name} ▲`], cellFont(element, false, 600)) + actions;
      resize(column.name, fittedWidth(Math.max(values + tag, header), CELL_PADDING));
    },
    [grid, resize],
  );

  return { sizing, resize, pin, fit };
}
