import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConnectionInfo, RecordedRead } from '../../src/data/shapes.js';
import { DataError } from '../../src/data/errors.js';
import { queryStoreForUi } from '../../src/queries/queries-location.js';
import { FileQueryStore, MemoryQueryStore } from '../../src/queries/query-store.js';
import { HISTORY_PER_TABLE, SAVED_PER_TABLE, TableQueries } from '../../src/queries/table-queries.js';

const dir = mkdtempSync(join(tmpdir(), 'dynotable-queries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const local: ConnectionInfo = { id: 'c2', name: 'Local', kind: 'endpoint', safety: 'full', endpoint: 'http://127.0.0.1:8000' };
const scan: RecordedRead = { operation: 'Scan', Limit: 100 };
const byTeam = (team: string): RecordedRead => ({ operation: 'Query', IndexName: 'ByTeam', key: `team = "${team}"`, ScanIndexForward: false, Limit: 25 });

describe('the query history of a table', () => {
  it('puts the newest run first, moves a query run again to the top, and keeps each table apart', () => {
    const queries = new TableQueries();
    queries.recordRun(local, 'Tickets', { request: scan });
    queries.recordRun(local, 'Tickets', { request: byTeam('red'), pane: { mode: 'query', partitionValue: 'red' } });
    queries.recordRun(local, 'Tickets', { request: scan });
    expect(queries.history(local, 'Tickets').map((entry) => entry.request)).toEqual([scan, byTeam('red')]);
    expect(queries.history(local, 'Tickets')[1]!.pane).toEqual({ mode: 'query', partitionValue: 'red' });
    expect(queries.history(local, 'Orders')).toEqual([]);
  });

  it(`keeps the last ${HISTORY_PER_TABLE} runs of a table`, () => {
    const queries = new TableQueries();
    for (let run = 0; run < HISTORY_PER_TABLE + 5; run++) queries.recordRun(local, 'Tickets', { request: byTeam(`team-${run}`) });
    const history = queries.history(local, 'Tickets');
    expect(history).toHaveLength(HISTORY_PER_TABLE);
    expect(history[0]!.request.key).toBe(`team = "team-${HISTORY_PER_TABLE + 4}"`);
    expect(history.at(-1)!.request.key).toBe('team = "team-5"');
  });

  it('is read back by a new session over the same file (a restart), whatever the launch calls the connection', () => {
    const path = join(dir, 'restart.queries.json');
    const first = new TableQueries(new FileQueryStore(path));
    first.recordRun(local, 'Tickets', { request: byTeam('red') });
    first.save(local, 'Tickets', 'Red team', { request: byTeam('red') });
    const second = new TableQueries(new FileQueryStore(path));
    const again = { ...local, id: 'another-launch' };
    expect(second.history(again, 'Tickets').map((entry) => entry.request)).toEqual([byTeam('red')]);
    expect(second.find(again, 'Tickets', 'Red team').request).toEqual(byTeam('red'));
    expect(second.history({ ...local, endpoint: 'http://127.0.0.1:9000' }, 'Tickets')).toEqual([]);
  });

  it('starts empty from a damaged file instead of failing', () => {
    const path = join(dir, 'damaged.json');
    writeFileSync(path, '{"half": ');
    expect(new FileQueryStore(path).load()).toEqual({});
    writeFileSync(path, JSON.stringify({ good: { history: [], saved: [] }, bad: { history: 5 } }));
    expect(Object.keys(new FileQueryStore(path).load())).toEqual(['good']);
  });
});

describe('saved queries', () => {
  it('lists them by name, replaces one saved again under its name, and deletes one', () => {
    const queries = new TableQueries();
    queries.save(local, 'Tickets', 'Red team', { request: byTeam('red') });
    queries.save(local, 'Tickets', 'Everything', { request: scan });
    queries.save(local, 'Tickets', 'Red team', { request: byTeam('crimson') });
    expect(queries.saved(local, 'Tickets').map((query) => [query.name, query.request.key])).toEqual([
      ['Everything', undefined],
      ['Red team', 'team = "crimson"'],
    ]);
    queries.remove(local, 'Tickets', 'Everything');
    expect(queries.saved(local, 'Tickets').map((query) => query.name)).toEqual(['Red team']);
  });

  it(`keeps at most ${SAVED_PER_TABLE} per table, saying what to do`, () => {
    const queries = new TableQueries();
    for (let count = 0; count < SAVED_PER_TABLE; count++) queries.save(local, 'Tickets', `Query ${count}`, { request: scan });
    expect(() => queries.save(local, 'Tickets', 'One more', { request: scan })).toThrow(/delete one before saving another/);
    // Replacing one is not one more.
    expect(queries.save(local, 'Tickets', 'Query 0', { request: byTeam('red') }).request).toEqual(byTeam('red'));
  });

  it('says which name it does not know', () => {
    const queries = new TableQueries();
    expect(() => queries.find(local, 'Tickets', 'Gone')).toThrow(DataError);
    expect(() => queries.remove(local, 'Tickets', 'Gone')).toThrow(/Tickets has no saved query named "Gone"/);
  });
});

describe('where queries are kept', () => {
  const options = { dataDir: join(dir, 'data'), journal: join(dir, 'ui', 'journal.jsonl') };

  it('beside the journal, named after it', () => {
    const store = queryStoreForUi({ ...options, readOnly: false }, {});
    expect(store).toBeInstanceOf(FileQueryStore);
    expect((store as FileQueryStore).path).toBe(join(dir, 'ui', 'journal.queries.json'));
  });

  it('in memory only under --read-only and for a throwaway session: nothing reaches the disk', () => {
    const readOnly = new TableQueries(queryStoreForUi({ ...options, readOnly: true }, {}));
    readOnly.recordRun(local, 'Tickets', { request: scan });
    readOnly.save(local, 'Tickets', 'All', { request: scan });
    expect(readOnly.history(local, 'Tickets')).toHaveLength(1);
    expect(existsSync(join(dir, 'ui'))).toBe(false);
    expect(queryStoreForUi({ ...options, readOnly: true }, {})).toBeInstanceOf(MemoryQueryStore);
    expect(queryStoreForUi({ dataDir: undefined, journal: undefined, readOnly: false }, {})).toBeInstanceOf(MemoryQueryStore);
  });
});
