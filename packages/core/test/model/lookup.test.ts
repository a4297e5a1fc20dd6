import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  entitiesOfTable,
  entityPlural,
  findAttribute,
  findEntity,
  findTable,
  indexOfKeyAttribute,
  keyAttributesOfTable,
  normalizeModel,
  parseModel,
  tableIndexes,
} from '@dynotable/core';

const leaderboard = parseModel(readFileSync(new URL('../../../../examples/leaderboard.yaml', import.meta.url), 'utf8'), 'leaderboard.yaml');

describe('model lookups', () => {
  it('find tables, entities and attributes by name, undefined when missing', () => {
    expect(findTable(leaderboard, 'Leaderboard')?.name).toBe('Leaderboard');
    expect(findTable(leaderboard, 'leaderboard')).toBeUndefined();
    const player = findEntity(leaderboard, 'Player')!;
    expect(player.name).toBe('Player');
    expect(findEntity(leaderboard, 'Team')).toBeUndefined();
    expect(findAttribute(player, 'rating')?.type).toBe('number');
    expect(findAttribute(player, 'score')).toBeUndefined();
  });

  it('list the entities of a table', () => {
    expect(entitiesOfTable(leaderboard, 'Leaderboard').map((entity) => entity.name)).toEqual(['Player', 'Match']);
    expect(entitiesOfTable(leaderboard, 'Other')).toEqual([]);
  });

  it('list the base table first, then GSIs, then LSIs with the table partition key', () => {
    const [PK, SK, GSI1PK, PLACED_AT] = [{ name: 'PK', type: 'S' }, { name: 'SK', type: 'S' }, { name: 'GSI1PK', type: 'S' }, { name: 'placedAt', type: 'S' }];
    const model = parseModel(`
tables:
  Orders:
    partitionKey: PK
    sortKey: SK
    globalSecondaryIndexes:
      ByStatus: { partitionKey: GSI1PK, projection: [total] }
    localSecondaryIndexes:
      ByDate: { sortKey: { name: placedAt, type: S }, projection: KEYS_ONLY }
entities: {}
`);
    const table = model.tables[0]!;
    expect(tableIndexes(table)).toEqual([
      { kind: 'table', partitionKey: PK, sortKey: SK, partitionKeys: [PK], sortKeys: [SK], projection: { type: 'ALL' } },
      { name: 'ByStatus', kind: 'gsi', partitionKey: GSI1PK, partitionKeys: [GSI1PK], sortKeys: [], projection: { type: 'INCLUDE', attributes: ['total'] } },
      { name: 'ByDate', kind: 'lsi', partitionKey: PK, sortKey: PLACED_AT, partitionKeys: [PK], sortKeys: [PLACED_AT], projection: { type: 'KEYS_ONLY' } },
    ]);
    expect(indexOfKeyAttribute(table, 'GSI1PK')?.name).toBe('ByStatus');
    expect(indexOfKeyAttribute(table, 'placedAt')?.name).toBe('ByDate');
    expect(indexOfKeyAttribute(table, 'PK')?.kind).toBe('table');
    expect(indexOfKeyAttribute(table, 'total')).toBeUndefined();
    expect([...keyAttributesOfTable(table).keys()]).toEqual(['PK', 'SK', 'GSI1PK', 'placedAt']);
  });

  it('give every attribute of a multi-attribute GSI key its place', () => {
    const model = parseModel(`
tables:
  Tickets:
    partitionKey: PK
    globalSecondaryIndexes:
      ByTeam: { partitionKey: [tenantId, teamId], sortKey: [status, { name: priority, type: N }] }
entities: {}
`);
    const table = model.tables[0]!;
    const gsi = tableIndexes(table)[1]!;
    expect(gsi.partitionKeys.map((key) => key.name)).toEqual(['tenantId', 'teamId']);
    expect(gsi.sortKeys).toEqual([{ name: 'status', type: 'S' }, { name: 'priority', type: 'N' }]);
    expect(gsi.partitionKey.name).toBe('tenantId');
    expect(gsi.sortKey?.name).toBe('status');
    expect(indexOfKeyAttribute(table, 'priority')?.name).toBe('ByTeam');
    expect([...keyAttributesOfTable(table).keys()]).toEqual(['PK', 'tenantId', 'teamId', 'status', 'priority']);
  });
});

