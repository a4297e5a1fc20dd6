import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { itemChecker, parseModel } from '@dynotable/core';
import { entityItemFrom, firstValues, newEntityItem, tableEntities } from '../../src/workbench/model-link/entity-template.js';

const example = (name: string) => parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'));
const NOW = new Date('2026-06-23T10:11:12.345Z');

describe('a new item of an entity', () => {
  it('fills the attributes from the model and builds every key, the sparse ones while their condition holds', () => {
    const tickets = { model: example('ticket-desk'), modelTable: 'TicketDesk' };
    expect(tableEntities(tickets)).toEqual(['Ticket']);
    const { item, problems } = newEntityItem(tickets, 'Ticket', NOW);
    expect(problems).toEqual([]);
    expect(item).toMatchObject({
      PK: { S: 'TICKET#8842' },
      SK: { S: 'TICKET' },
      status: { S: 'open' },
      GSI1PK: { S: 'TEAM#7' },
      GSI1SK: { S: 'STATUS#open#TICKET#8842' },
      GSI2SK: { S: 'CREATED#2026-06-23T10:11:12Z#TICKET#8842' },
    });
    // What it builds is what the model recognises, with nothing out of step.
    expect(itemChecker(tickets.model, 'TicketDesk')(item)).toMatchObject({ entity: 'Ticket', mismatches: [] });
  });

  it('builds each entity of a table with two, from the model’s examples', () => {
    const leaderboard = { model: example('leaderboard'), modelTable: 'Leaderboard' };
    expect(tableEntities(leaderboard)).toEqual(['Player', 'Match']);
    const { item } = newEntityItem(leaderboard, 'Player', NOW);
    expect(item).toMatchObject({ PK: { S: 'PLAYER#u8231' }, SK: { S: 'PROFILE' }, GSI2PK: { S: 'HANDLE#nighthawk' } });
    const match = newEntityItem(leaderboard, 'Match', NOW);
    expect((match.item['SK'] as { S: string }).S).toMatch(/^MATCH#2026-06-23T10:11:12Z#/);
  });

  it('builds the item from the form’s texts, leaving out an emptied field and saying which key then needs it', () => {
    const tickets = { model: example('ticket-desk'), modelTable: 'TicketDesk' };
    const values = { ...firstValues(tickets, 'Ticket', NOW), teamId: '', priority: '2' };
    const { item, problems } = entityItemFrom(tickets, 'Ticket', values);
    expect(item['teamId']).toBeUndefined();
    expect(item['priority']).toEqual({ N: '2' });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^GSI1PK needs teamId/)]));
  });
});
