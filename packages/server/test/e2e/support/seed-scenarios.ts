/**
 * The three seed scenarios on the example tables (examples/), driven through the HTTP
 * API as the web UI drives it: the audit log's feed and day window, the
 * ticket desk's status change, key change and refusals, the leaderboard's top
 * players and handle lookup. Shared by the embedded-engine test and the
 * DynamoDB Local one (which names its copies of the tables).
 */
import { expect, it } from 'vitest';
import type { ApiResponse, DynotableSession } from './dynotable-process.js';

type Wire = Record<string, Record<string, unknown>>;

interface Page {
  items: Wire[];
  count: number;
  scannedCount: number;
  lastEvaluatedKey?: Wire;
  consumed: { readUnits: number; writeUnits: number; costUsd: number };
  request: { operation: string; wire: Record<string, unknown>; code: Record<string, string> };
}

export interface ScenarioTables {
  readonly auditLog: string;
  readonly ticketDesk: string;
  readonly leaderboard: string;
}

export const SEED_TABLES: ScenarioTables = { auditLog: 'AuditLog', ticketDesk: 'TicketDesk', leaderboard: 'Leaderboard' };

/** DynamoDB's messages (docs/dynamodb-rules.md). */
const KEY_UPDATE_MESSAGE = (name: string) => `One or more parameter values were invalid: Cannot update attribute ${name}. This attribute is part of the key`;
const GSI_CONSISTENT_READ_MESSAGE = 'Consistent reads are not supported on global secondary indexes';

const S = (value: string) => ({ S: value });
const text = (item: Wire, name: string) => String(item[name]?.['S']);

