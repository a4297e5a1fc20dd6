/** Route handlers over embedded engines in process, with the real job registry, for the transfer and tools tests. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEngine, inProcessClientConfig } from '@dynotable/engine';
import type { ServerContext } from '../../src/api/context.js';
import type { JobSnapshot } from '../../src/data/job-types.js';
import { createJobRegistry } from '../../src/api/jobs.js';
import { ApiError } from '../../src/api/route.js';
import type { Route } from '../../src/api/route.js';
import type { Connection, ConnectionInfo, ConnectionKind, ConnectionRegistry } from '../../src/connections/registry-types.js';
import { sendWireOperation } from '../../src/connections/sdk-operations.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { TableQueries } from '../../src/queries/table-queries.js';

export interface TestConnections extends ConnectionRegistry {
  /** Adds an embedded engine as connection `id`. */
  open(id: string, kind?: ConnectionKind): Connection;
}

export function testConnections(): TestConnections {
  const connections = new Map<string, Connection>();
  const get = (id: string): Connection => {
    const connection = connections.get(id);
    if (connection === undefined) throw new ApiError(404, 'ConnectionNotFound', `No connection '${id}'`);
    return connection;
  };
  return {
    open(id, kind = 'embedded') {
      const client = new DynamoDBClient(inProcessClientConfig(createEngine()));
      const info: ConnectionInfo = { id, name: id, kind, safety: 'full' };
      const connection: Connection = { info, client, close: async () => client.destroy() };
      connections.set(id, connection);
      return connection;
    },
    list: () => [...connections.values()].map((connection) => connection.info),
    get,
    add: async () => {
      throw new Error('not used in these tests');
    },
    setSafety: (id, safety) => {
      const connection = get(id);
      const info = { ...connection.info, safety };
      connections.set(id, { ...connection, info });
      return info;
    },
    ready: async () => undefined,
    remove: async (id) => {
      await get(id).close();
      connections.delete(id);
    },
    closeAll: async () => {
      for (const connection of connections.values()) await connection.close();
      connections.clear();
    },
  };
}

export function testContext(): { context: ServerContext; connections: TestConnections } {
  const connections = testConnections();
  return { context: { connections, jobs: createJobRegistry({ publishIntervalMs: 1 }), readOnly: false, links: new ModelLinks(), queries: new TableQueries() }, connections };
}

/** Calls a route's handler as the kernel does: the input through its schema first. */
export async function call(routes: readonly Route[], context: ServerContext, method: string, path: string, params: Record<string, string>, input: unknown): Promise<unknown> {
  const route = routes.find((each) => each.method === method && each.path === path);
  if (route === undefined) throw new Error(`no route ${method} ${path}`);
  const parsed = route.input.safeParse(input);
  if (!parsed.success) throw new ApiError(400, 'ValidationException', parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return route.handler(context, { params, input: parsed.data, signal: new AbortController().signal });
}

/** The job's final snapshot. */
export function finished(context: ServerContext, id: string): Promise<JobSnapshot> {
  return new Promise((resolve) => {
    const stop = context.jobs.watch(id, (snapshot) => {
      if (snapshot.state !== 'running') {
        queueMicrotask(() => stop());
        resolve(snapshot);
      }
    });
  });
}

export async function send(connection: Connection, operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  return sendWireOperation(connection.client, operation, input);
}

/** Every item of a table, in key order (sorted by the wire JSON of the key). */
export async function scanAll(connection: Connection, table: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: unknown;
  do {
    const output = await send(connection, 'Scan', { TableName: table, ...(start ? { ExclusiveStartKey: start } : {}) });
    items.push(...(output['Items'] as Record<string, unknown>[]));
    start = output['LastEvaluatedKey'];
  } while (start !== undefined);
  return items;
}

export function byKey(items: Record<string, unknown>[], ...keys: string[]): Record<string, unknown>[] {
  const keyOf = (item: Record<string, unknown>) => JSON.stringify(keys.map((key) => item[key]));
  return [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/** CreateTable's input for a table keyed pk (S) / sk (N) with a global index byG on gpk (the transfer and `dynotable data` tests). */
export function testTableInput(name: string, withIndex = true): Record<string, unknown> {
  return {
    TableName: name,
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
      ...(withIndex ? [{ AttributeName: 'gpk', AttributeType: 'S' }] : []),
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    ...(withIndex
      ? { GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'gpk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } }] }
      : {}),
  };
}

export async function createTable(connection: Connection, name: string, withIndex = true): Promise<void> {
  await send(connection, 'CreateTable', testTableInput(name, withIndex));
}
