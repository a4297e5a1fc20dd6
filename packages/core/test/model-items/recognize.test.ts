import { describe, expect, it } from 'vitest';
import { parseModel, recognizeEntity } from '@dynotable/core';
import { countersModel, exampleModel, shopModel, twinsModel } from './models.js';

const S = (text: string) => ({ S: text });
const N = (text: string) => ({ N: text });

describe('recognizeEntity', () => {
  const tickets = exampleModel('ticket-desk');
  const leaderboard = exampleModel('leaderboard');
  const audit = exampleModel('audit-log');

  it('names the entity whose base key templates parse the keys, with the fields read from them', () => {
    const match = recognizeEntity(tickets, 'TicketDesk', { PK: S('TICKET#8842'), SK: S('TICKET'), status: S('open') });
    expect(match?.entity.name).toBe('Ticket');
    expect(match?.table.name).toBe('TicketDesk');
    expect(match?.fields).toEqual({ ticketId: '8842' });
  });

  it('tells entities sharing a partition apart by their sort keys', () => {
    expect(recognizeEntity(leaderboard, 'Leaderboard', { PK: S('PLAYER#u8231'), SK: S('PROFILE') })?.entity.name).toBe('Player');
    const match = recognizeEntity(leaderboard, 'Leaderboard', { PK: S('PLAYER#u8231'), SK: S('MATCH#2026-06-23T10:00:00Z#m0000001') });
    expect(match?.entity.name).toBe('Match');
    expect(match?.fields).toEqual({ playerId: 'u8231', playedAt: '2026-06-23T10:00:00Z', matchId: 'm0000001' });
  });

  it('refuses keys that only look like the template: an impossible date, another prefix, a missing sort key', () => {
    expect(recognizeEntity(audit, 'AuditLog', { PK: S('ACTOR#u_1'), SK: S('EVT#2026-06-23T00:00:00Z#e00001') })?.entity.name).toBe('Event');
    expect(recognizeEntity(audit, 'AuditLog', { PK: S('ACTOR#u_1'), SK: S('EVT#2026-02-30T00:00:00Z#e00001') })).toBeUndefined();
    expect(recognizeEntity(audit, 'AuditLog', { PK: S('USER#u_1'), SK: S('EVT#2026-06-23T00:00:00Z#e00001') })).toBeUndefined();
    expect(recognizeEntity(audit, 'AuditLog', { PK: S('ACTOR#u_1') })).toBeUndefined();
    expect(recognizeEntity(audit, 'AuditLog', { PK: { BOOL: true }, SK: S('EVT#2026-06-23T00:00:00Z#e00001') })).toBeUndefined();
  });

  it('knows no entity of a table the model does not have', () => {
    expect(recognizeEntity(tickets, 'Tickets-prod', { PK: S('TICKET#8842'), SK: S('TICKET') })).toBeUndefined();
  });

  it('prefers the most specific entity when several parse the keys', () => {
    const shop = shopModel();
    expect(recognizeEntity(shop, 'Shop', { PK: S('PRODUCT#p1'), SK: S('DETAILS') })?.entity.name).toBe('Product');
    const note = recognizeEntity(shop, 'Shop', { PK: S('PRODUCT#p1'), SK: S('note-7') });
    expect(note?.entity.name).toBe('Note');
    expect(note?.fields).toEqual({ productId: 'p1', noteId: 'note-7' });
  });

  it('takes the first declared entity among equally specific ones', () => {
    expect(recognizeEntity(twinsModel(), 'Twins', { PK: S('GROUP#g'), SK: S('x') })?.entity.name).toBe('Left');
  });

  it('reads a number partition key on a table without a sort key', () => {
    const match = recognizeEntity(countersModel(), 'Counters', { id: N('42'), total: N('3') });
    expect(match?.entity.name).toBe('Counter');
    expect(match?.fields).toEqual({ counterId: '42' });
    expect(recognizeEntity(countersModel(), 'Counters', { id: S('42') })?.entity.name).toBe('Counter');
  });

  it('refuses an item whose partition and sort key give one field two values', () => {
    const model = parseModel(
      `name: mirror
tables:
  Mirror:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
entities:
  User:
    table: Mirror
    attributes:
      userId: string
    keys:
      PK: USER#{userId}
      SK: USER#{userId}
`,
      'mirror.yaml',
    );
    expect(recognizeEntity(model, 'Mirror', { PK: S('USER#a'), SK: S('USER#a') })?.fields).toEqual({ userId: 'a' });
    expect(recognizeEntity(model, 'Mirror', { PK: S('USER#a'), SK: S('USER#b') })).toBeUndefined();
  });
});
