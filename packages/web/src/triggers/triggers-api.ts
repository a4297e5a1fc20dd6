/** The trigger routes (docs/triggers.md): list, add, remove, and the log as it happens. */
import { apiDelete, apiGet, apiPost, segment } from '../api/client.js';
import type { TriggerEvent, TriggerInfo } from '../api/types.js';
import type { TriggerRequest } from './trigger-form.js';

const base = (connectionId: string) => `/api/connections/${segment(connectionId)}/triggers`;

export function listTriggers(connectionId: string, signal?: AbortSignal): Promise<{ triggers: TriggerInfo[]; events: TriggerEvent[] }> {
  return apiGet(base(connectionId), undefined, signal);
}

export function addTrigger(connectionId: string, request: TriggerRequest): Promise<TriggerInfo> {
  return apiPost(base(connectionId), request);
}

export function removeTrigger(connectionId: string, id: string): Promise<{ removed: string }> {
  return apiDelete(`${base(connectionId)}/${segment(id)}`);
}

/** Each event after `after` (the kept ones first), until closed. EventSource reconnects by itself, from `after` of its first opening. */
export function watchTriggerEvents(connectionId: string, after: number, onEvent: (event: TriggerEvent) => void): () => void {
  const events = new EventSource(`${base(connectionId)}/events?after=${after}`, { withCredentials: true });
  events.onmessage = (message: MessageEvent<string>) => onEvent(JSON.parse(message.data) as TriggerEvent);
  return () => events.close();
}
