/**
 * Each table's query history (the last runs, newest first) and its named
 * queries. Kept per connection identity and table, as model links are, so
 * they outlive the launch that made them (a connection's id is per launch).
 * Neither is a write to the table: they are the workbench's own notes.
 */
import { DataError } from '../data/errors.js';
import type { ConnectionInfo, QueryHistoryEntry, RecordedRead, SavedQuery } from '../data/shapes.js';
import { connectionIdentity } from '../links/model-link.js';
import { MemoryQueryStore, type QueryStore, type StoredQueries, type TableQueryRecord } from './query-store.js';

/** Runs kept per table; older ones are forgotten. */
export const HISTORY_PER_TABLE = 100;
/** Named queries per table: enough for any table, and a bound on the file. */
export const SAVED_PER_TABLE = 200;

const EMPTY: TableQueryRecord = { history: [], saved: [] };

export interface QueryNote {
  readonly request: RecordedRead;
  readonly pane?: Readonly<Record<string, unknown>>;
}

/** Two runs are the same query when they send the same request. */
function sameRequest(a: RecordedRead, b: RecordedRead): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof RecordedRead>;
  return [...keys].every((key) => a[key] === b[key]);
}

export class TableQueries {
  private queries: StoredQueries | undefined;

  constructor(private readonly store: QueryStore = new MemoryQueryStore()) {}

  private stored(): StoredQueries {
    this.queries ??= this.store.load();
    return this.queries;
  }

  private key(connection: ConnectionInfo, table: string): string {
    return `${connectionIdentity(connection)}\u0000${table}`;
  }

  private record(connection: ConnectionInfo, table: string): TableQueryRecord {
    return this.stored()[this.key(connection, table)] ?? EMPTY;
  }

  private write(connection: ConnectionInfo, table: string, record: TableQueryRecord): void {
    const next = { ...this.stored(), [this.key(connection, table)]: record };
    this.store.save(next);
    this.queries = next;
  }

  history(connection: ConnectionInfo, table: string): QueryHistoryEntry[] {
    return [...this.record(connection, table).history];
  }

  /** A run goes first; the same query run before moves up rather than appearing twice. */
  recordRun(connection: ConnectionInfo, table: string, note: QueryNote, now: Date = new Date()): QueryHistoryEntry[] {
    const record = this.record(connection, table);
    const entry: QueryHistoryEntry = { request: note.request, ...(note.pane !== undefined ? { pane: note.pane } : {}), ranAt: now.toISOString() };
    const history = [entry, ...record.history.filter((other) => !sameRequest(other.request, note.request))].slice(0, HISTORY_PER_TABLE);
    this.write(connection, table, { ...record, history });
    return history;
  }

  saved(connection: ConnectionInfo, table: string): SavedQuery[] {
    return [...this.record(connection, table).saved].sort((a, b) => a.name.localeCompare(b.name));
  }

  find(connection: ConnectionInfo, table: string, name: string): SavedQuery {
    const found = this.record(connection, table).saved.find((query) => query.name === name);
    if (found === undefined) throw new DataError('not-found', 'SavedQueryNotFound', `${table} has no saved query named "${name}": it may have been deleted or renamed.`);
    return found;
  }

  /** Saves a query under a name; a query already of that name is replaced. */
  save(connection: ConnectionInfo, table: string, name: string, note: QueryNote, now: Date = new Date()): SavedQuery {
    const record = this.record(connection, table);
    const others = record.saved.filter((query) => query.name !== name);
    if (others.length >= SAVED_PER_TABLE) {
      throw new DataError('invalid', 'ValidationException', `${table} already has ${SAVED_PER_TABLE} saved queries: delete one before saving another.`);
    }
    const query: SavedQuery = { name, request: note.request, ...(note.pane !== undefined ? { pane: note.pane } : {}), savedAt: now.toISOString() };
    this.write(connection, table, { ...record, saved: [...others, query] });
    return query;
  }

  remove(connection: ConnectionInfo, table: string, name: string): void {
    this.find(connection, table, name);
    const record = this.record(connection, table);
    this.write(connection, table, { ...record, saved: record.saved.filter((query) => query.name !== name) });
  }
}
