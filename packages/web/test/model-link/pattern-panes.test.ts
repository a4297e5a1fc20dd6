import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFriendly, parseModel } from '@dynotable/core';
import { DEFAULT_QUERY_STATE } from '../../src/workbench/query-state.js';
import { decodePanes, encodePanes } from '../../src/workbench/pane-url.js';
import { baseTablePane, exactRequest, exampleArguments, limitProblem, paneForPattern, tablePatterns } from '../../src/workbench/model-link/pattern-panes.js';

const example = (name: string) => parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'));
const leaderboard = { model: example('leaderboard'), modelTable: 'Leaderboard' };
const tickets = { model: example('ticket-desk'), modelTable: 'TicketDesk' };

describe('access patterns as panes', () => {
  it('lists every pattern of the table with its plan and read units', () => {
    const patterns = tablePatterns(leaderboard);
    expect(patterns.map((entry) => entry.pattern.name)).toEqual(['getPlayer', 'listRecentMatches', 'topPlayersOfSeason', 'findPlayerByHandle']);
    expect(patterns.every((entry) => entry.cost !== undefined && entry.cost.units > 0)).toBe(true);
    expect(tablePatterns({ ...leaderboard, modelTable: 'Other' })).toEqual([]);
  });

  it('opens the season ranking as a descending Query on its index, with a key condition the pane reads back', () => {
    const top = tablePatterns(leaderboard).find((entry) => entry.pattern.name === 'topPlayersOfSeason')!;
    const args = { ...exampleArguments(leaderboard.model, top.plan), season: '2026-S1' };
    const pane = paneForPattern(leaderboard, top.plan, args);
    expect(pane).toMatchObject({ mode: 'query', keyMode: 'text', indexName: top.plan.index, forward: false, limit: '10', pattern: 'topPlayersOfSeason' });
    expect(pane.keyText).toContain('2026-S1');
    // What the pane sends is what the pattern's request says: the same key condition.
    const request = JSON.parse(exactRequest(leaderboard.model, top.plan, args)) as { params: { KeyConditionExpression: string } };
    expect(request.params.KeyConditionExpression).toBeTruthy();
    expect(() => parseFriendly('key', pane.keyText)).not.toThrow();
    // The pane survives the URL.
    expect(decodePanes(encodePanes([pane]))?.[0]).toEqual(pane);
  });

  it('runs a GetItem as the Query on its full key, and compares with the base table of the entity', () => {
    const get = tablePatterns(tickets).find((entry) => entry.pattern.name === 'getTicket')!;
    expect(get.plan.operation).toBe('GetItem');
    const pane = paneForPattern(tickets, get.plan, { ticketId: '8842' });
    expect(pane.keyText).toBe('PK = "TICKET#8842" AND SK = "TICKET"');
    const open = tablePatterns(tickets).find((entry) => entry.pattern.name === 'listOpenTickets')!;
    const compare = baseTablePane(tickets, open.plan, { teamId: '7' });
    // The ticket's base key needs its id, which the team's list does not give: the entity's items by their key's start.
    expect(compare).toEqual({ ...DEFAULT_QUERY_STATE, mode: 'scan', filterMode: 'text', filterText: 'begins_with(PK, "TICKET#")', pattern: 'listOpenTickets (base table)' });
    expect(compare.filterText).toBe('begins_with(PK, "TICKET#")');
  });

  it('starts each parameter from the model\'s examples', () => {
    const get = tablePatterns(tickets).find((entry) => entry.pattern.name === 'getTicket')!;
    expect(exampleArguments(tickets.model, get.plan)).toEqual({ ticketId: '8842' });
  });

  it('takes the limit a person gives (a "top N" question leaves it to the caller), and refuses one that is not a count', () => {
    const top = tablePatterns(leaderboard).find((entry) => entry.pattern.name === 'topPlayersOfSeason')!;
    expect(paneForPattern(leaderboard, top.plan, { season: '2026-Q2' }, '3').limit).toBe('3');
    expect(paneForPattern(leaderboard, top.plan, { season: '2026-Q2' }, '').limit).toBe('10');
    expect(limitProblem('')).toBeUndefined();
    expect(limitProblem('25')).toBeUndefined();
    for (const bad of ['0', '-1', '2.5', 'ten']) expect(limitProblem(bad)).toBe('The limit is a whole number from 1 (or empty for none).');
  });
});
