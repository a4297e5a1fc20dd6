import { readFileSync } from 'node:fs';
import { compareNumbers, compareScalars, parseModel } from '@dynotable/core';
import type { AttributeValue, Model } from '@dynotable/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANDS_AT_MOST, ROWS_PER_ENTITY, spread, tablePicture } from '../../src/table-picture/picture-rows.js';
import type { TablePictureData } from '../../src/table-picture/picture-rows.js';
import { samplePool } from '../../src/table-picture/sample-pool.js';

const REPO_ROOT = new URL('../../../../', import.meta.url);
const example = (name: string): Model => parseModel(readFileSync(new URL(`examples/${name}.yaml`, REPO_ROOT), 'utf8'));

const leaderboard = example('leaderboard');
const ticketDesk = example('ticket-desk');
const auditLog = example('audit-log');

function text(value: AttributeValue | undefined): string {
  if (value === undefined) throw new Error('missing value');
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  throw new Error('not a string or number');
}

const rows = (picture: TablePictureData) => picture.bands.flatMap((band) => band.rows);

/** Every band's rows share its partition value and ascend by the sort key, as DynamoDB stores them. */
function expectDynamoOrder(picture: TablePictureData): void {
  const sortName = picture.sortKey?.name;
  for (const band of picture.bands) {
    for (const row of band.rows) expect(row.item[picture.partitionKey.name]).toEqual(band.partition);
    if (sortName === undefined) continue;
    for (let i = 1; i < band.rows.length; i++) {
      expect(compareScalars(band.rows[i - 1]!.item[sortName]!, band.rows[i]!.item[sortName]!)).toBeLessThanOrEqual(0);
    }
  }
}

