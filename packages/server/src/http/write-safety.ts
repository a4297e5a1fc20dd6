/**
 * The server's guard on every write route: nothing is written under
 * `--read-only` or to a read-only connection, and a confirm-writes connection
 * writes only when the request carries `confirm: true`.
 */
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

/** `confirm: true` in a JSON body, or `confirm=true` in a query string. */
function confirmed(input: unknown): boolean {
  const confirm = (input as { confirm?: unknown } | null)?.confirm;
  return confirm === true || confirm === 'true';
}

export function requireConfirmation(target: ConnectionInfo | undefined, rawInput: unknown, validInput: unknown): void {
  if (target?.safety !== 'confirm-writes') return;
  if (confirmed(validInput) || confirmed(rawInput)) return;
  throw new ApiError(
    409,
    'ConfirmationRequired',
    `Connection '${target.name}' asks before every write: review the request, then send it again with "confirm": true.`,
  );
}
