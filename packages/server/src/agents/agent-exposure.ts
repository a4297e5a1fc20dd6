/**
 * Which connections a person has exposed to coding agents. None is exposed
 * at start: exposure is kept in memory for the running server only, so every
 * launch begins with agents seeing nothing (connection ids are per launch too).
 */
import type { ConnectionRegistry } from '../connections/registry-types.js';
import type { AgentExposure } from './proposal-types.js';

export class SessionAgentExposure implements AgentExposure {
  private readonly exposed = new Set<string>();

  constructor(private readonly connections: Pick<ConnectionRegistry, 'get' | 'list'>) {}

  /** A connection closed since it was exposed is not exposed any more. */
  isExposed(connectionId: string): boolean {
    return this.exposed.has(connectionId) && this.connections.list().some((connection) => connection.id === connectionId);
  }

  /** Throws DataError not-found (ConnectionNotFound) for a connection that is not open. */
  setExposed(connectionId: string, exposed: boolean): void {
    this.connections.get(connectionId);
    if (exposed) this.exposed.add(connectionId);
    else this.exposed.delete(connectionId);
  }

  exposedIds(): readonly string[] {
    return this.connections
      .list()
      .map((connection) => connection.id)
      .filter((id) => this.exposed.has(id));
  }
}
