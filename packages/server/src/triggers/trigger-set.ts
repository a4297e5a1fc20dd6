/**
 * The triggers of one connection: add, list, remove, and their log — the
 * last events kept in memory for a client that comes later, and every event
 * told to the listeners as it happens (the CLI prints them, the API streams
 * them). A trigger's on-failure file, when it has one, gets each on-failure
 * record as one JSON line before delivery goes on. Checkpoints are kept in
 * the set's store (the data folder's trigger file, trigger-store.ts): a
 * workbench trigger's under its id (the trigger itself is kept there too,
 * and `restore` starts it again), a command line trigger's under its table
 * and handler.
 */
import { appendFileSync } from 'node:fs';
import { DataError } from '../data/errors.js';
import { HandlerRunner } from './handler-runner.js';
import { checkSettings } from './settings.js';
import type { TriggerSettings } from './settings.js';
import type { StreamsApi } from './streams-api.js';
import { Trigger } from './trigger.js';
import { TriggerStore } from './trigger-store.js';
import type { TriggerEnvironment } from './trigger.js';
import type { NewTriggerEvent, TriggerEvent, TriggerInfo } from './trigger-types.js';

/** Events kept for a client that asks later. */
const KEPT_EVENTS = 500;

export interface TriggerSetOptions {
  readonly api: StreamsApi;
  /** Where checkpoints are kept; default in memory. */
  readonly store?: TriggerStore;
  /** The workbench's set: the triggers added are kept in the store (a removed one is dropped from it). */
  readonly keepTriggers?: boolean;
  /** Parts of the environment tests replace (a fake handler, instant sleeps). */
  readonly environment?: Partial<Omit<TriggerEnvironment, 'api' | 'emit' | 'onFailure' | 'checkpoints'>>;
}

type Listener = (event: TriggerEvent) => void;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Lambda backs off between retries; here half a second, doubling, at most 30 seconds. */
function retryDelayMs(retry: number): number {
  return Math.min(500 * 2 ** (retry - 1), 30_000);
}

interface Entry {
  readonly trigger: Trigger;
  readonly runner: HandlerRunner | undefined;
  /** Its checkpoints' key in the store. */
  readonly key: string;
}

export class TriggerSet {
  private readonly entries = new Map<string, Entry>();
  private readonly events: TriggerEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private seq = 0;
  private lastId = 0;
  private readonly store: TriggerStore;

  constructor(private readonly options: TriggerSetOptions) {
    this.store = options.store ?? new TriggerStore(undefined);
  }

  /** Checks the settings (DataError invalid), starts the trigger and returns it. */
  add(settings: TriggerSettings): TriggerInfo {
    checkSettings(settings);
    const id = `t${++this.lastId}`;
    if (this.options.keepTriggers === true) this.store.addTrigger({ id, settings });
    return this.start(id, settings, this.options.keepTriggers === true ? id : this.commandLineKey(settings));
  }

  /** Starts the triggers the store keeps (the workbench's, from an earlier run), each where it stopped. */
  restore(): TriggerInfo[] {
    if (this.options.keepTriggers !== true) return [];
    return this.store.triggers().map(({ id, settings }) => {
      this.lastId = Math.max(this.lastId, Number(id.slice(1)) || 0);
      return this.start(id, settings, id);
    });
  }

  /** A command line trigger's checkpoints: its table and handler (the second of the same pair gets `#2`). */
  private commandLineKey(settings: TriggerSettings): string {
    const key = `${settings.table}=${settings.handler}`;
    const same = [...this.entries.values()].filter((entry) => entry.key === key || entry.key.startsWith(`${key}#`)).length;
    return same === 0 ? key : `${key}#${same + 1}`;
  }

  private start(id: string, settings: TriggerSettings, key: string): TriggerInfo {
    const emit = (event: NewTriggerEvent) => this.emit(id, settings.table, event);
    const given = this.options.environment ?? {};
    const runner =
      given.invoke === undefined
        ? new HandlerRunner({
            file: settings.handler,
            timeoutMs: settings.timeout * 1000,
            functionName: `${settings.table}-trigger`,
            reloaded: () => emit({ kind: 'status', level: 'info', message: `${settings.handler} changed: the next batch runs the new version` }),
          })
        : undefined;
    const trigger = new Trigger(id, settings, {
      api: this.options.api,
      invoke: given.invoke ?? ((event, requestId) => runner!.invoke(event, requestId)),
      sleep: given.sleep ?? sleep,
      now: given.now ?? Date.now,
      retryDelayMs: given.retryDelayMs ?? retryDelayMs,
      checkpoints: this.store.checkpoints(key),
      emit,
      onFailure: (record) => {
        if (settings.onFailure === undefined) return;
        try {
          appendFileSync(settings.onFailure, `${JSON.stringify(record)}\n`);
        } catch (error) {
          emit({ kind: 'status', level: 'warning', message: `could not write to the on-failure file ${settings.onFailure}: ${(error as Error).message}` });
        }
      },
    });
    this.entries.set(id, { trigger, runner, key });
    emit({ kind: 'status', level: 'info', message: `trigger on ${settings.table} runs ${settings.handler}` });
    trigger.start();
    return trigger.info();
  }

  list(): TriggerInfo[] {
    return [...this.entries.values()].map((entry) => entry.trigger.info());
  }

  /** Throws DataError not-found for an unknown id. */
  async remove(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry === undefined) throw new DataError('not-found', 'TriggerNotFound', `No trigger '${id}': list the triggers to see their ids`);
    this.entries.delete(id);
    // A call under way finishes (within its timeout) before the worker goes.
    await entry.trigger.stop();
    entry.runner?.close();
    if (this.options.keepTriggers === true) this.store.removeTrigger(id);
    this.emit(id, entry.trigger.settings.table, { kind: 'status', level: 'info', message: 'trigger removed' });
  }

  /** The events kept, oldest first; after `seq` when given. */
  recent(afterSeq = 0): TriggerEvent[] {
    return this.events.filter((event) => event.seq > afterSeq);
  }

  /** Returns the unsubscribe function. */
  watch(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops every trigger (each keeps its checkpoints, and the workbench's stay kept for the next start). */
  async closeAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(
      entries.map(async (entry) => {
        await entry.trigger.stop();
        entry.runner?.close();
      }),
    );
    this.options.api.close();
  }

  private emit(triggerId: string, table: string, event: NewTriggerEvent): void {
    const stamped = { seq: ++this.seq, time: new Date().toISOString(), triggerId, table, ...event } as TriggerEvent;
    this.events.push(stamped);
    if (this.events.length > KEPT_EVENTS) this.events.shift();
    for (const listener of this.listeners) listener(stamped);
  }
}
