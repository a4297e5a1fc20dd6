/**
 * A minimal ConnectionRegistry for the kernel's tests: embedded engines in
 * process, each with the safety mode asked for. The real registry lives in
 * src/connections; the kernel only relies on the interface.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEngine, inProcessClientConfig } from '@dynotable/engine';
import { ApiError } from '../../../src/api/route.js';
import type { Connection, ConnectionInfo, ConnectionRegistry, ConnectionRequest, SafetyMode } from '../../../src/connections/registry-types.js';

export interface StandInRegistry extends ConnectionRegistry {
  readonly added: ConnectionRequest[];
  closed: boolean;
}

export function standInRegistry(safeties: Readonly<Record<string, SafetyMode>> = {}): StandInRegistry {
  const connections = new Map<string, Connection>();
  const open = (info: ConnectionInfo): Connection => {
    const client = new DynamoDBClient(inProcessClientConfig(createEngine()));
    const connection: Connection = { info, client, close: async () => client.destroy() };
    connections.set(info.id, connection);
    return connection;
  };
  for (const [id, safety] of Object.entries(safeties)) open({ id, name: `${id} engine`, kind: 'embedded', safety });
  const registry: StandInRegistry = {
    added: [],
    closed: false,
    list: () => [...connections.values()].map((c) => c.info),
    get(id) {
      const connection = connections.get(id);
      if (connection === undefined) throw new ApiError(404, 'ConnectionNotFound', `No connection '${id}'`);
      return connection;
    },
    async add(request) {
      registry.added.push(request);
      const id = `${request.kind}-${connections.size + 1}`;
      const info: ConnectionInfo = {
        id,
        name: request.name ?? request.kind,
        kind: request.kind,
        safety: request.safety ?? (request.kind === 'aws' ? 'confirm-writes' : 'full'),
        ...(request.kind === 'embedded' && request.dataDir !== undefined ? { dataDir: request.dataDir } : {}),
        ...(request.kind === 'endpoint' ? { endpoint: request.endpoint } : {}),
        ...(request.kind === 'aws' ? { region: request.region } : {}),
      };
      return open(info).info;
    },
    setSafety(id, safety) {
      const connection = registry.get(id);
      const info = { ...connection.info, safety };
      connections.set(id, { ...connection, info });
      return info;
    },
    async remove(id) {
      await registry.get(id).close();
      connections.delete(id);
    },
    async ready() {},
    async closeAll() {
      for (const connection of connections.values()) await connection.close();
      connections.clear();
      registry.closed = true;
    },
  };
  return registry;
}
