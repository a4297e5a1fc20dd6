/** The example models and hand-written meanings, as the grammar would read them. */
import { readFileSync } from 'node:fs';
import { parseModel } from '@dynotable/core';
import type { Model, PatternMeaning } from '@dynotable/core';

export function loadExample(name: 'leaderboard' | 'audit-log' | 'ticket-desk'): Model {
  const url = new URL(`../../../../examples/${name}.yaml`, import.meta.url);
  return parseModel(readFileSync(url, 'utf8'), `${name}.yaml`);
}

export function meaning(partial: Partial<PatternMeaning> & Pick<PatternMeaning, 'kind' | 'entity'>): PatternMeaning {
  return { equals: [], where: [], direction: 'ascending', reading: `${partial.kind} ${partial.entity}`, ...partial };
}

/** The example with its keys, sparse conditions and indexes taken away: only entities and questions remain. */
export function stripKeys(model: Model): Model {
  return {
    ...model,
    tables: model.tables.map((table) => ({ ...table, globalSecondaryIndexes: [], localSecondaryIndexes: [] })),
    entities: model.entities.map((entity) => ({ ...entity, keys: {}, keysWhen: {} })),
  };
}

/** The examples' questions as the grammar reads them. */
export const EXAMPLE_MEANINGS: Record<string, Record<string, PatternMeaning>> = {
  leaderboard: {
    getPlayer: meaning({ kind: 'get', entity: 'Player', equals: ['playerId'] }),
    listRecentMatches: meaning({ kind: 'list', entity: 'Match', equals: ['playerId'], orderBy: 'playedAt', direction: 'descending' }),
    topPlayersOfSeason: meaning({ kind: 'list', entity: 'Player', equals: ['season'], orderBy: 'rating', direction: 'descending', limit: 10 }),
    findPlayerByHandle: meaning({ kind: 'get', entity: 'Player', equals: ['handle'] }),
  },
  'audit-log': {
    listActorEvents: meaning({ kind: 'list', entity: 'Event', equals: ['actorId'], orderBy: 'at', direction: 'descending' }),
    actorEventsInWindow: meaning({ kind: 'list', entity: 'Event', equals: ['actorId'], between: 'at' }),
  },
  'ticket-desk': {
    getTicket: meaning({ kind: 'get', entity: 'Ticket', equals: ['ticketId'] }),
    listTeamTicketsByStatus: meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], orderBy: 'status' }),
    listOpenTickets: meaning({ kind: 'list', entity: 'Ticket', equals: ['teamId'], where: [{ attribute: 'status', value: 'open' }], orderBy: 'createdAt' }),
  },
};
