import { afterAll, describe, expect, it } from 'vitest';
import type { QueryHistoryView, SavedQuery, SavedQueryList } from '../../src/data/shapes.js';
import { queryRoutes } from '../../src/api/queries-routes.js';
import { call, testContext } from '../transfer/support.js';

const base = testContext();
const { context } = base;
base.connections.open('local', 'endpoint');
base.connections.open('frozen', 'endpoint');
base.connections.setSafety('frozen', 'read-only');
afterAll(() => base.connections.closeAll());

const TABLE = '/api/connections/:connectionId/tables/:table';
const queryCall = <T>(method: string, path: string, params: Record<string, string>, input: unknown = {}) => call(queryRoutes, context, method, `${TABLE}${path}`, params, input) as Promise<T>;
const byTeam = { operation: 'Query', IndexName: 'ByTeam', key: 'team = "red"', ScanIndexForward: false, Limit: 25 } as const;

describe('the query history API', () => {
  it('records a run and lists the runs newest first', async () => {
    const params = { connectionId: 'local', table: 'Tickets' };
    await queryCall('POST', '/history', params, { request: { operation: 'Scan' } });
    const recorded = await queryCall<QueryHistoryView>('POST', '/history', params, { request: byTeam, pane: { mode: 'query' } });
    expect(recorded.entries.map((entry) => entry.request.operation)).toEqual(['Query', 'Scan']);
    const listed = await queryCall<QueryHistoryView>('GET', '/history', params);
    expect(listed.entries[0]).toMatchObject({ request: byTeam, pane: { mode: 'query' }, ranAt: expect.any(String) });
  });

  it('refuses a request it cannot re-run, naming the field', async () => {
    const params = { connectionId: 'local', table: 'Tickets' };
    await expect(queryCall('POST', '/history', params, { request: { operation: 'Query' } })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('key') });
    await expect(queryCall('POST', '/history', params, { request: { operation: 'Scan', Limit: 0 } })).rejects.toMatchObject({ status: 400 });
    await expect(queryCall('POST', '/history', params, { request: { operation: 'Scan', Select: 'COUNT' } })).rejects.toMatchObject({ status: 400 });
  });

  it('works on a read-only connection: it writes nothing to the table', async () => {
    const params = { connectionId: 'frozen', table: 'Archive' };
    await queryCall('POST', '/history', params, { request: byTeam });
    await queryCall('PUT', '/saved-queries/:name', { ...params, name: 'Red' }, { request: byTeam });
    expect(queryRoutes.some((route) => route.write === true)).toBe(false);
    expect((await queryCall<QueryHistoryView>('GET', '/history', params)).entries).toHaveLength(1);
  });
});

describe('the saved queries API', () => {
  const params = { connectionId: 'local', table: 'Tickets' };

  it('saves, reads, lists and deletes a query by its name', async () => {
    const saved = await queryCall<SavedQuery>('PUT', '/saved-queries/:name', { ...params, name: ' Red team ' }, { request: byTeam });
    expect(saved).toMatchObject({ name: 'Red team', request: byTeam });
    expect(await queryCall<SavedQuery>('GET', '/saved-queries/:name', { ...params, name: 'Red team' })).toMatchObject({ request: byTeam });
    expect((await queryCall<SavedQueryList>('GET', '/saved-queries', params)).queries.map((query) => query.name)).toEqual(['Red team']);
    expect((await queryCall<SavedQueryList>('DELETE', '/saved-queries/:name', { ...params, name: 'Red team' })).queries).toEqual([]);
  });

  it('answers 404 for a name it does not have, and 400 for an empty name', async () => {
    await expect(queryCall('GET', '/saved-queries/:name', { ...params, name: 'Nothing' })).rejects.toMatchObject({ kind: 'not-found', type: 'SavedQueryNotFound' });
    await expect(queryCall('PUT', '/saved-queries/:name', { ...params, name: '  ' }, { request: byTeam })).rejects.toMatchObject({ status: 400, message: 'name: give the query a name' });
  });

  it('refuses an unknown connection', async () => {
    await expect(queryCall('GET', '/history', { connectionId: 'nowhere', table: 'T' })).rejects.toMatchObject({ status: 404 });
  });
});
