/**
 * The workbench's triggers, one set per connection, made on first use from
 * the connection's SDK client. Only the embedded engine's tables take
 * triggers from the workbench (docs/triggers.md says why).
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { Connection } from '../connections/registry-types.js';
import { DataError } from '../data/errors.js';
import type { TriggerSettings } from './settings.js';
import { sdkStreamsApi } from './streams-api.js';
import { TriggerSet } from './trigger-set.js';

export class ConnectionTriggers {
  private readonly sets = new Map<string, TriggerSet>();

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
      set = new TriggerSet({ api: sdkStreamsApi(connection.client) });
      this.sets.set(connection.info.id, set);
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

  async closeAll(): Promise<void> {
    const sets = [...this.sets.values()];
    this.sets.clear();
    await Promise.all(sets.map((set) => set.closeAll()));
  }
}
