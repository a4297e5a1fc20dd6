/**
 * The workbench's triggers, one set per connection, made on first use from
 * the connection's SDK client. Only the embedded engine's tables take
 * triggers from the workbench (docs/triggers.md says why). With `keep`, an
 * engine on a data folder keeps its triggers and their checkpoints there
 * (trigger-store.ts), and `restore` starts them again at the next start.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { Connection, ConnectionRegistry } from '../connections/registry-types.js';
import { DataError } from '../data/errors.js';
import type { TriggerSettings } from './settings.js';
import { sdkStreamsApi } from './streams-api.js';
import { TriggerSet } from './trigger-set.js';
import { triggerStoreOf } from './trigger-store.js';

export class ConnectionTriggers {
  private readonly sets = new Map<string, TriggerSet>();

  /** `keep`: save triggers and checkpoints in the embedded engine's data folder (not under --read-only, which writes nothing). */
  constructor(private readonly options: { readonly keep?: boolean } = {}) {}

  /** The connection's set, if it has one yet. */
  existing(connectionId: string): TriggerSet | undefined {
    return this.sets.get(connectionId);
  }

  /** Throws DataError invalid for a connection other than the embedded engine. */
  of(connection: Connection): TriggerSet {
    if (connection.info.kind !== 'embedded') {
      throw new DataError('invalid', 'TriggersNeedEmbeddedEngine', `Triggers run on the embedded engine's tables only, not on ${connection.info.name}; for another endpoint, run \`dynotable engine --trigger\` or Lambda itself`);
    }
    let set = this.sets.get(connection.info.id);
    if (set === undefined) {
      const keep = this.options.keep === true && connection.info.dataDir !== undefined;
      set = new TriggerSet({ api: sdkStreamsApi(connection.client), keepTriggers: true, store: triggerStoreOf(keep ? connection.info.dataDir : undefined) });
      this.sets.set(connection.info.id, set);
      // The triggers its data folder keeps run from the moment the set exists.
      set.restore();
    }
    return set;
  }

  /** Checks that the handler file is there before the trigger starts (a typo is said at once, not at the first batch). */
  add(connection: Connection, settings: TriggerSettings): ReturnType<TriggerSet['add']> {
    if (!isAbsolute(settings.handler)) throw new DataError('invalid', 'InvalidTrigger', `the handler must be an absolute path (got '${settings.handler}')`);
    if (!existsSync(settings.handler) || !statSync(settings.handler).isFile()) {
      throw new DataError('invalid', 'InvalidTrigger', `there is no handler file at ${settings.handler}`);
    }
    return this.of(connection).add(settings);
  }

  /** Starts again the triggers the embedded engines' data folders keep (a connection added later: when its set is first made). */
  restore(connections: ConnectionRegistry): void {
    if (this.options.keep !== true) return;
    for (const info of connections.list()) {
      if (info.kind === 'embedded' && info.dataDir !== undefined) this.of(connections.get(info.id));
    }
  }

  async closeAll(): Promise<void> {
    const sets = [...this.sets.values()];
    this.sets.clear();
    await Promise.all(sets.map((set) => set.closeAll()));
  }
}