describe('tablePicture on the leaderboard', () => {
  it('puts a player and their matches in one partition of the base table, matches before the profile', () => {
    const picture = tablePicture(leaderboard, 'Leaderboard');
    expect(picture.columns.slice(0, 2)).toEqual([
      { name: 'PK', role: 'partition' },
      { name: 'SK', role: 'sort' },
    ]);
    expectDynamoOrder(picture);
    const mixed = picture.bands.find((band) => new Set(band.rows.map((row) => row.entity)).size === 2);
    expect(mixed).toBeDefined();
    const entities = mixed!.rows.map((row) => row.entity);
    expect(entities.at(-1)).toBe('Player'); // "MATCH#..." sorts before "PROFILE"
    expect(entities.filter((entity) => entity === 'Match').length).toBeGreaterThan(1);
    expect(picture.leftOut).toEqual([]);
  });

  it('orders the season index by rating numerically, because the rating is zero-padded', () => {
    const picture = tablePicture(leaderboard, 'Leaderboard', 'GSI1');
    expect(picture.partitionKey.name).toBe('GSI1PK');
    expectDynamoOrder(picture);
    const seasonWithSeveral = picture.bands.filter((band) => band.rows.length >= 3);
    expect(seasonWithSeveral.length).toBeGreaterThan(0);
    for (const band of picture.bands) {
      expect(text(band.partition)).toMatch(/^SEASON#/);
      const ratings = band.rows.map((row) => text(row.item['rating']));
      const numeric = [...ratings].sort(compareNumbers);
      expect(ratings).toEqual(numeric);
      for (const row of band.rows) expect(text(row.item['GSI1SK'])).toBe(`RATING#${text(row.item['rating']).padStart(5, '0')}`);
    }
    // The top of the leaderboard is the partition's last row: a Query with ScanIndexForward false reads it first.
    const anyBand = seasonWithSeveral[0]!;
    const season = text(anyBand.partition).slice('SEASON#'.length);
    const players = samplePool(leaderboard);
    if (!players.ok) throw new Error(players.error);
    const seasonRatings = players.items.filter((s) => s.entity === 'Player' && text(s.item['season']) === season).map((s) => text(s.item['rating']));
    const best = seasonRatings.sort(compareNumbers).at(-1);
    expect(text(anyBand.rows.at(-1)!.item['rating'])).toBe(best);
    expect(anyBand.total).toBe(seasonRatings.length);
  });

  it('shows the unpadded rating sorting as text, 9 after 10000, as DynamoDB would', () => {
    const player = leaderboard.entities.find((entity) => entity.name === 'Player')!;
    const unpadded: Model = {
      ...leaderboard,
      entities: leaderboard.entities.map((entity) => (entity === player ? { ...player, keys: { ...player.keys, GSI1SK: 'RATING#{rating}' } } : entity)),
    };
    const picture = tablePicture(unpadded, 'Leaderboard', 'GSI1');
    expectDynamoOrder(picture);
    const pool = samplePool(unpadded);
    if (!pool.ok) throw new Error(pool.error);
    // The same sample players; ordered by the key's bytes, the ratings no longer ascend numerically in some season.
    const seasons = new Map<string, string[]>();
    for (const sample of pool.items.filter((s) => s.entity === 'Player')) {
      const list = seasons.get(text(sample.item['season'])) ?? [];
      list.push(text(sample.item['GSI1SK']));
      seasons.set(text(sample.item['season']), list);
    }
    const byKey = [...seasons.values()].map((keys) => keys.sort((a, b) => compareScalars({ S: a }, { S: b })!).map((key) => key.slice('RATING#'.length)));
    expect(byKey.some((ratings) => ratings.some((rating, i) => i > 0 && compareNumbers(ratings[i - 1]!, rating) > 0))).toBe(true);
    for (const band of picture.bands) {
      const keys = band.rows.map((row) => text(row.item['GSI1SK']));
      expect(keys).toEqual([...keys].sort((a, b) => compareScalars({ S: a }, { S: b })!));
    }
  });

  it('leaves matches out of the player indexes and says why', () => {
    const picture = tablePicture(leaderboard, 'Leaderboard', 'GSI1');
    expect(rows(picture).every((row) => row.entity === 'Player')).toBe(true);
    expect(picture.leftOut).toEqual([
      expect.objectContaining({ entity: 'Match', reason: 'no-template', keys: ['GSI1PK', 'GSI1SK'] }),
    ]);
    expect(picture.leftOut[0]!.count).toBe(picture.leftOut[0]!.of);
  });

  it('shows only the table and index keys in the KEYS_ONLY handle index', () => {
    const picture = tablePicture(leaderboard, 'Leaderboard', 'GSI2');
    expect(picture.projection).toEqual({ type: 'KEYS_ONLY' });
    expect(picture.columns.map((column) => column.name)).toEqual(['GSI2PK', 'GSI2SK', 'PK', 'SK']);
    expect(rows(picture).length).toBeGreaterThan(0);
    for (const row of rows(picture)) expect(Object.keys(row.item).sort()).toEqual(['GSI2PK', 'GSI2SK', 'PK', 'SK']);
  });
});

describe('tablePicture of a local index with INCLUDE', () => {
  const table = leaderboard.tables[0]!;
  const withLsi: Model = {
    ...leaderboard,
    tables: [{ ...table, localSecondaryIndexes: [{ name: 'ByResult', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'INCLUDE', attributes: ['result'] } }] }],
    entities: leaderboard.entities.map((entity) => (entity.name === 'Match' ? { ...entity, keys: { ...entity.keys, LSI1SK: 'RESULT#{result}#{matchId}' } } : entity)),
  };

  it('shares the table partition key, sorts by its own key and holds the keys and the included attribute', () => {
    const picture = tablePicture(withLsi, 'Leaderboard', 'ByResult');
    expect(picture.kind).toBe('lsi');
    expect(picture.partitionKey.name).toBe('PK');
    expect(picture.columns.map((column) => column.name)).toEqual(['PK', 'LSI1SK', 'SK', 'result']);
    expectDynamoOrder(picture);
    expect(rows(picture).length).toBeGreaterThan(0);
    for (const row of rows(picture)) {
      expect(Object.keys(row.item).sort()).toEqual(['LSI1SK', 'PK', 'SK', 'result']);
      expect(text(row.item['LSI1SK']).startsWith(`RESULT#${text(row.item['result'])}#`)).toBe(true);
    }
    expect(picture.leftOut).toEqual([expect.objectContaining({ entity: 'Player', reason: 'no-template', keys: ['LSI1SK'] })]);
  });
});

