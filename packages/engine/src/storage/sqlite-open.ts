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
 *
 * Privacy: the tables are the user's data, so a directory this creates is
 * 0700 and the database file 0600 (SQLite gives its -wal and -shm files the
 * database file's mode), like the journal beside it.
 *
 * Read-only (`readOnly: true`, what `dynotable --read-only` uses): nothing in
 * the directory is created or changed. SQLite cannot read a WAL database
 * without creating its -wal and -shm files (unless given URI parameters,
 * which better-sqlite3 is built without), so the database file is read into
 * memory and opened from there, read-only. A directory without a database is
 * an error (NoDatabaseError); so is one an engine holds or one with writes
 * still in its -wal file (left by an engine that stopped abruptly), since
 * finishing them would be a write.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  /** Open without creating or changing anything on disk; see above. */
  readOnly?: boolean;
}

/** A read-only open of a directory that holds no DynoTable database (nothing is created). */
export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
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
  // Every directory created on the way is the user's only (mode applies to each one mkdir makes).
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
}

/**
 * A new database file is created 0600 before SQLite opens it (an empty file is
 * a new database to SQLite); an older, wider one is narrowed. Where this cannot
 * be done (no permission, not a file), SQLite's own open reports why.
 */
function ensurePrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'a', 0o600));
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
  } catch {
    // Left to SQLite's open, which names the problem as before.
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The database as it is on disk, in memory and read-only: nothing in `dir` is created, locked or changed. */
function openReadOnly(dir: string): OpenedDatabase {
  const file = join(dir, DATABASE_FILE);
  if (!existsSync(file) || sizeOf(file) === 0) {
    throw new NoDatabaseError(`There is no DynoTable database in ${dir}, and read-only opens existing data only: nothing was created there.`);
  }
  const pid = Number(readOptionalText(join(dir, OWNER_FILE)).trim());
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid)) {
    throw new DataDirectoryInUseError(`The data directory ${dir} is in use by another DynoTable engine (process ${pid}). Stop that engine first, or choose another directory with --data.`);
  }
  if (sizeOf(`${file}-wal`) > 0) {
    throw new DataDirectoryInUseError(
      `The data directory ${dir} has writes not yet merged into its database (${DATABASE_FILE}-wal), left by an engine that is running or stopped abruptly. ` +
        'Stop that engine, or open the directory once without --read-only to finish them.',
    );
  }
  const image = readFileSync(file);
  // Bytes 18 and 19 say WAL (2); an in-memory database reads only the legacy format (1), which is the same pages.
  if (image.length >= 20 && image[18] === 2 && image[19] === 2) {
    image[18] = 1;
    image[19] = 1;
  }
  let db: Database.Database;
  try {
    db = new (sqlite())(image, { readonly: true });
    prepareSchema(db, file, { readOnly: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_CORRUPT') {
      throw new StorageFormatError(`${file} is not a DynoTable data file (not a database); choose another data directory.`);
    }
    throw error;
  }
  return {
    db,
    close() {
      if (db.open) db.close();
    },
  };
}

function readOptionalText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export interface OpenedDatabase {
  db: Database.Database;
  /** Closes the database and removes the pid file. */
  close(): void;
}

export function openDatabase(dir: string, options: OpenOptions = {}): OpenedDatabase {
  if (options.readOnly === true) return openReadOnly(dir);
  ensureDirectory(dir);
  const file = join(dir, DATABASE_FILE);
  ensurePrivateFile(file);
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
    writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`, { mode: 0o600 });
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
