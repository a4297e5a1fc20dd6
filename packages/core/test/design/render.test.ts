import { describe, expect, it } from 'vitest';
import { designModel, renderDesign } from '@dynotable/core';
import { loadExample, stripKeys } from './fixtures.js';

describe('renderDesign', () => {
  it('shows tables, key templates, each pattern\'s operation and why, then the decisions', () => {
    const result = designModel(stripKeys(loadExample('ticket-desk')));
    const text = renderDesign(result);
    const at = (needle: string) => text.indexOf(needle);
    expect(at('GSI GSI2: GSI2PK / GSI2SK')).toBeGreaterThan(0);
    expect(text).toContain('GSI2PK  TEAM#{teamId}  (only while status = open)');
    expect(text).toContain('getTicket(ticketId): GetItem TicketDesk where PK = TICKET#{ticketId} AND SK = TICKET');
    expect(text).toContain('listOpenTickets(teamId): Query TicketDesk.GSI2 where GSI2PK = TEAM#{teamId} AND begins_with(GSI2SK, "CREATED#")');
    expect(at('Tables')).toBeLessThan(at('Keys'));
    expect(at('Keys')).toBeLessThan(at('Access patterns'));
    expect(at('Access patterns')).toBeLessThan(at('Decisions'));
    for (const decision of result.decisions) expect(text).toContain(decision.why);
    expect(text).toContain('No problems.');
  });

  it('lists the problems of a checked model', () => {
    const example = loadExample('audit-log');
    const broken = { ...example, entities: example.entities.map((e) => ({ ...e, keys: { PK: 'ACTOR#{actorId}', SK: 'EVT#{eventId}' } })) };
    const text = renderDesign(designModel(broken));
    expect(text).toContain('keys checked');
    expect(text).toMatch(/actorEventsInWindow: needs a Scan/);
    expect(text).toMatch(/listActorEvents: .*not by at/);
  });
});
