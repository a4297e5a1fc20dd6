/**
 * Where the query history and saved queries are kept: a JSON file beside the
 * journal, or memory (a throwaway session, and `--read-only`, which writes
 * nothing anywhere).
 */
import { readJsonFile, writeJsonFile } from '../files/json-file.js';
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
    return readable(readJsonFile(this.path));
  }

  save(queries: StoredQueries): void {
    writeJsonFile(this.path, queries);
  }
}
