import { describe, expect, it } from 'vitest';
import { buildRead } from '../../src/workbench/query-request.js';
import { describeRequest, noteOf, stateOfNote } from '../../src/workbench/query-notes.js';
import { DEFAULT_QUERY_STATE, EMPTY_FILTER_ROW, type QueryState } from '../../src/workbench/query-state.js';
import { savedNameIn, savedQueryLink, searchWithoutSaved } from '../../src/workbench/saved-query-link.js';
import { savedQueryCommands } from '../../src/app/saved-query-commands.js';
import { findTarget, queryTargets } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from './fixtures.js';

const targets = queryTargets(LEADERBOARD);
const noteFor = (fields: Partial<QueryState>) => {
  const state = { ...DEFAULT_QUERY_STATE, ...fields };
  return { state, note: noteOf(state, buildRead(state, 'Leaderboard', findTarget(targets, state.indexName))) };
};

const between: Partial<QueryState> = {
  mode: 'query',
  partitionValue: 'PLAYER#7',
  sortOperator: 'BETWEEN',
  sortValue: 'EVT#2026-06-23T00:00:00.000Z',
  sortValue2: 'EVT#2026-06-23T23:59:59.999Z',
  forward: false,
  limit: '25',
  filterRows: [{ ...EMPTY_FILTER_ROW, path: 'kind', value: 'win' }],
  pattern: 'matchesOfDay',
};

describe('a pane query as the history keeps it', () => {
  it('keeps the request as sent and the fields as typed, without the pattern tag', () => {
    const { state, note } = noteFor(between);
    expect(note?.request).toEqual({
      operation: 'Query',
      key: 'PK = "PLAYER#7" AND SK BETWEEN "EVT#2026-06-23T00:00:00.000Z" AND "EVT#2026-06-23T23:59:59.999Z"',
      filter: 'kind = "win"',
      ScanIndexForward: false,
      Limit: 25,
    });
    expect(stateOfNote(note!)).toEqual({ ...state, pattern: '' });
  });

  it('has no note while a field has a problem', () => {
    expect(noteFor({ mode: 'query', partitionValue: '' }).note).toBeUndefined();
  });

  it('opens a request given without fields as text fields', () => {
    const state = stateOfNote({ request: { operation: 'Query', IndexName: 'by-score', key: 'game = "chess" AND score > 10', filter: 'attribute_exists(x)', ScanIndexForward: false, Limit: 5 } });
    expect(state).toMatchObject({ mode: 'query', indexName: 'by-score', keyMode: 'text', keyText: 'game = "chess" AND score > 10', filterMode: 'text', filterText: 'attribute_exists(x)', forward: false, limit: '5' });
    expect(stateOfNote({ request: { operation: 'Scan', Segment: 1, TotalSegments: 4 } })).toMatchObject({ mode: 'scan', limit: '', segment: '1', totalSegments: '4' });
  });

  it('reads unreadable fields back as the defaults, field by field', () => {
    expect(stateOfNote({ request: { operation: 'Scan' }, pane: { mode: 'sideways', limit: 7, projection: 'a, b' } })).toEqual({ ...DEFAULT_QUERY_STATE, projection: 'a, b' });
  });

  it('says in one line what a request reads', () => {
    expect(describeRequest(noteFor(between).note!.request)).toBe(
      'Query table · PK = "PLAYER#7" AND SK BETWEEN "EVT#2026-06-23T00:00:00.000Z" AND "EVT#2026-06-23T23:59:59.999Z" · filter kind = "win" · descending · limit 25',
    );
    expect(describeRequest({ operation: 'Scan', IndexName: 'by-score', projection: 'game', ConsistentRead: true })).toBe('Scan by-score · projection game · consistent');
  });
});

describe('a link to a saved query', () => {
  it('names the table and the query, and its name comes back out of the query string', () => {
    const link = savedQueryLink('embedded', 'Audit Log', 'Day of June 23 & more');
    expect(link).toBe('/c/embedded/t/Audit%20Log?saved=Day+of+June+23+%26+more');
    expect(savedNameIn(link.slice(link.indexOf('?')))).toBe('Day of June 23 & more');
    expect(savedNameIn('?panes=abc')).toBeUndefined();
    expect(searchWithoutSaved('?saved=x&panes=abc')).toBe('?panes=abc');
    expect(searchWithoutSaved('?saved=x')).toBe('');
  });
});

describe('the palette entries of saved queries', () => {
  it('offers each saved query of the open table, and nothing elsewhere', () => {
    const table = { view: 'table', connectionId: 'embedded', table: 'AuditLog' } as const;
    expect(savedQueryCommands(table, ['Day of June 23']).map((command) => [command.group, command.label])).toEqual([['Saved query', 'Open saved query Day of June 23']]);
    expect(savedQueryCommands({ view: 'connection', connectionId: 'embedded' }, ['Day of June 23'])).toEqual([]);
  });
});
