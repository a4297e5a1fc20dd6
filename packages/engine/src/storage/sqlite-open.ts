/**
 * Opens a data directory's database for one engine at a time.
 *
 * Durability: WAL journaling with synchronous=FULL. In WAL mode a commit is one
 * append to the log and, with FULL, one fsync of it before the commit returns,
 * so an acknowledged write survives a process kill and a power loss; NORMAL
 * would survive a kill but could lose the last commits on power loss. WAL
 * costs one fsync per commit where the rollback journal costs several.
 *
 * Exclusion: locking_mode=EXCLUSIVE, taken at open by an exclusive
 * transaction and held until close. The lock is the operating system's file
 * lock, which dies with its process, so a SIGKILLed engine never leaves a
 * stale lock behind; it also refuses a second connection in the same process.
 * A small pid file beside the database only improves the refusal message.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';

/**
 * The native SQLite addon loads on the first open of a data directory, not at
 * import: an engine in memory starts without it.
 */
let loaded: typeof Database | undefined;
function sqlite(): typeof Database {
  loaded ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  return loaded;
}
import { prepareSchema, StorageFormatError } from './sqlite-schema.js';

export const DATABASE_FILE = 'dynotable.sqlite';
const OWNER_FILE = 'dynotable.pid';

export interface OpenOptions {
  /**
   * 'full' (default): every acknowledged write is on disk. 'normal': writes
   * survive a process crash but the last ones may be lost on power loss; faster.
   */
  durability?: 'full' | 'normal';
}

export class DataDirectoryInUseError extends Error {
  override name = 'DataDirectoryInUseError';
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function ownerOf(dir: string): string {
  try {
    const pid = readFileSync(join(dir, OWNER_FILE), 'utf8').trim();
    return /^\d+$/.test(pid) ? ` (process ${pid})` : '';
  } catch {
    return '';
  }
}

function ensureDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true });
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
}

export interface OpenedDatabase {
  db: Database.Database;
  /** Closes the database and removes the pid file. */
  close(): void;
}

export function openDatabase(dir: string, options: OpenOptions = {}): OpenedDatabase {
  ensureDirectory(dir);
  const file = join(dir, DATABASE_FILE);
  // timeout 0: a locked directory is refused at once rather than after a wait.
  const db = new (sqlite())(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.durability === 'normal' ? 'NORMAL' : 'FULL'}`);
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === 'SQLITE_NOTADB') {
      throw new StorageFormatError(`${file} is not a DynoTable data file (not a database); choose another data directory.`);
    }
    if (isBusy(error)) {
      throw new DataDirectoryInUseError(
        `The data directory ${dir} is in use by another DynoTable engine${ownerOf(dir)}. ` +
          'Stop that engine first, or choose another directory with --data.',
      );
    }
    throw error;
  }
  try {
    prepareSchema(db, file);
    db.pragma('cache_size = -32768');
    db.pragma('temp_store = MEMORY');
    writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    db,
    close() {
      if (!db.open) return;
      db.close();
      rmSync(join(dir, OWNER_FILE), { force: true });
    },
  };
}
