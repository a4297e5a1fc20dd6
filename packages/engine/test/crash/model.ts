/**
 * What the crash test knows about the data: for every key a client owns, its
 * current value and its history of acknowledged writes, plus the write that
 * was in flight when the engine died (at most one per key: each client owns
 * its keys and waits for every answer before sending the next request).
 */
import { canonicalItem, keyId } from './canonical.js';
import type { Item } from './canonical.js';
import type { TableDef } from './schema.js';

/** What a write does to one item if it is applied. */
export interface Change {
  keyId: string;
  table: TableDef;
  key: Item;
  before: Item | undefined;
  after: Item | undefined;
}

export type WriteKind = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'TransactWriteItems';

/** A write a client sent, with the model's prediction of its effect. */
export interface Write {
  /** e.g. `c2-w17`; transactions use it as their marker value. */
  id: string;
  client: number;
  /** Kills before it was sent. */
  lifecycle: number;
  kind: WriteKind;
  /** Applied whole or not at all (single-item writes and transactions; batches are not). */
  atomic: boolean;
  /** The SDK input, for failure reports. */
  request: unknown;
  /** False when the model expects a condition to reject it. */
  expectApplied: boolean;
  /** The effect on each item it names when applied (after = before for a condition check). */
  changes: Change[];
}

export interface HistoryEntry {
  write: string;
  lifecycle: number;
  /** Canonical text of the value the key had after this entry. */
  value: string;
  how: 'acknowledged' | 'in flight at a kill, found applied' | 'in flight at a kill, found not applied';
}

export interface KeyState {
  keyId: string;
  table: TableDef;
  key: Item;
  value: Item | undefined;
  history: HistoryEntry[];
  pending: Write | undefined;
  /** Canonical text of the value after each change of the key, all of them, oldest first: the stream's records of it. */
  changes: string[];
}

const HISTORY_KEPT = 6;

export class Model {
  readonly keys = new Map<string, KeyState>();
  /** Every acknowledged write with its response, for reports. */
  readonly acknowledged = new Map<string, { write: Write; response: unknown }>();
  counts = { acknowledged: 0, rejected: 0 };

  own(table: TableDef, key: Item): KeyState {
    const id = keyId(table, key);
    let state = this.keys.get(id);
    if (state === undefined) {
      state = { keyId: id, table, key, value: undefined, history: [], pending: undefined, changes: [] };
      this.keys.set(id, state);
    }
    return state;
  }

  state(id: string): KeyState {
    const state = this.keys.get(id);
    if (state === undefined) throw new Error(`no key ${id} in the model`);
    return state;
  }

  /** Marks the write in flight on every key it names. */
  begin(write: Write): void {
    for (const change of write.changes) {
      const state = this.state(change.keyId);
      if (state.pending !== undefined) throw new Error(`${change.keyId} already has ${state.pending.id} in flight`);
      state.pending = write;
    }
  }

  /** The engine answered: applied or rejected by its condition. */
  acknowledge(write: Write, applied: boolean, response: unknown): void {
    this.acknowledged.set(write.id, { write, response });
    if (applied) this.counts.acknowledged++;
    else this.counts.rejected++;
    for (const change of write.changes) {
      const state = this.state(change.keyId);
      state.pending = undefined;
      if (!applied) continue;
      this.changeValue(state, change.after);
      this.record(state, { write: write.id, lifecycle: write.lifecycle, value: canonicalItem(change.after), how: 'acknowledged' });
    }
  }

  /** After a restart: what an in-flight write turned out to have done to one key. */
  resolve(state: KeyState, found: Item | undefined, applied: boolean): void {
    const write = state.pending!;
    state.pending = undefined;
    this.changeValue(state, found);
    this.record(state, {
      write: write.id,
      lifecycle: write.lifecycle,
      value: canonicalItem(found),
      how: applied ? 'in flight at a kill, found applied' : 'in flight at a kill, found not applied',
    });
  }

  /** A write that leaves the value as it was changes nothing, and makes no stream record. */
  private changeValue(state: KeyState, value: Item | undefined): void {
    const text = canonicalItem(value);
    if (text !== canonicalItem(state.value)) state.changes.push(text);
    state.value = value;
  }

  private record(state: KeyState, entry: HistoryEntry): void {
    state.history.push(entry);
    if (state.history.length > HISTORY_KEPT) state.history.shift();
  }

  pendingWrites(): Write[] {
    const writes = new Set<Write>();
    for (const state of this.keys.values()) if (state.pending !== undefined) writes.add(state.pending);
    return [...writes];
  }
}
