import { describe, expect, it } from 'vitest';
import { buildEntityItem, deriveForEdit, itemChecker, repairDerived } from '@dynotable/core';
import { countersModel, exampleModel, shopModel } from './models.js';

const S = (text: string) => ({ S: text });
const N = (text: string) => ({ N: text });

const tickets = exampleModel('ticket-desk');
const CREATED = '2026-06-23T10:00:00Z';
const openTicket = {
  PK: S('TICKET#8842'),
  SK: S('TICKET'),
  teamId: S('7'),
  status: S('open'),
  createdAt: S(CREATED),
  title: S('Printer on fire'),
  GSI1PK: S('TEAM#7'),
  GSI1SK: S('STATUS#open#TICKET#8842'),
  GSI2PK: S('TEAM#7'),
  GSI2SK: S(`CREATED#${CREATED}#TICKET#8842`),
};

describe('deriveForEdit', () => {
  it('re-sorts a ticket whose status changed and takes it out of the sparse index', () => {
    const edit = deriveForEdit(tickets, 'TicketDesk', openTicket, { ...openTicket, status: S('closed') });
    expect(edit.entity).toBe('Ticket');
    expect(edit.recomputed).toEqual([
      { attribute: 'GSI1SK', before: 'STATUS#open#TICKET#8842', after: 'STATUS#closed#TICKET#8842' },
      { attribute: 'GSI2PK', before: 'TEAM#7', after: undefined },
      { attribute: 'GSI2SK', before: `CREATED#${CREATED}#TICKET#8842`, after: undefined },
    ]);
    const { GSI2PK: _pk, GSI2SK: _sk, ...expected } = { ...openTicket, status: S('closed'), GSI1SK: S('STATUS#closed#TICKET#8842') };
    expect(edit.item).toEqual(expected);
    expect(edit.problems).toEqual([]);
    expect(edit.movesItem).toBe(false);
  });

  it('puts a reopened ticket back into the sparse index', () => {
    const closed = deriveForEdit(tickets, 'TicketDesk', openTicket, { ...openTicket, status: S('closed') }).item;
    const reopened = deriveForEdit(tickets, 'TicketDesk', closed, { ...closed, status: S('open') });
    expect(reopened.item).toEqual(openTicket);
    expect(reopened.recomputed.map((r) => [r.attribute, r.after])).toEqual([
      ['GSI1SK', 'STATUS#open#TICKET#8842'],
      ['GSI2PK', 'TEAM#7'],
      ['GSI2SK', `CREATED#${CREATED}#TICKET#8842`],
    ]);
  });

  it('changes nothing when no source attribute changed, and never touches other attributes', () => {
    const edit = deriveForEdit(tickets, 'TicketDesk', openTicket, { ...openTicket, title: S('Printer fixed') });
    expect(edit.recomputed).toEqual([]);
    expect(edit.item).toEqual({ ...openTicket, title: S('Printer fixed') });
  });

  it('recomputes the base key when a field of its template changed', () => {
    const loaded = { ...openTicket, ticketId: S('8842') };
    const edit = deriveForEdit(tickets, 'TicketDesk', loaded, { ...loaded, ticketId: S('9000') });
    expect(edit.recomputed.map((r) => [r.attribute, r.after])).toEqual([
      ['PK', 'TICKET#9000'],
      ['GSI1SK', 'STATUS#open#TICKET#9000'],
      ['GSI2SK', `CREATED#${CREATED}#TICKET#9000`],
    ]);
    expect(edit.movesItem).toBe(true);
    expect(itemChecker(tickets, 'TicketDesk')(edit.item)).toEqual({ entity: 'Ticket', mismatches: [], problems: [] });
  });

  it('follows a base key the person typed when no attribute holds its field', () => {
    const edit = deriveForEdit(tickets, 'TicketDesk', openTicket, { ...openTicket, PK: S('TICKET#9000') });
    expect(edit.item['PK']).toEqual(S('TICKET#9000'));
    expect(edit.recomputed.map((r) => r.attribute)).toEqual(['GSI1SK', 'GSI2SK']);
    expect(edit.movesItem).toBe(true);
  });

  it('recognises a new item by the keys it was given when nothing was loaded', () => {
    const { GSI1SK: _sk, ...fresh } = openTicket;
    const edit = deriveForEdit(tickets, 'TicketDesk', undefined, fresh);
    expect(edit.item).toEqual(openTicket);
  });

  it('returns an item of no known entity unchanged', () => {
    const config = { PK: S('CONFIG'), SK: S('v1'), status: S('closed'), GSI1SK: S('anything') };
    expect(deriveForEdit(tickets, 'TicketDesk', config, { ...config, status: S('open') })).toEqual({
      item: { ...config, status: S('open') },
      entity: undefined,
      recomputed: [],
      problems: [],
      movesItem: false,
    });
  });

  it('leaves a key as typed, with a problem, when a source value does not fit its format', () => {
    const leaderboard = exampleModel('leaderboard');
    const player = {
      PK: S('PLAYER#u1'),
      SK: S('PROFILE'),
      handle: S('nighthawk'),
      season: S('2026-Q2'),
      rating: N('12'),
      GSI1PK: S('SEASON#2026-Q2'),
      GSI1SK: S('RATING#00012'),
      GSI2PK: S('HANDLE#nighthawk'),
      GSI2SK: S('PLAYER#u1'),
    };
    const edit = deriveForEdit(leaderboard, 'Leaderboard', player, { ...player, rating: N('12.5') });
    expect(edit.item['GSI1SK']).toEqual(S('RATING#00012'));
    expect(edit.recomputed).toEqual([]);
    expect(edit.problems).toHaveLength(1);
    expect(edit.problems[0]).toMatch(/^GSI1SK cannot be built from RATING#\{rating:05\}: .*12\.5.*integer/);
  });

  it('writes number-typed keys as N, and builds them from typed numbers', () => {
    const counters = countersModel();
    const loaded = { id: N('1'), counterId: N('1'), owner: N('7'), ownerKey: N('7') };
    const edit = deriveForEdit(counters, 'Counters', loaded, { ...loaded, owner: N('8'), counterId: N('2') });
    expect(edit.item).toEqual({ id: N('2'), counterId: N('2'), owner: N('8'), ownerKey: N('8') });
    expect(edit.recomputed).toEqual([
      { attribute: 'id', before: '1', after: '2' },
      { attribute: 'ownerKey', before: '7', after: '8' },
    ]);
    expect(edit.movesItem).toBe(true);
    expect(deriveForEdit(counters, 'Counters', loaded, { ...loaded, counterId: N('1.0') }).movesItem).toBe(false);
  });

  it('reads a sparse condition and a timestamp from the values a person typed', () => {
    const shop = shopModel();
    const loaded = { PK: S('PRODUCT#p1'), SK: S('DETAILS'), weight: N('2'), addedAt: S('2026-06-23T10:00:00Z'), kind: S('book'), featured: { BOOL: false } };
    const edit = deriveForEdit(shop, 'Shop', loaded, { ...loaded, featured: { BOOL: true } });
    expect(edit.item['GSI2PK']).toEqual(S('FEATURED#book'));
    expect(edit.item['GSI2SK']).toEqual(S('WEIGHT#0002.00#ADDED#2026-06-23T10:00:00.000Z'));
  });
});

describe('repairDerived', () => {
  const stale = { ...openTicket, status: S('pending') };

  it('puts every mismatching derived attribute right and leaves the base key alone', () => {
    const repair = repairDerived(tickets, 'TicketDesk', stale);
    expect(repair.recomputed.map((r) => [r.attribute, r.after])).toEqual([
      ['GSI1SK', 'STATUS#pending#TICKET#8842'],
      ['GSI2PK', undefined],
      ['GSI2SK', undefined],
    ]);
    expect(repair.item['PK']).toEqual(S('TICKET#8842'));
    expect(repair.movesItem).toBe(false);
    expect(itemChecker(tickets, 'TicketDesk')(repair.item).mismatches).toEqual([]);
  });

  it('has nothing left to do the second time', () => {
    const once = repairDerived(tickets, 'TicketDesk', stale);
    const twice = repairDerived(tickets, 'TicketDesk', once.item);
    expect(twice.recomputed).toEqual([]);
    expect(twice.item).toEqual(once.item);
  });
});

describe('buildEntityItem', () => {
  it("builds every key of a new item from the entity's attributes", () => {
    const built = buildEntityItem(tickets, 'Ticket', { ticketId: S('8842'), teamId: S('7'), status: S('open'), createdAt: S(CREATED) });
    expect(built.entity).toBe('Ticket');
    expect(built.problems).toEqual([]);
    expect(built.item).toEqual({
      ticketId: S('8842'),
      teamId: S('7'),
      status: S('open'),
      createdAt: S(CREATED),
      PK: S('TICKET#8842'),
      SK: S('TICKET'),
      GSI1PK: S('TEAM#7'),
      GSI1SK: S('STATUS#open#TICKET#8842'),
      GSI2PK: S('TEAM#7'),
      GSI2SK: S(`CREATED#${CREATED}#TICKET#8842`),
    });
  });

  it('accepts plain values and says which keys lack a value', () => {
    const built = buildEntityItem(tickets, 'Ticket', { ticketId: '8842', status: 'closed' });
    expect(built.item['GSI1SK']).toEqual(S('STATUS#closed#TICKET#8842'));
    expect(built.item['GSI2PK']).toBeUndefined();
    expect(built.problems).toEqual(['GSI1PK needs teamId (TEAM#{teamId})']);
  });

  it('refuses an entity the model does not have', () => {
    expect(() => buildEntityItem(tickets, 'Invoice', {})).toThrow('the model has no entity Invoice');
  });
});