function ok<T>(response: ApiResponse<T>, what: string): T {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

export interface ScenarioContext {
  session(): DynotableSession;
  connectionId(): string;
  tables(): ScenarioTables;
}

function itemsApi(context: ScenarioContext, table: string) {
  const base = () => `/api/connections/${encodeURIComponent(context.connectionId())}/tables/${encodeURIComponent(table)}/items`;
  return {
    call: <T = Record<string, unknown>>(action: string, body: unknown) => context.session().api<T>('POST', `${base()}/${action}`, body),
    async query(body: Record<string, unknown>): Promise<Page> {
      return ok(await context.session().api<Page>('POST', `${base()}/query`, body), `query ${JSON.stringify(body)}`);
    },
    /** Every page, following lastEvaluatedKey. */
    async queryAll(body: Record<string, unknown>): Promise<Wire[]> {
      const items: Wire[] = [];
      let start: Wire | undefined;
      do {
        const page = await this.query({ ...body, code: false, ...(start ? { ExclusiveStartKey: start } : {}) });
        items.push(...page.items);
        start = page.lastEvaluatedKey;
      } while (start !== undefined);
      return items;
    },
    async get(Key: Wire): Promise<Wire | undefined> {
      return ok(await context.session().api<{ item?: Wire }>('POST', `${base()}/get`, { Key }), 'get').item;
    },
  };
}

export function auditLogScenarios(context: ScenarioContext): void {
  const actor = { KeyConditionExpression: 'PK = :actor', ExpressionAttributeValues: { ':actor': S('ACTOR#u_8814') } };

  it("shows u_8814's feed newest first (ScanIndexForward false), page by page, with the capacity it consumed", async () => {
    const audit = itemsApi(context, context.tables().auditLog);
    const first = await audit.query({ ...actor, ScanIndexForward: false, Limit: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.lastEvaluatedKey).toBeDefined();
    expect(first.consumed.readUnits).toBeGreaterThan(0);
    expect(first.consumed.costUsd).toBeGreaterThan(0);
    expect(first.request.wire).toMatchObject({ TableName: context.tables().auditLog, ScanIndexForward: false, Limit: 20, ReturnConsumedCapacity: 'INDEXES' });
    expect(first.request.code['typescript']).toContain('QueryCommand');

    const feed = await audit.queryAll({ ...actor, ScanIndexForward: false, Limit: 100 });
    const keys = feed.map((item) => text(item, 'SK'));
    expect(feed.length).toBeGreaterThan(100);
    expect(keys.slice(0, 20)).toEqual(first.items.map((item) => text(item, 'SK')));
    // Strictly newest first: sort keys descend in UTF-8 byte order (ASCII here).
    for (let i = 1; i < keys.length; i++) expect(keys[i - 1]! > keys[i]!, `${keys[i - 1]} before ${keys[i]}`).toBe(true);
    expect(feed.every((item) => text(item, 'actorId') === 'u_8814')).toBe(true);
  });

  it("narrows the feed to 2026-06-23 with BETWEEN: both bounds inclusive, two events in one second kept apart", async () => {
    const audit = itemsApi(context, context.tables().auditLog);
    const day = await audit.queryAll({
      key: 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"',
      ScanIndexForward: false,
    });
    const times = day.map((item) => text(item, 'at'));
    expect(times.length).toBeGreaterThan(3);
    expect(times.every((at) => at.startsWith('2026-06-23T'))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times.at(-1)).toBe('2026-06-23T00:00:00Z');
    expect(times).toContain('2026-06-23T17:45:30Z');
    const sameSecond = day.filter((item) => text(item, 'at') === '2026-06-23T09:14:07Z').map((item) => text(item, 'eventId'));
    expect(sameSecond.sort()).toEqual(['k7q2m4', 'k7q2m9']);

    // The window is exactly the feed's sort keys between the bounds (ASCII here, so JS order is byte order):
    // an event at 23:59:59 sorts after the upper bound, its event id making its key longer.
    const feed = await audit.queryAll(actor);
    const expected = feed.map((item) => text(item, 'SK')).filter((sk) => sk >= 'EVT#2026-06-23T00:00:00Z' && sk <= 'EVT#2026-06-23T23:59:59Z');
    expect(day.map((item) => text(item, 'SK')).sort()).toEqual(expected.sort());
  });
}

export function ticketDeskScenarios(context: ScenarioContext): void {
  const ticketKey = (id: string) => ({ PK: S(`TICKET#${id}`), SK: S('TICKET') });
  const team7 = (prefix: string) => ({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :team AND begins_with(GSI1SK, :status)',
    ExpressionAttributeValues: { ':team': S('TEAM#7'), ':status': S(prefix) },
  });
  const openOfTeam7 = { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :team', ExpressionAttributeValues: { ':team': S('TEAM#7') } };
  const ids = (items: Wire[]) => items.map((item) => text(item, 'ticketId'));

  it('refuses to change a key attribute through UpdateItem with DynamoDB\'s message, and writes nothing', async () => {
    const desk = itemsApi(context, context.tables().ticketDesk);
    const loaded = (await desk.get(ticketKey('8842')))!;
    expect(loaded).toMatchObject({ ticketId: S('8842'), teamId: S('7'), status: S('open'), GSI1SK: S('STATUS#open#TICKET#8842') });
    const refused = await desk.call('update', { key: ticketKey('8842'), before: loaded, after: { ...loaded, SK: S('CLOSED') } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ __type: 'ValidationException', message: KEY_UPDATE_MESSAGE('SK') });
    expect(await desk.get(ticketKey('8842'))).toEqual(loaded);
    expect(await desk.get({ PK: S('TICKET#8842'), SK: S('CLOSED') })).toBeUndefined();
  });

  it('closes ticket 8842 with the minimal UpdateItem: it moves in GSI1 and leaves the sparse GSI2', async () => {
    const desk = itemsApi(context, context.tables().ticketDesk);
    const loaded = (await desk.get(ticketKey('8842')))!;
    const openBefore = await desk.queryAll(openOfTeam7);
    expect(ids(openBefore)).toContain('8842');
    expect(ids(await desk.queryAll(team7('STATUS#open#')))).toContain('8842');

    const after: Wire = { ...loaded, status: S('closed'), GSI1SK: S('STATUS#closed#TICKET#8842') };
    delete after['GSI2PK'];
    delete after['GSI2SK'];
    const updated = ok(
      await desk.call<{ changed: string[]; item: Wire; consumed: { writeUnits: number }; request: { operation: string; wire: Record<string, string> } }>('update', {
        key: ticketKey('8842'),
        before: loaded,
        after,
      }),
      'update',
    );
    expect(updated.changed.sort()).toEqual(['GSI1SK', 'GSI2PK', 'GSI2SK', 'status']);
    expect(updated.item).toEqual(after);
    expect(updated.request.operation).toBe('UpdateItem');
    expect(updated.request.wire['UpdateExpression']).toMatch(/^SET .* REMOVE /);
    // The base item, its move in GSI1, and its removal from GSI2.
    expect(updated.consumed.writeUnits).toBeGreaterThanOrEqual(3);

    expect(ids(await desk.queryAll(team7('STATUS#open#')))).not.toContain('8842');
    expect(ids(await desk.queryAll(team7('STATUS#closed#')))).toContain('8842');
    const openAfter = await desk.queryAll(openOfTeam7);
    expect(ids(openAfter).sort()).toEqual(ids(openBefore).filter((id) => id !== '8842').sort());

    // An edit of the status from the stale copy: refused by the optimistic condition, nothing overwritten.
    const stale = await desk.call('update', { key: ticketKey('8842'), before: loaded, after: { ...loaded, status: S('pending'), GSI1SK: S('STATUS#pending#TICKET#8842') } });
    expect(stale.status).toBe(400);
    expect(stale.body['__type']).toBe('ConditionalCheckFailedException');
    expect(await desk.get(ticketKey('8842'))).toEqual(after);
  });

  it('changes the ticket\'s key with /move (Delete + Put in one transaction), and refuses a second move from the stale copy', async () => {
    const desk = itemsApi(context, context.tables().ticketDesk);
    const loaded = (await desk.get(ticketKey('8842')))!;
    const after: Wire = { ...loaded, PK: S('TICKET#9901'), ticketId: S('9901'), GSI1SK: S(`STATUS#${text(loaded, 'status')}#TICKET#9901`) };
    const moved = ok(await desk.call<{ newKey: Wire; oldKey: Wire; item: Wire; request: { operation: string } }>('move', { before: loaded, after }), 'move');
    expect(moved.request.operation).toBe('TransactWriteItems');
    expect(moved.oldKey).toEqual(ticketKey('8842'));
    expect(moved.newKey).toEqual(ticketKey('9901'));
    expect(await desk.get(ticketKey('8842'))).toBeUndefined();
    expect(await desk.get(ticketKey('9901'))).toEqual(after);

    const again = await desk.call('move', { before: loaded, after: { ...after, PK: S('TICKET#9902'), ticketId: S('9902') } });
    expect(again.status).toBe(400);
    expect(again.body['__type']).toBe('TransactionCanceledException');
    expect(await desk.get(ticketKey('9902'))).toBeUndefined();
  });

  it("refuses ConsistentRead on a GSI with DynamoDB's message", async () => {
    const desk = itemsApi(context, context.tables().ticketDesk);
    const refused = await desk.call('query', { ...openOfTeam7, ConsistentRead: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ __type: 'ValidationException', message: GSI_CONSISTENT_READ_MESSAGE });
    const scan = await desk.call('scan', { IndexName: 'GSI1', ConsistentRead: true });
    expect(scan.status).toBe(400);
    expect(scan.body).toMatchObject({ __type: 'ValidationException', message: GSI_CONSISTENT_READ_MESSAGE });
  });

  it('prices the status change: the transactional move costs 4 write units, the GSI update 3', async () => {
    const cost = ok(
      await context.session().api<{ moveComparison: { move: { units: number; operation: string }; indexUpdate: { units: number; operation: string } } }>(
        'POST',
        '/api/model/cost',
        { itemBytes: 1024 },
      ),
      'cost',
    );
    expect(cost.moveComparison.move).toMatchObject({ operation: 'TransactWriteItems', units: 4 });
    expect(cost.moveComparison.indexUpdate).toMatchObject({ operation: 'UpdateItem', units: 3 });
  });
}

export function leaderboardScenarios(context: ScenarioContext): void {
  it('lists the top players of 2026-Q2 by rating through GSI1, highest first', async () => {
    const board = itemsApi(context, context.tables().leaderboard);
    const season = { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :season', ExpressionAttributeValues: { ':season': S('SEASON#2026-Q2') } };
    const top = await board.query({ ...season, ScanIndexForward: false, Limit: 10 });
    expect(top.items).toHaveLength(10);
    const ratings = top.items.map((item) => Number(item['rating']!['N']));
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    const everyone = await board.queryAll(season);
    expect(everyone.length).toBeGreaterThan(20);
    const best = everyone.map((item) => Number(item['rating']!['N'])).sort((a, b) => b - a);
    expect(ratings).toEqual(best.slice(0, 10));
    const nighthawk = everyone.find((item) => text(item, 'handle') === 'nighthawk');
    expect(nighthawk).toMatchObject({ PK: S('PLAYER#u8231'), rating: { N: '1842' }, GSI1SK: S('RATING#01842') });
  });

  it('finds a player by handle through the KEYS_ONLY GSI2, then the profile by its key', async () => {
    const board = itemsApi(context, context.tables().leaderboard);
    const found = await board.query({ IndexName: 'GSI2', key: 'GSI2PK = "HANDLE#nighthawk"' });
    expect(found.items).toEqual([{ PK: S('PLAYER#u8231'), SK: S('PROFILE'), GSI2PK: S('HANDLE#nighthawk'), GSI2SK: S('PLAYER#u8231') }]);
    const profile = await board.get({ PK: found.items[0]!['PK']!, SK: found.items[0]!['SK']! });
    expect(profile).toMatchObject({ playerId: S('u8231'), handle: S('nighthawk'), season: S('2026-Q2'), rating: { N: '1842' } });
    const nobody = await board.query({ IndexName: 'GSI2', key: 'GSI2PK = "HANDLE#no-such-player"' });
    expect(nobody).toMatchObject({ items: [], count: 0 });
  });
}