describe('tablePicture on the ticket desk', () => {
  it('keeps only open tickets in the sparse index and counts the others', () => {
    const picture = tablePicture(ticketDesk, 'TicketDesk', 'GSI2');
    expectDynamoOrder(picture);
    expect(rows(picture).length).toBeGreaterThan(0);
    for (const row of rows(picture)) expect(row.item['status']).toEqual({ S: 'open' });
    const pool = samplePool(ticketDesk);
    if (!pool.ok) throw new Error(pool.error);
    const notOpen = pool.items.filter((s) => text(s.item['status']) !== 'open').length;
    expect(notOpen).toBeGreaterThan(0);
    expect(picture.leftOut).toEqual([
      { entity: 'Ticket', plural: 'Tickets', count: notOpen, of: pool.items.length, reason: 'sparse', keys: ['GSI2PK', 'GSI2SK'], conditions: ['status = open'] },
    ]);
  });

  it('sorts a team’s tickets by status in GSI1 and leaves none out', () => {
    const picture = tablePicture(ticketDesk, 'TicketDesk', 'GSI1');
    expectDynamoOrder(picture);
    expect(picture.leftOut).toEqual([]);
    for (const band of picture.bands) {
      const statuses = band.rows.map((row) => text(row.item['status']));
      expect(statuses).toEqual([...statuses].sort());
    }
  });

  it('draws one ticket per partition in the base table, several partitions', () => {
    const picture = tablePicture(ticketDesk, 'TicketDesk');
    expect(picture.bands.length).toBeGreaterThan(1);
    expect(picture.bands.length).toBeLessThanOrEqual(BANDS_AT_MOST);
    for (const band of picture.bands) expect(band.rows).toHaveLength(1);
  });
});

describe('tablePicture in general', () => {
  it('shows at most a few items of an entity per partition, keeping the first and the last', () => {
    const picture = tablePicture(auditLog, 'AuditLog');
    expectDynamoOrder(picture);
    const pool = samplePool(auditLog);
    if (!pool.ok) throw new Error(pool.error);
    for (const band of picture.bands) {
      expect(band.rows.length).toBeLessThanOrEqual(ROWS_PER_ENTITY);
      const all = pool.items.filter((s) => compareScalars(s.item['PK']!, band.partition) === 0).map((s) => text(s.item['SK'])).sort((a, b) => compareScalars({ S: a }, { S: b })!);
      expect(band.total).toBe(all.length);
      expect(text(band.rows[0]!.item['SK'])).toBe(all[0]);
      expect(text(band.rows.at(-1)!.item['SK'])).toBe(all.at(-1));
    }
  });

  it('names an unknown table or index instead of failing', () => {
    expect(tablePicture(auditLog, 'Nope').problem).toMatch(/no table Nope/);
    expect(tablePicture(auditLog, 'AuditLog', 'GSI9').problem).toMatch(/no index GSI9/);
  });

  it('still draws the keys it can build when a template names an undeclared attribute', () => {
    const ticket = ticketDesk.entities[0]!;
    const broken: Model = { ...ticketDesk, entities: [{ ...ticket, keys: { ...ticket.keys, GSI1SK: 'STATUS#{nothing}' } }] };
    const base = tablePicture(broken, 'TicketDesk');
    expect(base.problem).toBeUndefined();
    expect(rows(base).length).toBeGreaterThan(0);
    const index = tablePicture(broken, 'TicketDesk', 'GSI1');
    expect(rows(index)).toEqual([]);
    expect(index.leftOut[0]).toMatchObject({ reason: 'sparse', keys: ['GSI1SK'] });
  });

  it('is the same for the same model', () => {
    const again = example('leaderboard');
    expect(tablePicture(again, 'Leaderboard', 'GSI1')).toEqual(tablePicture(leaderboard, 'Leaderboard', 'GSI1'));
  });
});

describe('spread', () => {
  it('keeps order, the first and the last, and at most the count', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.integer({ min: 2, max: 6 }), (items, count) => {
        const picked = spread(items, count);
        expect(picked.length).toBe(Math.min(items.length, count));
        if (items.length === 0) return;
        expect(picked[0]).toBe(items[0]);
        expect(picked.at(-1)).toBe(items.at(-1));
        const positions = picked.map((_, i) => i);
        let from = 0;
        for (const i of positions) {
          const at = items.indexOf(picked[i]!, from);
          expect(at).toBeGreaterThanOrEqual(from);
          from = at + 1;
        }
      }),
    );
  });
});
