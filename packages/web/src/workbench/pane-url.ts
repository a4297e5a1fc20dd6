/**
 * The panes' query states in the URL query string (`?panes=…`), so a view can
 * be bookmarked and shared: JSON of each pane's fields that differ from the
 * defaults, in base64url. Decoding never throws: what cannot be read falls
 * back to the default, field by field.
 */
import {
  COMPARATORS,
  DEFAULT_QUERY_STATE,
  EMPTY_FILTER_ROW,
  FILTER_OPERATORS,
  SORT_OPERATORS,
  type FilterRow,
  type QueryState,
} from './query-state.js';

export const PANES_PARAM = 'panes';
/** More panes than this are not useful side by side (and bound what a URL can ask for). */
export const MAX_PANES = 6;
const MAX_FILTER_ROWS = 50;
/** A GSI key has at most four attributes of each role: three beyond the first. */
const MAX_EXTRA_KEY_VALUES = 3;
const LIST_FIELDS = new Set<string>(['filterRows', 'extraPartitionValues', 'extraSortValues']);

const VALUE_TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'literal'] as const;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function changedFields<T extends object>(value: T, defaults: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    if (LIST_FIELDS.has(key as string)) continue;
    if (value[key] !== defaults[key]) out[key] = value[key];
  }
  return out;
}

/** A pane's fields that differ from the defaults, as plain JSON (what the URL and the query history keep). */
export function paneFields(pane: QueryState): Record<string, unknown> {
  const fields: Record<string, unknown> = changedFields(pane, DEFAULT_QUERY_STATE);
  // undefined does not survive JSON; the table is the default anyway.
  if (pane.filterRows.length > 0) fields['filterRows'] = pane.filterRows.map((row) => changedFields(row, EMPTY_FILTER_ROW));
  if (pane.extraPartitionValues.length > 0) fields['extraPartitionValues'] = [...pane.extraPartitionValues];
  if (pane.extraSortValues.length > 0) fields['extraSortValues'] = [...pane.extraSortValues];
  return fields;
}

export function encodePanes(panes: readonly QueryState[]): string {
  return toBase64Url(JSON.stringify(panes.map(paneFields)));
}

type Reader<T> = (raw: unknown, fallback: T) => T;

const text: Reader<string> = (raw, fallback) => (typeof raw === 'string' ? raw : fallback);
const flag: Reader<boolean> = (raw, fallback) => (typeof raw === 'boolean' ? raw : fallback);
function oneOf<T extends string>(choices: readonly T[]): Reader<T> {
  return (raw, fallback) => (choices.includes(raw as T) ? (raw as T) : fallback);
}

/** A list of key values: strings only, at most three; anything else reads as none. */
function keyValues(raw: unknown): readonly string[] {
  if (!Array.isArray(raw) || !raw.every((value) => typeof value === 'string')) return [];
  return raw.slice(0, MAX_EXTRA_KEY_VALUES) as string[];
}

function readRow(raw: unknown): FilterRow {
  const row = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const base = EMPTY_FILTER_ROW;
  return {
    join: oneOf(['AND', 'OR'] as const)(row['join'], base.join),
    not: flag(row['not'], base.not),
    path: text(row['path'], base.path),
    operator: oneOf(FILTER_OPERATORS)(row['operator'], base.operator),
    sizeComparator: oneOf(COMPARATORS)(row['sizeComparator'], base.sizeComparator),
    valueType: oneOf(VALUE_TYPES)(row['valueType'], base.valueType),
    value: text(row['value'], base.value),
    value2: text(row['value2'], base.value2),
  };
}

/** A pane from its fields as kept; what cannot be read falls back to the default, field by field. */
export function paneFromFields(raw: unknown): QueryState {
  const pane = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const base = DEFAULT_QUERY_STATE;
  const rows = Array.isArray(pane['filterRows']) ? pane['filterRows'].slice(0, MAX_FILTER_ROWS).map(readRow) : base.filterRows;
  return {
    mode: oneOf(['query', 'scan'] as const)(pane['mode'], base.mode),
    indexName: typeof pane['indexName'] === 'string' ? pane['indexName'] : undefined,
    keyMode: oneOf(['fields', 'text'] as const)(pane['keyMode'], base.keyMode),
    partitionValue: text(pane['partitionValue'], base.partitionValue),
    extraPartitionValues: keyValues(pane['extraPartitionValues']),
    sortOperator: oneOf([...SORT_OPERATORS, 'none'] as const)(pane['sortOperator'], base.sortOperator),
    sortValue: text(pane['sortValue'], base.sortValue),
    extraSortValues: keyValues(pane['extraSortValues']),
    sortValue2: text(pane['sortValue2'], base.sortValue2),
    keyText: text(pane['keyText'], base.keyText),
    placeholderNames: text(pane['placeholderNames'], base.placeholderNames),
    placeholderValues: text(pane['placeholderValues'], base.placeholderValues),
    forward: flag(pane['forward'], base.forward),
    filterMode: oneOf(['builder', 'text'] as const)(pane['filterMode'], base.filterMode),
    filterRows: rows,
    filterText: text(pane['filterText'], base.filterText),
    projection: text(pane['projection'], base.projection),
    limit: text(pane['limit'], base.limit),
    consistentRead: flag(pane['consistentRead'], base.consistentRead),
    segment: text(pane['segment'], base.segment),
    totalSegments: text(pane['totalSegments'], base.totalSegments),
    pattern: text(pane['pattern'], base.pattern),
  };
}

/** The panes in `?panes=…`, or undefined when absent or unreadable. */
export function decodePanes(encoded: string | null | undefined): QueryState[] | undefined {
  if (encoded === null || encoded === undefined || encoded === '') return undefined;
  const json = fromBase64Url(encoded);
  if (json === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  return parsed.slice(0, MAX_PANES).map(paneFromFields);
}

/** `search` (a location's query string) with `panes` set, every other parameter kept. */
export function searchWithPanes(search: string, panes: readonly QueryState[]): string {
  const params = new URLSearchParams(search);
  params.set(PANES_PARAM, encodePanes(panes));
  return `?${params.toString()}`;
}

export function panesFromSearch(search: string): QueryState[] | undefined {
  return decodePanes(new URLSearchParams(search).get(PANES_PARAM));
}
