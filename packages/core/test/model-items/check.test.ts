import { describe, expect, it } from 'vitest';
import { checkDerivedAttributes, itemChecker, recognizeEntity, type AnyItem, type Model } from '@dynotable/core';
import { countersModel, exampleModel, shopModel } from './models.js';

const S = (text: string) => ({ S: text });
const N = (text: string) => ({ N: text });

function check(model: Model, table: string, item: AnyItem) {
  const match = recognizeEntity(model, table, item);
  if (match === undefined) throw new Error('the item was not recognised');
  return checkDerivedAttributes(model, match, item);
}

const tickets = exampleModel('ticket-desk');
const CREATED = '2026-06-23T10:00:00Z';
/** The ticket of the brief: pending, yet still sorted and indexed as open. */
const staleTicket = {
  PK: S('TICKET#8842'),
  SK: S('TICKET'),
  teamId: S('7'),
  status: S('pending'),
  createdAt: S(CREATED),
  title: S('Printer on fire'),
  GSI1PK: S('TEAM#7'),
  GSI1SK: S('STATUS#open#TICKET#8842'),
  GSI2PK: S('TEAM#7'),
  GSI2SK: S(`CREATED#${CREATED}#TICKET#8842`),
};

describe('checkDerivedAttributes', () => {
  it('flags a stale sort key and sparse keys that must be absent, in words', () => {
    expect(check(tickets, 'TicketDesk', staleTicket)).toEqual([
      {
        attribute: 'GSI1SK',
        stored: 'STATUS#open#TICKET#8842',
        expected: 'STATUS#pending#TICKET#8842',
        message: 'GSI1SK is STATUS#open#TICKET#8842; the model says STATUS#pending#TICKET#8842',
      },
      { attribute: 'GSI2PK', stored: 'TEAM#7', expected: undefined, message: 'GSI2PK is TEAM#7; the model says it is absent while status is not open' },
      {
        attribute: 'GSI2SK',
        stored: `CREATED#${CREATED}#TICKET#8842`,
        expected: undefined,
        message: `GSI2SK is CREATED#${CREATED}#TICKET#8842; the model says it is absent while status is not open`,
      },
    ]);
  });

  it('finds nothing wrong with an item that follows its templates', () => {
    const open = { ...staleTicket, status: S('open') };
    expect(check(tickets, 'TicketDesk', open)).toEqual([]);
    const { GSI2PK: _pk, GSI2SK: _sk, ...closed } = { ...staleTicket, status: S('closed'), GSI1SK: S('STATUS#closed#TICKET#8842') };
    expect(check(tickets, 'TicketDesk', closed)).toEqual([]);
  });

  it('flags keys that are missing while the model says they are present', () => {
    const { GSI1SK: _sk, GSI2PK: _pk, ...open } = { ...staleTicket, status: S('open') };
    expect(check(tickets, 'TicketDesk', open).map((m) => m.message)).toEqual([
      'GSI1SK is missing; the model says STATUS#open#TICKET#8842',
      'GSI2PK is missing; the model says TEAM#7',
    ]);
  });

  it('skips a key whose template needs a value the item lacks', () => {
    const { teamId: _team, ...noTeam } = { ...staleTicket, GSI1PK: S('TEAM#whatever'), status: S('open') };
    expect(check(tickets, 'TicketDesk', noTeam)).toEqual([]);
  });

  it("takes the item's own attribute over the field parsed from its base key", () => {
    const own = { ...staleTicket, ticketId: S('9000'), status: S('closed'), GSI1SK: S('STATUS#closed#TICKET#8842') };
    const { GSI2PK: _pk, GSI2SK: _sk, ...item } = own;
    expect(check(tickets, 'TicketDesk', item)).toEqual([
      {
        attribute: 'GSI1SK',
        stored: 'STATUS#closed#TICKET#8842',
        expected: 'STATUS#closed#TICKET#9000',
        message: 'GSI1SK is STATUS#closed#TICKET#8842; the model says STATUS#closed#TICKET#9000',
      },
    ]);
  });

  it('compares formatted text exactly: zero padding and negative numbers', () => {
    const leaderboard = exampleModel('leaderboard');
    const player = (rating: string, sortKey: string) => ({
      PK: S('PLAYER#u8231'),
      SK: S('PROFILE'),
      handle: S('nighthawk'),
      season: S('2026-Q2'),
      rating: N(rating),
      GSI1PK: S('SEASON#2026-Q2'),
      GSI1SK: S(sortKey),
      GSI2PK: S('HANDLE#nighthawk'),
      GSI2SK: S('PLAYER#u8231'),
    });
    expect(check(leaderboard, 'Leaderboard', player('42', 'RATING#00042'))).toEqual([]);
    expect(check(leaderboard, 'Leaderboard', player('-1', 'RATING#-99999'))).toEqual([]);
    expect(check(leaderboard, 'Leaderboard', player('42', 'RATING#42')).map((m) => m.expected)).toEqual(['RATING#00042']);
  });

  it('compares number-typed keys as numbers', () => {
    const shop = shopModel();
    const product = (price: string, stored: string) => ({ PK: S('PRODUCT#p1'), SK: S('DETAILS'), category: S('games'), price: N(price), GSI1PK: S('CATEGORY#games'), Price: N(stored) });
    expect(check(shop, 'Shop', product('19.5', '19.5'))).toEqual([]);
    expect(check(shop, 'Shop', product('19.50', '19.5'))).toEqual([]);
    expect(check(shop, 'Shop', product('19.5', '20'))).toEqual([
      { attribute: 'Price', stored: '20', expected: '19.5', message: 'Price is 20; the model says 19.5' },
    ]);
    const counters = countersModel();
    expect(check(counters, 'Counters', { id: N('1'), owner: N('7'), ownerKey: N('7') })).toEqual([]);
    expect(check(counters, 'Counters', { id: N('1'), owner: N('7'), ownerKey: N('8') })[0]?.expected).toBe('7');
  });

  it('checks decimals, millisecond timestamps and a sparse key with a boolean condition', () => {
    const shop = shopModel();
    const base = { PK: S('PRODUCT#p1'), SK: S('DETAILS'), weight: N('1.5'), addedAt: S('2026-06-23T10:00:00Z'), kind: S('book') };
    const featured = { ...base, featured: { BOOL: true }, GSI2PK: S('FEATURED#book'), GSI2SK: S('WEIGHT#0001.50#ADDED#2026-06-23T10:00:00.000Z') };
    expect(check(shop, 'Shop', featured)).toEqual([]);
    expect(check(shop, 'Shop', { ...featured, GSI2SK: S('WEIGHT#1.5#ADDED#2026-06-23T10:00:00Z') })[0]?.expected).toBe(
      'WEIGHT#0001.50#ADDED#2026-06-23T10:00:00.000Z',
    );
    const plain = check(shop, 'Shop', { ...featured, featured: { BOOL: false } });
    expect(plain.map((m) => m.message)).toEqual([
      'GSI2PK is FEATURED#book; the model says it is absent unless featured is true and kind is book',
      'GSI2SK is WEIGHT#0001.50#ADDED#2026-06-23T10:00:00.000Z; the model says it is absent unless featured is true and kind is book',
    ]);
  });

  it('names a stored value of a type no key template gives', () => {
    const item = { ...staleTicket, status: S('open'), GSI1SK: { BOOL: true } };
    expect(check(tickets, 'TicketDesk', item)[0]).toEqual({
      attribute: 'GSI1SK',
      stored: undefined,
      expected: 'STATUS#open#TICKET#8842',
      message: 'GSI1SK is a BOOL value; the model says STATUS#open#TICKET#8842',
    });
  });
});

