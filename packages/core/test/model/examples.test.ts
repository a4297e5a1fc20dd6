import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { MODEL_JSON_SCHEMA, parseModel, STARTER_MODEL_YAML, tableIndexes } from '@dynotable/core';

const example = (name: string): string => readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8');

describe('the example models', () => {
  it('leaderboard: one table, two GSIs, Player and Match with their keys', () => {
    const model = parseModel(example('leaderboard'), 'examples/leaderboard.yaml');
    expect(model.name).toBe('leaderboard');
    expect(model.tables.map((table) => table.name)).toEqual(['Leaderboard']);
    const [table] = model.tables;
    expect(table!.billingMode).toBe('PAY_PER_REQUEST');
    expect(table!.globalSecondaryIndexes.map((index) => [index.name, index.projection.type])).toEqual([
      ['GSI1', 'ALL'],
      ['GSI2', 'KEYS_ONLY'],
    ]);
    expect(table!.localSecondaryIndexes).toEqual([]);
    expect(model.entities.map((entity) => [entity.name, entity.plural, entity.table])).toEqual([
      ['Player', 'Players', 'Leaderboard'],
      ['Match', 'matches', 'Leaderboard'],
    ]);
    const player = model.entities[0]!;
    expect(player.attributes.map((attribute) => attribute.name)).toEqual(['playerId', 'handle', 'region', 'season', 'rating', 'createdAt']);
    expect(player.attributes.find((attribute) => attribute.name === 'createdAt')).toEqual({
      name: 'createdAt',
      type: 'timestamp',
      mutable: false,
      unique: false,
      required: true,
    });
    expect(player.attributes.find((attribute) => attribute.name === 'rating')).toMatchObject({ mutable: true, integer: true, min: 0, max: 99999 });
    expect(player.keys).toEqual({
      PK: 'PLAYER#{playerId}',
      SK: 'PROFILE',
      GSI1PK: 'SEASON#{season}',
      GSI1SK: 'RATING#{rating:05}',
      GSI2PK: 'HANDLE#{handle}',
      GSI2SK: 'PLAYER#{playerId}',
    });
    expect(player.keysWhen).toEqual({});
    expect(model.accessPatterns.map((pattern) => pattern.name)).toEqual(['getPlayer', 'listRecentMatches', 'topPlayersOfSeason', 'findPlayerByHandle']);
    expect(model.writePaths).toEqual([
      { name: 'createPlayer', entity: 'Player', kind: 'create', attributes: [], rate: 2 },
      { name: 'recordMatch', entity: 'Match', kind: 'create', attributes: [], rate: 100 },
      { name: 'updateRating', entity: 'Player', kind: 'update', attributes: ['rating'], rate: 100 },
    ]);
    expect(tableIndexes(table!).map((index) => index.kind)).toEqual(['table', 'gsi', 'gsi']);
  });

  it('audit log: one table, no GSI, a TTL attribute and an optional map attribute', () => {
    const model = parseModel(example('audit-log'), 'examples/audit-log.yaml');
    const [table] = model.tables;
    expect(table).toMatchObject({ name: 'AuditLog', timeToLiveAttribute: 'expiresAt', globalSecondaryIndexes: [] });
    const [event] = model.entities;
    expect(event!.name).toBe('Event');
    expect(event!.count).toBe(50000000);
    expect(event!.keys).toEqual({ PK: 'ACTOR#{actorId}', SK: 'EVT#{at:iso}#{eventId}' });
    expect(event!.attributes.find((attribute) => attribute.name === 'details')).toMatchObject({ type: 'map', required: false, averageBytes: 300 });
    expect(event!.attributes.find((attribute) => attribute.name === 'action')?.values).toEqual(['login', 'logout', 'create', 'update', 'delete']);
    expect(model.accessPatterns).toEqual([
      { name: 'listActorEvents', question: 'list events of an actor, newest first', rate: 20, expectedItems: 50 },
      { name: 'actorEventsInWindow', question: 'events of an actor between two times', rate: 10, expectedItems: 100 },
    ]);
  });

  it('ticket desk: a sparse GSI2 written only for open tickets', () => {
    const model = parseModel(example('ticket-desk'), 'examples/ticket-desk.yaml');
    const [ticket] = model.entities;
    expect(model.tables[0]!.globalSecondaryIndexes).toHaveLength(2);
    expect(ticket!.keysWhen).toEqual({ GSI2PK: { status: 'open' }, GSI2SK: { status: 'open' } });
    expect(ticket!.attributes.find((attribute) => attribute.name === 'ticketId')?.examples).toEqual(['8842']);
    expect(model.writePaths.filter((write) => write.kind === 'update').map((write) => write.attributes)).toEqual([['status'], ['priority']]);
  });

  it.each(['leaderboard', 'audit-log', 'ticket-desk'])('%s validates against the JSON Schema', (name) => {
    const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(MODEL_JSON_SCHEMA);
    const valid = validate(parse(example(name)));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });
});

describe('the starter model', () => {
  it('parses clean, with one table, one GSI, two entities, access patterns and write paths', () => {
    const model = parseModel(STARTER_MODEL_YAML, 'dynotable.yaml');
    expect(model.tables).toHaveLength(1);
    expect(model.tables[0]!.globalSecondaryIndexes).toHaveLength(1);
    expect(model.entities).toHaveLength(2);
    expect(model.accessPatterns.length).toBeGreaterThan(0);
    expect(model.writePaths.length).toBeGreaterThan(0);
  });

  it('explains its fields in comments', () => {
    const commentLines = STARTER_MODEL_YAML.split('\n').filter((line) => /#\s/.test(line));
    expect(commentLines.length).toBeGreaterThan(15);
  });
});
