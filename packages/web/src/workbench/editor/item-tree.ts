/**
 * The item as the rows of a tree: one row per attribute, map member, list
 * element and set member, depth first, each with its path and type. Rows are
 * a view of the item: `itemFromRows` builds the same item back from them.
 */
import type { WireAttributeValue, WireItem } from '@dynotable/core';

export const VALUE_TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export type SetType = 'SS' | 'NS' | 'BS';

/** Attribute and member names are strings, list and set positions numbers. */
export type TreePath = readonly (string | number)[];

export interface TreeRow {
  readonly path: TreePath;
  /** 0 for the item's attributes. */
  readonly depth: number;
  readonly type: ValueType;
  /** What holds the row: its name is a map key ('item', 'M'), a position ('L'), or it is a set's member. */
  readonly parent: 'item' | 'M' | 'L' | SetType;
  /** S, N, B and set members: their text; BOOL: 'true' or 'false'. */
  readonly text?: string;
  /** L, M and sets: how many members. */
  readonly size?: number;
}

export function typeOf(value: WireAttributeValue): ValueType {
  return Object.keys(value)[0] as ValueType;
}

export function isContainer(type: ValueType): type is 'L' | 'M' | SetType {
  return type === 'L' || type === 'M' || type === 'SS' || type === 'NS' || type === 'BS';
}

export const memberTypeOf = (set: SetType): 'S' | 'N' | 'B' => (set === 'SS' ? 'S' : set === 'NS' ? 'N' : 'B');

/** A record with the given entries in order, names such as __proto__ included as plain keys. */
export function recordOf<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [name, value] of entries) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** A readable path: `address.city`, `tags[2]`. */
export function pathText(path: TreePath): string {
  return path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join('');
}

/** The same path as one string, for maps and sets of paths (names may hold any character). */
export const pathKey = (path: TreePath): string => JSON.stringify(path);

/** Whether the members of the L, M or set at `path`, of `size` members, are shown. */
export type Expanded = (path: TreePath, size: number) => boolean;

function pushValue(rows: TreeRow[], value: WireAttributeValue, path: TreePath, parent: TreeRow['parent'], expanded: Expanded): void {
  const depth = path.length - 1;
  if ('S' in value) rows.push({ path, depth, parent, type: 'S', text: value.S });
  else if ('N' in value) rows.push({ path, depth, parent, type: 'N', text: value.N });
  else if ('B' in value) rows.push({ path, depth, parent, type: 'B', text: value.B });
  else if ('BOOL' in value) rows.push({ path, depth, parent, type: 'BOOL', text: String(value.BOOL) });
  else if ('NULL' in value) rows.push({ path, depth, parent, type: 'NULL' });
  else if ('L' in value) {
    rows.push({ path, depth, parent, type: 'L', size: value.L.length });
    if (expanded(path, value.L.length)) value.L.forEach((member, index) => pushValue(rows, member, [...path, index], 'L', expanded));
  } else if ('M' in value) {
    const names = Object.keys(value.M);
    rows.push({ path, depth, parent, type: 'M', size: names.length });
    if (expanded(path, names.length)) for (const name of names) pushValue(rows, value.M[name]!, [...path, name], 'M', expanded);
  } else {
    const type = typeOf(value) as SetType;
    const members = (value as Record<SetType, string[]>)[type];
    rows.push({ path, depth, parent, type, size: members.length });
    if (expanded(path, members.length)) members.forEach((text, index) => rows.push({ path: [...path, index], depth: depth + 1, parent: type, type: memberTypeOf(type), text }));
  }
}

/** The rows shown: every attribute, and the members of each expanded L, M or set. */
export function rowsOf(item: WireItem, expanded: Expanded = () => true): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const name of Object.keys(item)) pushValue(rows, item[name]!, [name], 'item', expanded);
  return rows;
}

interface Building {
  readonly row: TreeRow;
  readonly members: { readonly row: TreeRow; readonly value: WireAttributeValue }[];
}

function scalarOf(row: TreeRow): WireAttributeValue {
  switch (row.type) {
    case 'S':
      return { S: row.text ?? '' };
    case 'N':
      return { N: row.text ?? '' };
    case 'B':
      return { B: row.text ?? '' };
    case 'BOOL':
      return { BOOL: row.text === 'true' };
    default:
      return { NULL: true };
  }
}

function finish(building: Building): WireAttributeValue {
  const { row, members } = building;
  if (row.type === 'L') return { L: members.map((member) => member.value) };
  if (row.type === 'M') return { M: recordOf(members.map((member) => [String(member.row.path.at(-1)), member.value] as const)) };
  const texts = members.map((member) => member.row.text ?? '');
  return row.type === 'SS' ? { SS: texts } : row.type === 'NS' ? { NS: texts } : { BS: texts };
}

/** The item that fully expanded rows show (the inverse of `rowsOf(item)`). */
export function itemFromRows(rows: readonly TreeRow[]): WireItem {
  const top: [string, WireAttributeValue][] = [];
  const open: Building[] = [];
  const close = () => {
    const done = open.pop()!;
    const value = finish(done);
    const parent = open.at(-1);
    if (parent !== undefined) parent.members.push({ row: done.row, value });
    else top.push([String(done.row.path[0]), value]);
  };
  for (const row of rows) {
    while (open.length > row.depth) close();
    if (isContainer(row.type)) {
      open.push({ row, members: [] });
      continue;
    }
    const value = scalarOf(row);
    const parent = open.at(-1);
    if (parent !== undefined) parent.members.push({ row, value });
    else top.push([String(row.path[0]), value]);
  }
  while (open.length > 0) close();
  return recordOf(top);
}
