/**
 * The triggers of one connection: add, list, remove, and their log — the
 * last events kept in memory for a client that comes later, and every event
 * told to the listeners as it happens (the CLI prints them, the API streams
 * them). A trigger's on-failure file, when it has one, gets each on-failure
 * record as one JSON line before delivery goes on.
 */
import { appendFileSync } from 'node:fs';
import { DataError } from '../data/errors.js';
import { HandlerRunner } from './handler-runner.js';
import { checkSettings } from './settings.js';
import type { TriggerSettings } from './settings.js';
import type { StreamsApi } from './streams-api.js';
import { Trigger } from './trigger.js';
import type { TriggerEnvironment } from './trigger.js';
import type { NewTriggerEvent, TriggerEvent, TriggerInfo } from './trigger-types.js';

/** Events kept for a client that asks later. */
const KEPT_EVENTS = 500;

export interface TriggerSetOptions {
  readonly api: StreamsApi;
  /** Parts of the environment tests replace (a fake handler, instant sleeps). */
  readonly environment?: Partial<Omit<TriggerEnvironment, 'api' | 'emit' | 'onFailure'>>;
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
}

export class TriggerSet {
  private readonly entries = new Map<string, Entry>();
  private readonly events: TriggerEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private seq = 0;
  private lastId = 0;

  constructor(private readonly options: TriggerSetOptions) {}

  /** Checks the settings (DataError invalid), starts the trigger and returns it. */
  add(settings: TriggerSettings): TriggerInfo {
    checkSettings(settings);
    const id = `t${++this.lastId}`;
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
    this.entries.set(id, { trigger, runner });
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

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.remove(id)));
    this.options.api.close();
  }

  private emit(triggerId: string, table: string, event: NewTriggerEvent): void {
    const stamped = { seq: ++this.seq, time: new Date().toISOString(), triggerId, table, ...event } as TriggerEvent;
    this.events.push(stamped);
    if (this.events.length > KEPT_EVENTS) this.events.shift();
    for (const listener of this.listeners) listener(stamped);
  }
}
