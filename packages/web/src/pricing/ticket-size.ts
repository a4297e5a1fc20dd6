import { MAX_ITEM_SIZE_BYTES } from '@dynotable/core';

/** The ticket size of the move-versus-index comparison, in the URL as `?ticket=<bytes>`. */
const TICKET_PARAM = 'ticket';
export const DEFAULT_TICKET_BYTES = 1024;
/** DynamoDB's item limit: 400 KB (core's). */
export const MAX_TICKET_BYTES = MAX_ITEM_SIZE_BYTES;

/** A whole number of bytes from 1 to 400 KB, or a sentence saying what to enter. */
export function readTicketBytes(text: string): number | string {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `Enter a whole number of bytes from 1 to ${MAX_TICKET_BYTES}`;
  const bytes = Number(trimmed);
  if (bytes < 1 || bytes > MAX_TICKET_BYTES) return `Enter a whole number of bytes from 1 to ${MAX_TICKET_BYTES}`;
  return bytes;
}

/** The size the URL asks for, as typed (the field shows it, right or wrong). */
export function ticketTextFromSearch(search: string): string {
  return new URLSearchParams(search).get(TICKET_PARAM)?.slice(0, 16) ?? String(DEFAULT_TICKET_BYTES);
}

export function withTicket(search: string, text: string): string {
  const params = new URLSearchParams(search);
  if (text.trim() === String(DEFAULT_TICKET_BYTES)) params.delete(TICKET_PARAM);
  else params.set(TICKET_PARAM, text.trim());
  return params.toString();
}
