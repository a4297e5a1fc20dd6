/**
 * The server's guard on every write route: nothing is written under
 * `--read-only` or to a read-only connection, and a confirm-writes connection
 * writes only when the request carries `confirm: true`.
 *
 * The confirmation is read here, for every write route, with one schema:
 * in a JSON body only the boolean `true` confirms (the string "true" is a
 * 400, as is any other value but `false`); a query string (a DELETE without a
 * body), where every value is text, says `confirm=true`.
 */
import { z } from 'zod';
import type { ServerContext } from '../api/context.js';
import { ApiError } from '../api/route.js';
import type { Route } from '../api/route.js';
import type { ConnectionInfo } from '../connections/registry-types.js';

/** The connection a write goes to: `:connectionId` in the path, else `connectionId` in the input. */
function targetConnection(params: Readonly<Record<string, string>>, input: unknown): string | undefined {
  if (params['connectionId'] !== undefined) return params['connectionId'];
  const fromInput = (input as { connectionId?: unknown } | null)?.connectionId;
  return typeof fromInput === 'string' ? fromInput : undefined;
}

/** Refuses writes the server or the connection does not allow; returns the target connection to confirm against. */
export function refuseReadOnly(route: Route, context: ServerContext, params: Readonly<Record<string, string>>, rawInput: unknown): ConnectionInfo | undefined {
  if (route.write !== true) return undefined;
  if (context.readOnly) {
    throw new ApiError(
      403,
      'ReadOnlyConnection',
      'DynoTable was started with --read-only, so every connection is read-only. Restart it without --read-only to write.',
    );
  }
  const id = targetConnection(params, rawInput);
  if (id === undefined) return undefined;
  const info = context.connections.get(id).info;
  if (info.safety === 'read-only') {
    throw new ApiError(
      403,
      'ReadOnlyConnection',
      `Connection '${info.name}' is read-only. To write, change its safety mode to confirm-writes or full in the connection's settings.`,
    );
  }
  return info;
}

const CONFIRM_MESSAGE = 'must be the boolean true to confirm the write (not the string "true"), or left out';

/** `confirm` in a JSON body: the boolean true (or false, or absent); routes that list it in their input use this. */
export const confirmField = z.boolean({ error: CONFIRM_MESSAGE }).optional();

/** `confirm` in a query string, where every value is text: `confirm=true` (or `confirm=false`). */
const queryConfirmField = z
  .enum(['true', 'false'], { error: 'must be confirm=true to confirm the write, or left out' })
  .transform((text) => text === 'true')
  .optional();

/**
 * Whether the write route's raw input confirms the write: `true`, `false`/absent,
 * or a 400 ValidationException for anything else (the string "true" in a body included).
 */
export function readConfirmation(rawInput: unknown, fromQuery: boolean): boolean {
  const value = rawInput !== null && typeof rawInput === 'object' && !Array.isArray(rawInput) ? (rawInput as { confirm?: unknown }).confirm : undefined;
  const parsed = (fromQuery ? queryConfirmField : confirmField).safeParse(value);
  if (!parsed.success) throw new ApiError(400, 'ValidationException', `confirm: ${parsed.error.issues[0]?.message ?? CONFIRM_MESSAGE}`);
  return parsed.data === true;
}

export function requireConfirmation(target: ConnectionInfo | undefined, confirmed: boolean): void {
  if (target?.safety !== 'confirm-writes') return;
  if (confirmed) return;
  throw new ApiError(
    409,
    'ConfirmationRequired',
    `Connection '${target.name}' asks before every write: review the request, then send it again with "confirm": true.`,
  );
}
