/**
 * Which connections a person has exposed to coding agents. None is exposed
 * unless a person says so. What the workbench's switch exposes is kept, for a
 * server on a data folder, in `<data>/agents/exposure.json` by connection key
 * (connection-key.ts: ids are per launch), so it lasts across restarts and a
 * `dynotable mcp` on that folder sees the same choice; without a data folder,
 * or under `--read-only`, it lasts while the server runs. `--expose` at launch
 * is for that launch only. A connection closed since is not exposed.
 */
import type { ConnectionInfo, ConnectionRegistry } from '../connections/registry-types.js';
import { readJsonFile, writeJsonFile } from '../files/json-file.js';
import type { AgentsFolder } from './agents-folder.js';
import { connectionKey } from './connection-key.js';
import type { AgentExposure } from './proposal-types.js';

/** The keys in the file; an unreadable file reads as none exposed (the next change replaces it). */
function readExposedKeys(file: string): Set<string> {
  const value = readJsonFile(file) as { exposed?: unknown } | undefined;
  const keys = Array.isArray(value?.exposed) ? value.exposed.filter((key): key is string => typeof key === 'string') : [];
  return new Set(keys);
}

export class SessionAgentExposure implements AgentExposure {
  /** Exposed for this launch: `--expose`, and the switch where nothing is kept on disk. */
  private readonly exposed = new Set<string>();
  /** Switched off where the file cannot be changed (`--read-only`): hidden for this launch. */
  private readonly hidden = new Set<string>();

  constructor(
    private readonly connections: Pick<ConnectionRegistry, 'get' | 'list'>,
    private readonly folder?: Pick<AgentsFolder, 'exposureFile' | 'writable'>,
  ) {}

  /** A connection closed since it was exposed is not exposed any more. */
  isExposed(connectionId: string): boolean {
    const info = this.connections.list().find((connection) => connection.id === connectionId);
    return info !== undefined && this.exposedNow(info, this.keptKeys());
  }

  /** The workbench's switch: kept in the data folder when there is one. Throws DataError not-found (ConnectionNotFound) for a connection that is not open. */
  setExposed(connectionId: string, exposed: boolean): void {
    const info = this.connections.get(connectionId).info;
    const key = connectionKey(info);
    const keep = this.folder?.writable === true && key !== undefined;
    if (exposed && !keep) this.exposed.add(connectionId);
    if (!exposed) this.exposed.delete(connectionId);
    if (exposed) this.hidden.delete(connectionId);
    else if (!keep) this.hidden.add(connectionId);
    if (this.folder !== undefined && key !== undefined) {
      const keys = this.keptKeys();
      if (exposed && keep) keys.add(key);
      if (!exposed) keys.delete(key);
      if (this.folder.writable) writeJsonFile(this.folder.exposureFile, { version: 1, exposed: [...keys].sort() });
    }
  }

  /** `--expose`: for this launch only, whatever the data folder keeps. */
  exposeForLaunch(connectionId: string): void {
    this.connections.get(connectionId);
    this.exposed.add(connectionId);
    this.hidden.delete(connectionId);
  }

  exposedIds(): readonly string[] {
    const kept = this.keptKeys();
    return this.connections
      .list()
      .filter((info) => this.exposedNow(info, kept))
      .map((info) => info.id);
  }

  private exposedNow(info: ConnectionInfo, kept: ReadonlySet<string>): boolean {
    if (this.hidden.has(info.id)) return false;
    if (this.exposed.has(info.id)) return true;
    const key = connectionKey(info);
    return key !== undefined && kept.has(key);
  }

  /** Read each time: the workbench and a `dynotable mcp` on the same folder see each other's choice at once. */
  private keptKeys(): Set<string> {
    return this.folder === undefined ? new Set() : readExposedKeys(this.folder.exposureFile);
  }
}
