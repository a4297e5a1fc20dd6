/**
 * The write journal: every write made through DynoTable, with the item before
 * and after, so it can be undone. Appends operations; reads them back grouped,
 * newest first, with whether each has been undone since.
 */
import { randomBytes } from 'node:crypto';
import type { JournalStore } from './store.js';
import type { ItemChange, JournalLine, JournalOperation, JournalOperationView, JournalTarget, OperationRecord } from './types.js';
import { sameTarget } from './target.js';

export interface JournalFilter {
  /** Only operations on this DynamoDB (see sameTarget). */
  readonly target?: JournalTarget;
  readonly table?: string;
  /** At most this many, newest first. */
  readonly limit?: number;
}

export interface JournalOptions {
  readonly now?: () => Date;
  /** Identifies this server's in-memory engines (default: random). */
  readonly session?: string;
}

/** Ids sort by time: the time in base 36, then randomness. */
function newOperationId(now: Date): string {
  return `${now.getTime().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}

function gather(lines: readonly JournalLine[]): Map<string, { first: JournalLine; lines: JournalLine[] }> {
  const operations = new Map<string, { first: JournalLine; lines: JournalLine[] }>();
  for (const line of lines) {
    const found = operations.get(line.op);
    if (found === undefined) operations.set(line.op, { first: line, lines: [line] });
    else found.lines.push(line);
  }
  return operations;
}

/**
 * How many changes a bulk write recorded: the highest `total` of its lines,
 * except that a last batch torn by a crash while it was appended counts only
 * its lines that are there. Its batch waited for the append, so it was never
 * sent: the lines missing from it are not items that were written.
 */
function bulkExpected(lines: readonly JournalLine[]): number {
  const expected = Math.max(0, ...lines.map((line) => line.total ?? 0));
  if (lines.some((line) => line.end === true)) return expected;
  const last = Math.max(0, ...lines.map((line) => line.batch ?? 0));
  const tail = lines.filter((line) => line.batch === last && line.change !== undefined);
  const head = tail[0];
  if (head === undefined || tail.length >= head.count) return expected;
  return head.total! - head.count + tail.length;
}

/** Newest first, each with its state: an undo counts only while it has not been undone itself. */
function views(lines: readonly JournalLine[]): JournalOperationView[] {
  const gathered = [...gather(lines).values()].reverse();
  const byId = new Map<string, { state: JournalOperationView['state']; undoneBy: string[] }>();
  for (const { first } of gathered) byId.set(first.op, { state: first.undoable ? 'done' : 'not-undoable', undoneBy: [] });
  // Newer operations decide the state of older ones, so one pass from the newest suffices.
  for (const { first, lines: own } of gathered) {
    const self = byId.get(first.op)!;
    if (first.undoes === undefined || self.state === 'undone') continue;
    const undone = byId.get(first.undoes);
    if (undone === undefined) continue;
    undone.undoneBy.push(first.op);
    const complete = own.some((line) => line.complete === true);
    if (complete) undone.state = 'undone';
    else if (undone.state === 'done') undone.state = 'partly-undone';
  }
  return gathered.map(({ first, lines: own }) => {
    const changes = own.flatMap((line) => (line.change === undefined ? [] : [line.change]));
    const { state, undoneBy } = byId.get(first.op)!;
    // A bulk write's lines come batch by batch: each says how many changes the operation has up to it.
    const bulk = own.some((line) => line.batch !== undefined || line.end === true);
    const expected = bulk ? bulkExpected(own) : first.count;
    const note = [...own].reverse().find((line) => line.note !== undefined)?.note;
    return {
      id: first.op,
      time: first.time,
      target: first.target,
      table: first.table,
      operation: first.operation,
      undoable: first.undoable,
      changes,
      missing: Math.max(0, expected - changes.length),
      ...(note !== undefined ? { note } : {}),
      ...(bulk ? { ended: own.some((line) => line.end === true) } : {}),
      ...(first.undoes !== undefined ? { undoes: first.undoes } : {}),
      ...(first.complete !== undefined ? { complete: first.complete } : {}),
      state,
      undoneBy,
    };
  });
}

export interface BulkRecord {
  readonly id: string;
  /** Batches appended so far. */
  readonly batches: number;
  /** Appends one batch's changes, durably; resolves only once they are on disk. Nothing is appended for no changes. */
  batch(changes: readonly ItemChange[]): Promise<void>;
  /** The closing line (or, when no batch was recorded, a summary line that cannot be undone). */
  end(note: string): Promise<void>;
}

export class WriteJournal {
  readonly session: string;
  private readonly now: () => Date;

  constructor(
    private readonly store: JournalStore,
    options: JournalOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.session = options.session ?? randomBytes(8).toString('hex');
  }

  /** The journal file, or undefined in memory. */
  get location(): string | undefined {
    return this.store.location;
  }

  /** Appends one operation (one line per item change, or one line without a change); returns its id. */
  async record(record: OperationRecord): Promise<string> {
    const now = this.now();
    const op = newOperationId(now);
    const common = {
      v: 1 as const,
      op,
      time: now.toISOString(),
      target: record.target,
      table: record.table,
      operation: record.operation,
      count: record.changes.length,
      undoable: record.undoable ?? record.changes.length > 0,
      ...(record.note !== undefined ? { note: record.note } : {}),
      ...(record.undoes !== undefined ? { undoes: record.undoes } : {}),
      ...(record.complete !== undefined ? { complete: record.complete } : {}),
    };
    const lines: JournalLine[] = record.changes.length === 0 ? [common] : record.changes.map((change) => ({ ...common, change }));
    await this.store.append(lines);
    return op;
  }

  /**
   * A bulk write journaled ahead, batch by batch: `batch(changes)` appends the
   * changes of one BatchWriteItem durably (one write, fdatasync) and must
   * resolve before that batch is sent; `end(note)` closes the operation.
   * Every batch shares the operation's id, so the job undoes as one.
   */
  begin(base: { readonly target: JournalTarget; readonly table: string; readonly operation: JournalOperation }): BulkRecord {
    const started = this.now();
    const op = newOperationId(started);
    let batches = 0;
    let total = 0;
    const common = () => ({ v: 1 as const, op, time: this.now().toISOString(), target: base.target, table: base.table, operation: base.operation });
    return {
      id: op,
      get batches() {
        return batches;
      },
      batch: async (changes) => {
        if (changes.length === 0) return;
        const number = batches + 1;
        const lines: JournalLine[] = changes.map((change) => ({ ...common(), count: changes.length, undoable: true, batch: number, total: total + changes.length, change }));
        await this.store.append(lines);
        batches = number;
        total += changes.length;
      },
      end: async (note) => {
        // Nothing was recorded: one line that says what happened, as a summary.
        if (batches === 0) await this.store.append([{ ...common(), count: 0, undoable: false, note }]);
        else await this.store.append([{ ...common(), count: 0, undoable: true, total, end: true, note }]);
      },
    };
  }

  /** Operations newest first, with their state; and how many lines could not be read. */
  async operations(filter: JournalFilter = {}): Promise<{ operations: JournalOperationView[]; skipped: number }> {
    const { lines, skipped } = await this.store.read();
    let operations = views(lines);
    const target = filter.target;
    if (target !== undefined) operations = operations.filter((operation) => sameTarget(operation.target, target));
    if (filter.table !== undefined) operations = operations.filter((operation) => operation.table === filter.table);
    if (filter.limit !== undefined) operations = operations.slice(0, filter.limit);
    return { operations, skipped };
  }

  async operation(id: string): Promise<JournalOperationView | undefined> {
    return (await this.operations()).operations.find((operation) => operation.id === id);
  }
}
