/**
 * Connections: list, add (the embedded engine, DynamoDB Local, an endpoint,
 * AWS), change the safety mode, remove, ping; and the AWS profile names the
 * add form offers. Nothing here writes to a table, so none is a write route.
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { DataDirectoryInUseError, StorageFormatError } from '@dynotable/engine';
import { z } from 'zod';
import { listProfiles } from '../connections/aws-profiles.js';
import type { ConnectionInfo, ConnectionRequest } from '../connections/registry-types.js';
import { connectionRequestSchema, safetySchema } from '../connections/request-schema.js';
import type { ServerContext } from './context.js';
import type { ConnectionList } from '../data/shapes.js';
import { ApiError, defineRoute, type Route } from './route.js';

const CONNECTION = '/api/connections/:connectionId';
const PING_TIMEOUT_MS = 15_000;
/** Why a directory cannot hold the engine's data. */
const DIRECTORY_ERRORS = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EEXIST', 'EROFS', 'SQLITE_CANTOPEN', 'SQLITE_READONLY']);

const noInput = z.object({});

/** Engine errors name a command-line flag; the browser gets the same reason without it. */
function withoutFlagHint(message: string): string {
  return message.replace(/,? or choose another directory with --data\.$/, '; or choose another data directory.');
}

async function addConnection(context: ServerContext, request: ConnectionRequest): Promise<{ connection: ConnectionInfo }> {
  try {
    return { connection: await context.connections.add(request) };
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) throw new ApiError(409, 'DataDirectoryInUse', withoutFlagHint(error.message));
    if (error instanceof StorageFormatError) throw new ApiError(409, 'StorageFormatError', error.message);
    const code = (error as { code?: unknown } | null)?.code;
    if (request.kind === 'embedded' && typeof code === 'string' && DIRECTORY_ERRORS.has(code)) {
      throw new ApiError(400, 'DataDirectoryUnusable', `The data directory cannot be used (${code}): choose a directory you can write to.`);
    }
    throw error;
  }
}

export const connectionRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/connections',
    input: noInput,
    summary: 'The open connections with their kind, safety mode and where they point (never credentials)',
    handler: async (context): Promise<ConnectionList> => ({ connections: context.connections.list(), readOnly: context.readOnly }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/connections',
    input: connectionRequestSchema,
    summary: 'Open a connection: the embedded engine (on disk or in memory), DynamoDB Local (running, or started), an endpoint URL, or AWS (profile or default chain, region)',
    handler: (context, { input }) => addConnection(context, input),
  }),
  defineRoute({
    method: 'PATCH',
    path: CONNECTION,
    input: z.strictObject({ safety: safetySchema }),
    summary: "Change a connection's safety mode: read-only, confirm-writes or full (under --read-only, only read-only)",
    handler: async (context, { params, input }) => ({ connection: context.connections.setSafety(params['connectionId']!, input.safety) }),
  }),
  defineRoute({
    method: 'DELETE',
    path: CONNECTION,
    input: noInput,
    summary: 'Close a connection (its tables are untouched; a DynamoDB Local started by DynoTable stops)',
    handler: async (context, { params }) => {
      const id = params['connectionId']!;
      await context.connections.remove(id);
      return { removed: id };
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${CONNECTION}/ping`,
    input: noInput,
    summary: 'Check that a connection answers (ListTables with Limit 1) and how long it takes',
    handler: async (context, { params, signal }) => {
      const connection = context.connections.get(params['connectionId']!);
      const started = performance.now();
      await connection.client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.any([signal, AbortSignal.timeout(PING_TIMEOUT_MS)]) });
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      // ListTables reads no items: it costs nothing.
      return { connectionId: connection.info.id, ok: true, latencyMs, consumed: { readUnits: 0, writeUnits: 0, costUsd: 0 } };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/aws-profiles',
    input: noInput,
    summary: 'The AWS profiles of the shared config and credentials files: names and regions only',
    handler: async () => ({ profiles: listProfiles() }),
  }),
];