describe('itemChecker', () => {
  it('labels each item and gives the same mismatches as checkDerivedAttributes', () => {
    const checkItem = itemChecker(tickets, 'TicketDesk');
    const result = checkItem(staleTicket);
    expect(result.entity).toBe('Ticket');
    expect(result.mismatches).toEqual(check(tickets, 'TicketDesk', staleTicket));
    expect(checkItem({ PK: S('CONFIG'), SK: S('v1') })).toEqual({ entity: undefined, mismatches: [], problems: [] });
  });

  it('reports a source value that does not fit its template as a problem, not a mismatch', () => {
    const shop = shopModel();
    const item = { PK: S('PRODUCT#p1'), SK: S('DETAILS'), weight: N('1.234'), addedAt: S('2026-06-23T10:00:00Z'), kind: S('book'), featured: { BOOL: true }, GSI2PK: S('FEATURED#book'), GSI2SK: S('WEIGHT#0001.23#ADDED#2026-06-23T10:00:00.000Z') };
    const result = itemChecker(shop, 'Shop')(item);
    expect(result.mismatches).toEqual([]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toContain('GSI2SK cannot be built from WEIGHT#{weight:d4.2}#ADDED#{addedAt:iso-ms}');
    expect(result.problems[0]).toContain('1.234');
  });

  it('knows no entity in a table the model does not have', () => {
    expect(itemChecker(tickets, 'Nope')(staleTicket)).toEqual({ entity: undefined, mismatches: [], problems: [] });
  });
});
