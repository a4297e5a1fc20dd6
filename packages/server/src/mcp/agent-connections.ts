/**
 * The connections an agent may use: only those a person exposed to agents
 * (context.agents). Any other id answers as if there were no such connection,
 * so an agent learns nothing of what it was not shown.
 */
import type { ServerContext } from '../api/context.js';
import type { Connection, ConnectionInfo } from '../connections/registry-types.js';
import { DataError } from '../data/errors.js';

export function exposedConnections(context: ServerContext): ConnectionInfo[] {
  const agents = context.agents;
  if (agents === undefined) return [];
  return context.connections.list().filter((info) => agents.isExposed(info.id));
}

export function exposedConnection(context: ServerContext, id: string): Connection {
  const visible = exposedConnections(context);
  if (!visible.some((info) => info.id === id)) {
    const names = visible.map((info) => `'${info.id}'`).join(', ');
    throw new DataError(
      'not-found',
      'ConnectionNotExposed',
      `No connection '${id}' is exposed to agents; ${names === '' ? 'none is: a person exposes a connection in the workbench or with --expose' : `the exposed ones are ${names}`}.`,
    );
  }
  return context.connections.get(id);
}

/** What an agent sees of a connection: never credentials, never a profile's files. */
export function agentView(info: ConnectionInfo) {
  return {
    id: info.id,
    name: info.name,
    kind: info.kind,
    safety: info.safety,
    ...(info.endpoint !== undefined ? { endpoint: info.endpoint } : {}),
    ...(info.region !== undefined ? { region: info.region } : {}),
  };
}
