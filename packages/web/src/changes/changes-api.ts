/** The stream routes (docs/streams.md): a table's records as server-sent events, an item's history, and the stream turned on. */
import type { WireItem } from '@dynotable/core';
import { apiPost, segment, withQuery } from '../api/client.js';
import { updateTable } from '../api/endpoints.js';
import type { ItemHistoryView, StreamEventView } from '../api/types.js';

export type StreamStart = 'latest' | 'trim-horizon';
export type StreamViewType = 'KEYS_ONLY' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES';

const tablePath = (connectionId: string, table: string) => `/api/connections/${segment(connectionId)}/tables/${segment(table)}`;

/**
 * Follows the table's stream. EventSource reconnects by itself after a
 * dropped connection; a refusal (no stream) closes it, which `onClosed` hears.
 */
export function followTableStream(connectionId: string, table: string, from: StreamStart, onEvent: (event: StreamEventView) => void, onClosed: () => void): () => void {
  const events = new EventSource(withQuery(`${tablePath(connectionId, table)}/stream/records`, { from }), { withCredentials: true });
  events.onmessage = (message: MessageEvent<string>) => onEvent(JSON.parse(message.data) as StreamEventView);
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) onClosed();
  };
  return () => events.close();
}

export const itemHistory = (connectionId: string, table: string, key: WireItem, signal?: AbortSignal) =>
  apiPost<ItemHistoryView>(`${tablePath(connectionId, table)}/items/history`, { Key: key }, signal);

export const turnStreamOn = (connectionId: string, table: string, viewType: StreamViewType) => updateTable(connectionId, table, { stream: { enabled: true, viewType } });
