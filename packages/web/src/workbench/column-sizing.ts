/**
 * Column widths and pinned columns of the item grid, remembered per table
 * in the browser's storage: widths in whole pixels within bounds, pinned
 * columns in the order they were pinned. What is stored is read defensively
 * (it may be from an older version, or edited by hand): anything malformed
 * is dropped, never thrown.
 */
import type { GridColumn } from './grid-columns.js';

export const DEFAULT_WIDTH = 180;
export const MIN_WIDTH = 56;
/** Auto-fit and resizing stop here: one long value does not push every other column out of view. */
export const MAX_WIDTH = 640;

export interface ColumnSizing {
  readonly widths: Readonly<Record<string, number>>;
  readonly pinned: readonly string[];
}

export const NO_SIZING: ColumnSizing = { widths: {}, pinned: [] };

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_WIDTH;
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
}

export function widthOf(sizing: ColumnSizing, name: string): number {
  return sizing.widths[name] ?? DEFAULT_WIDTH;
}

export function withWidth(sizing: ColumnSizing, name: string, width: number): ColumnSizing {
  const next = clampWidth(width);
  return sizing.widths[name] === next ? sizing : { ...sizing, widths: { ...sizing.widths, [name]: next } };
}

export function withPinned(sizing: ColumnSizing, name: string, pinned: boolean): ColumnSizing {
  const rest = sizing.pinned.filter((column) => column !== name);
  return { ...sizing, pinned: pinned ? [...rest, name] : rest };
}

/** The visible columns split: the pinned ones (in pin order), then the others in their order. */
export function splitPinned(visible: readonly GridColumn[], sizing: ColumnSizing): { pinned: GridColumn[]; rest: GridColumn[] } {
  const byName = new Map(visible.map((column) => [column.name, column]));
  const pinned = sizing.pinned.flatMap((name) => byName.get(name) ?? []);
  return { pinned, rest: visible.filter((column) => !sizing.pinned.includes(column.name)) };
}

/** The storage entry of one table's grid. */
export function sizingStorageKey(connectionId: string, table: string): string {
  return `dynotable.grid.${encodeURIComponent(connectionId)}.${encodeURIComponent(table)}`;
}

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

export function readSizing(storage: Reader, key: string): ColumnSizing {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return NO_SIZING;
  }
  if (typeof stored !== 'object' || stored === null) return NO_SIZING;
  const { widths, pinned } = stored as { widths?: unknown; pinned?: unknown };
  const goodWidths: Record<string, number> = {};
  if (typeof widths === 'object' && widths !== null) {
    for (const [name, width] of Object.entries(widths)) {
      if (typeof width === 'number' && Number.isFinite(width)) goodWidths[name] = clampWidth(width);
    }
  }
  const goodPinned = Array.isArray(pinned) ? pinned.filter((name, index): name is string => typeof name === 'string' && pinned.indexOf(name) === index) : [];
  return { widths: goodWidths, pinned: goodPinned };
}

/** Stores the sizing; false when the browser refused (storage full or disabled): the grid keeps it for this visit. */
export function writeSizing(storage: Writer, key: string, sizing: ColumnSizing): boolean {
  try {
    storage.setItem(key, JSON.stringify(sizing));
    return true;
  } catch {
    return false;
  }
}

/** The width that shows the widest text whole: the text, the cell's padding, within bounds. */
export function fittedWidth(textWidth: number, padding: number): number {
  return clampWidth(Math.ceil(textWidth + padding));
}

/** The `count` longest texts (by length): the candidates for the widest, measured one by one. */
export function longestTexts(texts: Iterable<string>, count: number): string[] {
  const longest: string[] = [];
  for (const text of texts) {
    if (longest.length < count) {
      longest.push(text);
      longest.sort((a, b) => b.length - a.length);
    } else if (text.length > longest[count - 1]!.length) {
      longest[count - 1] = text;
      longest.sort((a, b) => b.length - a.length);
    }
  }
  return longest;
}
