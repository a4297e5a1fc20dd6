/**
 * A pane's query as the query history and saved queries keep it: the request
 * as sent (what the menu shows and what an API user can give) and the pane's
 * fields as typed (so re-opening it gives back the same fields, not only the
 * same request), and back to a pane.
 */
import type { RecordedRead } from '../api/types.js';
import { paneFields, paneFromFields } from './pane-url.js';
import type { BuiltRead } from './query-request.js';
import { DEFAULT_QUERY_STATE, type QueryState } from './query-state.js';

export interface QueryNote {
  readonly request: RecordedRead;
  readonly pane?: Readonly<Record<string, unknown>>;
}

/** The note of a pane's query, or undefined while its fields have a problem. */
export function noteOf(state: QueryState, built: BuiltRead): QueryNote | undefined {
  const body = built.body;
  if (body === undefined) return undefined;
  const { code: _code, ExclusiveStartKey: _start, Select: _select, ...request } = body;
  // The pattern tag names the pane it was opened for, not the query.
  return { request: { operation: built.operation, ...request }, pane: paneFields({ ...state, pattern: '' }) };
}

/** The pane a note opens: its fields when it has them, else its request typed as text. */
export function stateOfNote(note: QueryNote): QueryState {
  if (note.pane !== undefined) return paneFromFields(note.pane);
  const { request } = note;
  return {
    ...DEFAULT_QUERY_STATE,
    mode: request.operation === 'Query' ? 'query' : 'scan',
    indexName: request.IndexName,
    keyMode: 'text',
    keyText: request.key ?? '',
    forward: request.ScanIndexForward !== false,
    filterMode: 'text',
    filterText: request.filter ?? '',
    projection: request.projection ?? '',
    limit: request.Limit !== undefined ? String(request.Limit) : '',
    consistentRead: request.ConsistentRead === true,
    segment: request.Segment !== undefined ? String(request.Segment) : '',
    totalSegments: request.TotalSegments !== undefined ? String(request.TotalSegments) : '',
  };
}

/** One line saying what a request reads: `Query ByTeam · team = "red" · filter … · descending · limit 25`. */
export function describeRequest(request: RecordedRead): string {
  const parts = [`${request.operation} ${request.IndexName ?? 'table'}`];
  if (request.key !== undefined) parts.push(request.key);
  if (request.filter !== undefined) parts.push(`filter ${request.filter}`);
  if (request.projection !== undefined) parts.push(`projection ${request.projection}`);
  if (request.ScanIndexForward === false) parts.push('descending');
  if (request.Limit !== undefined) parts.push(`limit ${request.Limit}`);
  if (request.ConsistentRead === true) parts.push('consistent');
  if (request.Segment !== undefined) parts.push(`segment ${request.Segment} of ${request.TotalSegments ?? '?'}`);
  return parts.join(' · ');
}
