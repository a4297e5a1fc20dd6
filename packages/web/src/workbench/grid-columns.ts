/**
 * The grid's columns: discovered from the attributes the loaded items hold
 * (key attributes first, then by name in DynamoDB's string order), with the
 * types seen in each; the user's order and hidden columns kept across pages.
 */
import { compareStrings, type WireItem } from '@dynotable/core';
import { wireTypeOf, type WireType } from './cell-format.js';

export interface GridColumn {
  readonly name: string;
  /** The types found in this attribute, most frequent first. */
  readonly types: readonly WireType[];
  readonly isKey: boolean;
}

/**
 * The columns shown first: the pane's index keys (partition, then sort),
 * then the table's keys not among them. A pane on the table itself shows the
 * table's keys first.
 */
export function leadingColumnsOf(indexKeys: readonly (string | undefined)[], tableKeys: readonly string[]): string[] {
  const names = [...indexKeys, ...tableKeys].filter((name): name is string => name !== undefined && name !== '');
  return names.filter((name, index) => names.indexOf(name) === index);
}

export function discoverColumns(items: readonly WireItem[], keyNames: readonly string[]): GridColumn[] {
  const counts = new Map<string, Map<WireType, number>>();
  for (const item of items) {
    for (const name in item) {
      let types = counts.get(name);
      if (types === undefined) counts.set(name, (types = new Map()));
      const type = wireTypeOf(item[name]!);
      types.set(type, (types.get(type) ?? 0) + 1);
    }
  }
  const keys = keyNames.filter((name, index) => keyNames.indexOf(name) === index);
  const others = [...counts.keys()].filter((name) => !keys.includes(name)).sort(compareStrings);
  return [...keys, ...others].map((name) => {
    const types = [...(counts.get(name) ?? new Map<WireType, number>()).entries()].sort((a, b) => b[1] - a[1]).map(([type]) => type);
    return { name, types, isKey: keys.includes(name) };
  });
}

export interface ColumnLayout {
  /** Names in the order the user arranged them; columns not listed follow in discovery order. */
  readonly order: readonly string[];
  readonly hidden: readonly string[];
}

export const EMPTY_LAYOUT: ColumnLayout = { order: [], hidden: [] };

/** Every discovered column in display order (hidden ones included). */
function orderedColumns(columns: readonly GridColumn[], layout: ColumnLayout): GridColumn[] {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const placed = layout.order.filter((name) => byName.has(name));
  const rest = columns.filter((column) => !placed.includes(column.name));
  return [...placed.map((name) => byName.get(name)!), ...rest];
}

export function visibleColumns(columns: readonly GridColumn[], layout: ColumnLayout): GridColumn[] {
  return orderedColumns(columns, layout).filter((column) => !layout.hidden.includes(column.name));
}

/** Moves a column one place left (-1) or right (+1) among the visible columns. */
export function moveColumn(columns: readonly GridColumn[], layout: ColumnLayout, name: string, delta: -1 | 1): ColumnLayout {
  const order = orderedColumns(columns, layout).map((column) => column.name);
  const visible = order.filter((column) => !layout.hidden.includes(column));
  const at = visible.indexOf(name);
  const neighbour = visible[at + delta];
  if (at < 0 || neighbour === undefined) return layout;
  const from = order.indexOf(name);
  const to = order.indexOf(neighbour);
  order[from] = neighbour;
  order[to] = name;
  return { ...layout, order };
}

/** Puts `name` just before `before` (drag and drop). */
export function placeColumn(columns: readonly GridColumn[], layout: ColumnLayout, name: string, before: string): ColumnLayout {
  if (name === before) return layout;
  const order = orderedColumns(columns, layout)
    .map((column) => column.name)
    .filter((column) => column !== name);
  const at = order.indexOf(before);
  if (at < 0) return layout;
  order.splice(at, 0, name);
  return { ...layout, order };
}

export function setHidden(layout: ColumnLayout, name: string, hidden: boolean): ColumnLayout {
  const rest = layout.hidden.filter((column) => column !== name);
  return { ...layout, hidden: hidden ? [...rest, name] : rest };
}
