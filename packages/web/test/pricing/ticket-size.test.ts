import { describe, expect, it } from 'vitest';
import { DEFAULT_TICKET_BYTES, MAX_TICKET_BYTES, readTicketBytes, ticketTextFromSearch, withTicket } from '../../src/pricing/ticket-size.js';

describe('the ticket size', () => {
  it('is a whole number of bytes from 1 to 400 KB', () => {
    expect(readTicketBytes(' 2048 ')).toBe(2048);
    expect(readTicketBytes(String(MAX_TICKET_BYTES))).toBe(MAX_TICKET_BYTES);
    for (const text of ['0', '', '1.5', '-3', String(MAX_TICKET_BYTES + 1), '1e3']) expect(typeof readTicketBytes(text)).toBe('string');
  });

  it('is in the URL unless it is the default', () => {
    expect(ticketTextFromSearch('')).toBe(String(DEFAULT_TICKET_BYTES));
    const search = withTicket('odr=0.2', '3000');
    expect(ticketTextFromSearch(search)).toBe('3000');
    expect(new URLSearchParams(search).get('odr')).toBe('0.2');
    expect(withTicket(search, String(DEFAULT_TICKET_BYTES))).toBe('odr=0.2');
  });
});
