/**
 * Where the query history and saved queries are kept: a JSON file beside the
 * journal, or memory (a throwaway session, and `--read-only`, which writes
 * nothing anywhere).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { QueryHistoryEntry, SavedQuery } from '../data/shapes.js';

/** One table's queries, under the table's key (its connection's identity and its name). */
export interface TableQueryRecord {
  readonly history: readonly QueryHistoryEntry[];
  readonly saved: readonly SavedQuery[];
}

export type StoredQueries = Record<string, TableQueryRecord>;

export interface QueryStore {
  load(): StoredQueries;
  save(queries: StoredQueries): void;
}

export class MemoryQueryStore implements QueryStore {
  private queries: StoredQueries = {};
  load(): StoredQueries {
    return { ...this.queries };
  }
  save(queries: StoredQueries): void {
    this.queries = { ...queries };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps the tables whose record has the right shape; a damaged table is dropped, not the file. */
function readable(parsed: unknown): StoredQueries {
  if (!isRecord(parsed)) return {};
  const out: StoredQueries = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (isRecord(value) && Array.isArray(value['history']) && Array.isArray(value['saved'])) {
      out[key] = { history: value['history'] as QueryHistoryEntry[], saved: value['saved'] as SavedQuery[] };
    }
  }
  return out;
}

export class FileQueryStore implements QueryStore {
  constructor(readonly path: string) {}

  load(): StoredQueries {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    try {
      return readable(JSON.parse(text));
    } catch {
      // A damaged file loses its history, not the session: the next query recorded replaces it.
      return {};
    }
  }

  /** Written whole to a temporary file and renamed over the old one: a crash leaves one or the other. */
  save(queries: StoredQueries): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(queries, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
