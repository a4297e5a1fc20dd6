/**
 * Triggers of the embedded engine's tables (docs/triggers.md): list them with
 * their recent log, add one (a handler file on this machine, run on the
 * table's stream), remove one, and follow the log as server-sent events.
 * Adding runs local code, so it is a write: refused on a read-only connection
 * and under `--read-only`.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DataError } from '../data/errors.js';
import { defineStreamRoute, eventsFrom } from '../http/stream-route.js';
import { confirmField } from '../http/write-safety.js';
import type { StreamRoute } from '../http/stream-route.js';
import { checkSettings, DEFAULT_SETTINGS } from '../triggers/settings.js';
import type { ConnectionTriggers } from '../triggers/connection-triggers.js';
import type { TriggerEvent } from '../triggers/trigger-types.js';
import type { ServerContext } from './context.js';
import { defineRoute } from './route.js';
import type { Route } from './route.js';

const TRIGGERS = '/api/connections/:connectionId/triggers';

function triggersOf(context: ServerContext): ConnectionTriggers {
  if (context.triggers === undefined) throw new DataError('unsupported', 'TriggersUnavailable', 'This server runs no triggers');
  return context.triggers;
}

function connectionOf(context: ServerContext, params: Readonly<Record<string, string>>) {
  return context.connections.get(params['connectionId'] ?? '');
}

const addInput = z
  .object({
    table: z.string().min(1, { message: 'name the table whose stream the handler reads' }),
    handler: z.string().min(1, { message: 'give the handler file (.mjs or .js)' }),
    batchSize: z.number().optional(),
    window: z.number().optional(),
    start: z.enum(['LATEST', 'TRIM_HORIZON']).optional(),
    bisect: z.boolean().optional(),
    retries: z.number().optional(),
    reportFailures: z.boolean().optional(),
    filters: z.array(z.string()).optional(),
    timeout: z.number().optional(),
    onFailure: z.string().min(1).optional(),
    confirm: confirmField,
  })
  .strict();

export const triggerRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: TRIGGERS,
    input: z.object({}),
    summary: "The connection's triggers, with the events of their log kept in memory (oldest first)",
    handler: async (context, { params }) => {
      const set = triggersOf(context).existing(connectionOf(context, params).info.id);
      return { triggers: set?.list() ?? [], events: set?.recent() ?? [] };
    },
  }),
  defineRoute({
    method: 'POST',
    path: TRIGGERS,
    input: addInput,
    write: true,
    summary: "Run a handler file on a table's stream as Lambda would (relative paths are from the server's folder)",
    handler: async (context, { params, input }) => {
      const { confirm: _confirmed, ...given } = input;
      const settings = checkSettings({
        ...DEFAULT_SETTINGS,
        ...given,
        filters: input.filters ?? [],
        handler: resolve(input.handler),
        onFailure: input.onFailure === undefined ? undefined : resolve(input.onFailure),
      });
      return triggersOf(context).add(connectionOf(context, params), settings);
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${TRIGGERS}/:triggerId`,
    input: z.object({}),
    summary: 'Stop and remove a trigger (a call under way finishes first)',
    handler: async (context, { params }) => {
      const id = params['triggerId'] ?? '';
      const set = triggersOf(context).existing(connectionOf(context, params).info.id);
      if (set === undefined) throw new DataError('not-found', 'TriggerNotFound', `No trigger '${id}': list the triggers to see their ids`);
      await set.remove(id);
      return { removed: id };
    },
  }),
];

export const triggerStreamRoutes: StreamRoute[] = [
  defineStreamRoute({
    method: 'GET',
    path: `${TRIGGERS}/events`,
    input: z.object({ after: z.coerce.number().int().min(0).optional() }),
    summary: "The triggers' log as server-sent events: the kept events after `after`, then each new one as it happens",
    open: async (context, { params, input, signal }) => {
      const set = triggersOf(context).of(connectionOf(context, params));
      return eventsFrom<TriggerEvent>((push) => {
        const unsubscribe = set.watch(push);
        for (const event of set.recent(input.after ?? 0)) push(event);
        return unsubscribe;
      }, signal);
    },
  }),
];
