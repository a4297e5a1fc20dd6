/**
 * The write journal's records. One JSON line per changed item; the lines of
 * one operation (a put, a batch delete of 50 keys, an undo) share its id and
 * are appended together. Items are DynamoDB wire JSON, so numbers, sets and
 * binary survive exactly.
 */
import type { WireItem } from '@dynotable/core';
import type { ConnectionKind } from '../connections/registry-types.js';

export type JournalOperation = 'put' | 'update' | 'delete' | 'move' | 'transaction' | 'batch-delete' | 'import' | 'copy' | 'sample-load' | 'purge' | 'undo';

/** Where a write went — never a credential: the profile's name at most. */
export interface JournalTarget {
  readonly connectionId: string;
  readonly kind: ConnectionKind;
  readonly endpoint?: string;
  readonly region?: string;
  readonly profile?: string;
  readonly dataDir?: string;
  /** An in-memory engine lives as long as one server: only that server can undo its writes. */
  readonly session?: string;
}

/**
 * One item's change: at `key` the item was `before` (null: absent); it is now
 * `after` (null: deleted) at `newKey`, or at `key` when there is no `newKey`
 * (only a move changes the key).
 */
export interface ItemChange {
  readonly key: WireItem;
  readonly newKey?: WireItem;
  readonly before: WireItem | null;
  readonly after: WireItem | null;
}

/** One line of the journal file. */
export interface JournalLine {
  /** The format's version. */
  readonly v: 1;
  /** The operation's id, shared by its lines. */
  readonly op: string;
  readonly time: string;
  readonly target: JournalTarget;
  readonly table: string;
  readonly operation: JournalOperation;
  /**
   * How many item changes the operation recorded (its lines that carry one).
   * A bulk write's line (one with `batch`): the changes of its batch.
   */
  readonly count: number;
  /** False for summaries (purge, import, copy): they say what happened but cannot be reverted. */
  readonly undoable: boolean;
  readonly change?: ItemChange;
  /** A summary or a caveat, in words. */
  readonly note?: string;
  /** An undo: the operation it reverted, and whether every item of it is now reverted. */
  readonly undoes?: string;
  readonly complete?: boolean;
  /**
   * A bulk write (import, copy, batch delete), journaled batch by batch before
   * each BatchWriteItem is sent: the batch's number (1, 2, …) and how many
   * changes the operation has recorded up to and including it. Absent on
   * older lines and on operations recorded in one append.
   */
  readonly batch?: number;
  readonly total?: number;
  /** A bulk write's closing line (no change): the job ended, `note` says how. */
  readonly end?: boolean;
}

/** What is recorded for one operation (the journal adds the id, the time and the count). */
export interface OperationRecord {
  readonly target: JournalTarget;
  readonly table: string;
  readonly operation: JournalOperation;
  readonly changes: readonly ItemChange[];
  readonly undoable?: boolean;
  readonly note?: string;
  readonly undoes?: string;
  readonly complete?: boolean;
}

type OperationState = 'done' | 'undone' | 'partly-undone' | 'not-undoable';

/** An operation as read back: its lines gathered. */
export interface JournalOperationView {
  readonly id: string;
  readonly time: string;
  readonly target: JournalTarget;
  readonly table: string;
  readonly operation: JournalOperation;
  readonly undoable: boolean;
  readonly changes: ItemChange[];
  /** Lines announced by the operation that are missing from the file (a crash while appending, or rotated away). */
  readonly missing: number;
  /** A bulk write journaled batch by batch: whether its closing line is there (false: it was stopped, e.g. by a crash). */
  readonly ended?: boolean;
  readonly note?: string;
  readonly undoes?: string;
  readonly complete?: boolean;
  readonly state: OperationState;
  /** The undo operations that reverted it (newest first). */
  readonly undoneBy: string[];
}