describe('defaults', () => {
  it('fill the plural by English rules', () => {
    expect(['Match', 'Category', 'Status', 'Person', 'Player', 'Day', 'Box', 'Leaf', 'OrderItem', 'TicketCategory', 'Series'].map(entityPlural)).toEqual([
      'Matches',
      'Categories',
      'Statuses',
      'People',
      'Players',
      'Days',
      'Boxes',
      'Leaves',
      'OrderItems',
      'TicketCategories',
      'Series',
    ]);
  });

  it('fill an omitted entity table when the model has one table, and name the model after its file', () => {
    const model = parseModel('tables:\n  Shop: { partitionKey: PK }\nentities:\n  Order: { attributes: { id: string } }\n', 'models/shop.yaml');
    expect(model.name).toBe('shop');
    expect(model.entities[0]).toEqual({
      name: 'Order',
      plural: 'Orders',
      table: 'Shop',
      attributes: [{ name: 'id', type: 'string', mutable: false, unique: false, required: true }],
      keys: {},
      keysWhen: {},
    });
    expect(model.tables[0]).toEqual({
      name: 'Shop',
      partitionKey: { name: 'PK', type: 'S' },
      billingMode: 'PAY_PER_REQUEST',
      globalSecondaryIndexes: [],
      localSecondaryIndexes: [],
    });
    expect(model.accessPatterns).toEqual([]);
    expect(model.writePaths).toEqual([]);
  });

  it('read the list forms as the map forms, in declaration order', () => {
    const asMaps = parseModel(`
tables:
  Shop:
    partitionKey: PK
    globalSecondaryIndexes: { B1x: { partitionKey: G1 }, A2x: { partitionKey: G2 } }
entities:
  Zebra: { attributes: { b: string, a: number } }
  Ant: {}
`);
    const asLists = parseModel(`
tables:
  - name: Shop
    partitionKey: PK
    globalSecondaryIndexes: [{ name: B1x, partitionKey: G1 }, { name: A2x, partitionKey: G2 }]
entities:
  - { name: Zebra, attributes: [{ name: b, type: string }, { name: a, type: number }] }
  - { name: Ant }
`);
    expect(asLists).toEqual(asMaps);
    expect(asMaps.entities.map((entity) => entity.name)).toEqual(['Zebra', 'Ant']);
    expect(asMaps.tables[0]!.globalSecondaryIndexes.map((index) => index.name)).toEqual(['B1x', 'A2x']);
  });

  it('read the projection forms', () => {
    const model = parseModel(`
tables:
  Shop:
    partitionKey: PK
    globalSecondaryIndexes:
      GS1: { partitionKey: A }
      GS2: { partitionKey: B, projection: KEYS_ONLY }
      GS3: { partitionKey: C, projection: [x, y] }
      GS4: { partitionKey: D, projection: { type: INCLUDE, attributes: [z] } }
      GS5: { partitionKey: E, projection: { type: ALL } }
entities: {}
`);
    expect(model.tables[0]!.globalSecondaryIndexes.map((index) => index.projection)).toEqual([
      { type: 'ALL' },
      { type: 'KEYS_ONLY' },
      { type: 'INCLUDE', attributes: ['x', 'y'] },
      { type: 'INCLUDE', attributes: ['z'] },
      { type: 'ALL' },
    ]);
  });

  it('accept a normalised Model as input, unchanged', () => {
    expect(normalizeModel(structuredClone(leaderboard))).toEqual(leaderboard);
  });
});
