/**
 * The on-disk layout and its version. The database's `user_version` holds
 * the storage format and `application_id` marks the file as DynoTable's, so
 * a data directory from another version or another program is recognised
 * and either migrated or refused with a message that says what to do.
 *
 * Items live in one table clustered by (space, token, pk, sk): the token is
 * the partition's scan-order hash (token.ts), a function of the partition, so
 * a get and a range within a partition are primary-key seeks as well, and a
 * scan in token order is a walk of the same b-tree.
 */
import type { Database } from 'better-sqlite3';
import { StorageFormatError } from './format-error.js';
import { migrateToFormat2 } from './sqlite-format-2.js';

export { StorageFormatError };

/**
 * The storage format this version writes; bump it with a migration below.
 * 1: the layout below. 2: the same layout, with a lone surrogate in a key
 * string encoded as the byte `?` rather than U+FFFD, and counted as 1 byte
 * in sizes (sqlite-format-2.ts).
 */
export const STORAGE_FORMAT = 2;

/** 'DynT' in ASCII. */
const APPLICATION_ID = 0x44796e54;

const SCHEMA_V1 = `
  CREATE TABLE tables (
    name TEXT PRIMARY KEY,
    meta TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE spaces (
    id INTEGER PRIMARY KEY,
    tbl TEXT NOT NULL,
    idx TEXT NOT NULL,
    item_count INTEGER NOT NULL DEFAULT 0,
    size_bytes INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tbl, idx)
  );
  CREATE TABLE items (
    space INTEGER NOT NULL,
    token INTEGER NOT NULL,
    pk BLOB NOT NULL,
    sk BLOB NOT NULL,
    item TEXT NOT NULL,
    size INTEGER NOT NULL,
    PRIMARY KEY (space, token, pk, sk)
  ) WITHOUT ROWID;
`;

/**
 * Steps from format N to N + 1, run in one transaction with the version bump:
 * a step that throws leaves the file as it was. `file` is for messages.
 */
const MIGRATIONS: Record<number, (db: Database, file: string) => void> = {
  1: migrateToFormat2,
};

function userTableCount(db: Database): number {
  return db.prepare("SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").pluck().get() as number;
}

/** Creates the schema in a new database, migrates an older one, refuses anything else; `readOnly`: checks only, and refuses what would need a change. */
export function prepareSchema(db: Database, file: string, options: { readOnly?: boolean } = {}): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (applicationId === 0 && version === 0) {
    if (options.readOnly === true) {
      throw new StorageFormatError(`${file} is not a DynoTable data file (it holds no DynoTable tables); choose another data directory.`);
    }
    if (userTableCount(db) > 0) {
      throw new StorageFormatError(`${file} is not a DynoTable data file (it holds other tables); choose another data directory.`);
    }
    db.transaction(() => {
      db.exec(SCHEMA_V1);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${STORAGE_FORMAT}`);
    }).immediate();
    return;
  }
  if (applicationId !== APPLICATION_ID) {
    throw new StorageFormatError(`${file} is not a DynoTable data file (application id ${applicationId}); choose another data directory.`);
  }
  if (version > STORAGE_FORMAT) {
    throw new StorageFormatError(
      `${file} was written by a newer DynoTable (storage format ${version}); this version reads formats up to ${STORAGE_FORMAT}. ` +
        'Upgrade DynoTable to open it, or choose another data directory.',
    );
  }
  if (options.readOnly === true && version < STORAGE_FORMAT) {
    throw new StorageFormatError(
      `${file} uses storage format ${version}, which must be migrated to format ${STORAGE_FORMAT} before it can be read; open it once without --read-only.`,
    );
  }
  for (let from = version; from < STORAGE_FORMAT; from++) {
    const step = MIGRATIONS[from];
    if (step === undefined) {
      throw new StorageFormatError(
        `${file} uses storage format ${version}, which this version cannot migrate to format ${STORAGE_FORMAT}. ` +
          'Open it with the DynoTable version that wrote it, or choose another data directory.',
      );
    }
    db.transaction(() => {
      step(db, file);
      db.pragma(`user_version = ${from + 1}`);
    }).immediate();
  }
}
