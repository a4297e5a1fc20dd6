/**
 * The on-disk storage: one SQLite database in a data directory (see
 * sqlite-open.ts for durability and locking, sqlite-schema.ts for the layout).
 *
 * Reads are materialised a chunk at a time and resume after the last row
 * seen, so no SQLite cursor stays open between chunks: the engine may write
 * while it walks a range or a scan (better-sqlite3 refuses a write while an
 * iterate() cursor is open on the connection).
 */
import type { Database, Statement } from 'better-sqlite3';
import { encodeItem, encodeWireJson, wireJsonOf } from './item-codec.js';
import { keyBlob, keyOfBlob } from './key-blob.js';
import { JsonStoredItem } from './stored-item.js';
import { openDatabase, type OpenedDatabase, type OpenOptions } from './sqlite-open.js';
import type { ItemWrite, Position, SortBound, SortRange, SpaceName, SpaceStats, Storage, StoredItem, TableRecord } from './storage.js';
import { partitionToken, segmentRange } from './token.js';

/** Rows per chunk: small first (a page often stops early at Limit), larger for long walks. */
const FIRST_CHUNK = 32;
const MAX_CHUNK = 1024;

const bytes = keyBlob;
const keyOf = keyOfBlob;

/** A space name is the table, or table NUL index (storage.ts). */
function splitSpace(space: SpaceName): [string, string] {
  const at = space.indexOf('\u0000');
  return at < 0 ? [space, ''] : [space.slice(0, at), space.slice(at + 1)];
}

/** The tighter of two lower bounds (undefined: none). */
function maxLower(a: SortBound | undefined, b: SortBound): SortBound {
  if (a === undefined || b.key > a.key) return b;
  if (b.key < a.key) return a;
  return { key: a.key, inclusive: a.inclusive && b.inclusive };
}

function minUpper(a: SortBound | undefined, b: SortBound): SortBound {
  if (a === undefined || b.key < a.key) return b;
  if (b.key > a.key) return a;
  return { key: a.key, inclusive: a.inclusive && b.inclusive };
}

function boundOperator(bound: SortBound | undefined, lower: boolean): string {
  if (bound === undefined) return '';
  if (lower) return bound.inclusive ? '>=' : '>';
  return bound.inclusive ? '<=' : '<';
}

type Row = [Buffer, Buffer, string, number];

export class SqliteStorage implements Storage {
  private readonly db: Database;
  private readonly spaceIds = new Map<SpaceName, number>();
  private readonly rangeStatements = new Map<string, Statement>();
  private readonly statements;
  private readonly writeBatch: (writes: readonly ItemWrite[]) => void;

  private constructor(private readonly opened: OpenedDatabase) {
    const db = opened.db;
    this.db = db;
    const prepare = (sql: string) => db.prepare(sql);
    this.statements = {
      tables: prepare('SELECT name, meta FROM tables'),
      saveTable: prepare('INSERT INTO tables (name, meta) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET meta = excluded.meta'),
      deleteTable: prepare('DELETE FROM tables WHERE name = ?'),
      spaceId: prepare('SELECT id FROM spaces WHERE tbl = ? AND idx = ?').pluck(),
      tableSpaceIds: prepare('SELECT id FROM spaces WHERE tbl = ?').pluck(),
      addSpace: prepare('INSERT INTO spaces (tbl, idx) VALUES (?, ?)'),
      deleteSpace: prepare('DELETE FROM spaces WHERE id = ?'),
      renameSpace: prepare('UPDATE spaces SET tbl = ?, idx = ? WHERE id = ?'),
      deleteSpaceItems: prepare('DELETE FROM items WHERE space = ?'),
      stats: prepare('SELECT item_count, size_bytes FROM spaces WHERE tbl = ? AND idx = ?').raw(),
      count: prepare('UPDATE spaces SET item_count = item_count + ?, size_bytes = size_bytes + ? WHERE id = ?'),
      get: prepare('SELECT item, size FROM items WHERE space = ? AND token = ? AND pk = ? AND sk = ?').raw(),
      sizeOf: prepare('SELECT size FROM items WHERE space = ? AND token = ? AND pk = ? AND sk = ?').pluck(),
      put: prepare(
        'INSERT INTO items (space, token, pk, sk, item, size) VALUES (?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT (space, token, pk, sk) DO UPDATE SET item = excluded.item, size = excluded.size',
      ),
      delete: prepare('DELETE FROM items WHERE space = ? AND token = ? AND pk = ? AND sk = ? RETURNING size').pluck(),
      scanFrom: prepare(
        'SELECT pk, sk, item, size FROM items WHERE space = ? AND token >= ? AND token < ? ORDER BY token, pk, sk LIMIT ?',
      ).raw(),
      scanAfter: prepare(
        'SELECT pk, sk, item, size FROM items WHERE space = ? AND (token, pk, sk) > (?, ?, ?) AND token < ? ' +
          'ORDER BY token, pk, sk LIMIT ?',
      ).raw(),
    };
    this.writeBatch = db.transaction((writes: readonly ItemWrite[]) => this.applyWrites(writes));
  }

  /** Opens (creating if needed) the data directory `dir`; refuses one another engine holds. */
  static open(dir: string, options: OpenOptions = {}): SqliteStorage {
    return new SqliteStorage(openDatabase(dir, options));
  }

  tables(): TableRecord[] {
    const rows = this.statements.tables.all() as { name: string; meta: string }[];
    return rows.map((row) => ({ name: row.name, meta: JSON.parse(row.meta) as unknown }));
  }

  saveTable(record: TableRecord): void {
    this.statements.saveTable.run(record.name, JSON.stringify(record.meta));
  }

  dropTable(name: string): void {
    this.atomic(() => {
      for (const id of this.statements.tableSpaceIds.all(name) as number[]) this.removeSpace(id);
      this.statements.deleteTable.run(name);
    });
    for (const space of [...this.spaceIds.keys()]) {
      if (splitSpace(space)[0] === name) this.spaceIds.delete(space);
    }
  }

  dropSpace(space: SpaceName): void {
    const id = this.findSpace(space);
    if (id === undefined) return;
    this.atomic(() => this.removeSpace(id));
    this.spaceIds.delete(space);
  }

  renameSpace(from: SpaceName, to: SpaceName): void {
    const id = this.findSpace(from);
    if (id === undefined) return;
    this.statements.renameSpace.run(...splitSpace(to), id);
    // Looked up again: a transaction around this that rolls back would leave a cached id wrong.
    this.spaceIds.delete(from);
    this.spaceIds.delete(to);
  }

  private removeSpace(id: number): void {
    this.statements.deleteSpaceItems.run(id);
    this.statements.deleteSpace.run(id);
  }

  private findSpace(space: SpaceName): number | undefined {
    const cached = this.spaceIds.get(space);
    if (cached !== undefined) return cached;
    const id = this.statements.spaceId.get(...splitSpace(space)) as number | undefined;
    if (id !== undefined) this.spaceIds.set(space, id);
    return id;
  }

  /** Inside a write transaction: the space's id, creating the space if needed. */
  private spaceForWrite(space: SpaceName): number {
    const found = this.findSpace(space);
    if (found !== undefined) return found;
    const id = Number(this.statements.addSpace.run(...splitSpace(space)).lastInsertRowid);
    this.spaceIds.set(space, id);
    return id;
  }

  get(space: SpaceName, partition: string, sort: string): StoredItem | undefined {
    const id = this.findSpace(space);
    if (id === undefined) return undefined;
    const row = this.statements.get.get(id, partitionToken(partition), bytes(partition), bytes(sort)) as
      | [string, number]
      | undefined;
    return row === undefined ? undefined : new JsonStoredItem(partition, sort, wireJsonOf(row[0]), row[1]);
  }

  private rangeStatement(lower: SortBound | undefined, upper: SortBound | undefined, forward: boolean): Statement {
    const lowerOp = boundOperator(lower, true);
    const upperOp = boundOperator(upper, false);
    const key = `${lowerOp}|${upperOp}|${forward ? 'asc' : 'desc'}`;
    let statement = this.rangeStatements.get(key);
    if (statement === undefined) {
      const conditions = ['space = ?', 'token = ?', 'pk = ?'];
      if (lowerOp) conditions.push(`sk ${lowerOp} ?`);
      if (upperOp) conditions.push(`sk ${upperOp} ?`);
      const sql = `SELECT sk, item, size FROM items WHERE ${conditions.join(' AND ')} ORDER BY sk ${forward ? 'ASC' : 'DESC'} LIMIT ?`;
      statement = this.db.prepare(sql).raw();
      this.rangeStatements.set(key, statement);
    }
    return statement;
  }

  *range(space: SpaceName, partition: string, range: SortRange, forward: boolean, after?: string): Generator<StoredItem> {
    const id = this.findSpace(space);
    if (id === undefined) return;
    let { lower, upper } = range;
    if (after !== undefined) {
      if (forward) lower = maxLower(lower, { key: after, inclusive: false });
      else upper = minUpper(upper, { key: after, inclusive: false });
    }
    const token = partitionToken(partition);
    const pk = bytes(partition);
    for (let chunk = FIRST_CHUNK; ; chunk = Math.min(chunk * 4, MAX_CHUNK)) {
      const params: unknown[] = [id, token, pk];
      if (lower) params.push(bytes(lower.key));
      if (upper) params.push(bytes(upper.key));
      params.push(chunk);
      const rows = this.rangeStatement(lower, upper, forward).all(...params) as [Buffer, string, number][];
      let last = '';
      for (const [sk, item, size] of rows) {
        last = keyOf(sk);
        yield new JsonStoredItem(partition, last, wireJsonOf(item), size);
      }
      if (rows.length < chunk) return;
      if (forward) lower = { key: last, inclusive: false };
      else upper = { key: last, inclusive: false };
    }
  }

  *scan(space: SpaceName, segment: { index: number; total: number }, after?: Position): Generator<StoredItem> {
    const id = this.findSpace(space);
    if (id === undefined) return;
    const { start, end } = segmentRange(segment.index, segment.total);
    // The resume point, as (token, pk, sk); before the segment it is the segment's start instead.
    let cursor: [number, Buffer, Buffer] | undefined;
    if (after !== undefined && partitionToken(after.partition) >= start) {
      cursor = [partitionToken(after.partition), bytes(after.partition), bytes(after.sort)];
    }
    for (let chunk = FIRST_CHUNK; ; chunk = Math.min(chunk * 4, MAX_CHUNK)) {
      const rows = (
        cursor === undefined
          ? this.statements.scanFrom.all(id, start, end, chunk)
          : this.statements.scanAfter.all(id, ...cursor, end, chunk)
      ) as Row[];
      for (const [pk, sk, item, size] of rows) {
        yield new JsonStoredItem(keyOf(pk), keyOf(sk), wireJsonOf(item), size);
      }
      if (rows.length < chunk) return;
      const [pk, sk] = rows[rows.length - 1]!;
      cursor = [partitionToken(keyOf(pk)), pk, sk];
    }
  }

  write(writes: readonly ItemWrite[]): void {
    try {
      this.writeBatch(writes);
    } catch (error) {
      // Spaces created by a rolled-back batch are gone: forget their ids.
      this.spaceIds.clear();
      throw error;
    }
  }

  private applyWrites(writes: readonly ItemWrite[]): void {
    const counts = new Map<number, { items: number; bytes: number }>();
    const tally = (id: number, items: number, size: number) => {
      const count = counts.get(id);
      if (count === undefined) counts.set(id, { items, bytes: size });
      else {
        count.items += items;
        count.bytes += size;
      }
    };
    const { sizeOf, put, delete: remove } = this.statements;
    for (const write of writes) {
      const token = partitionToken(write.partition);
      const pk = bytes(write.partition);
      const sk = bytes(write.sort);
      if (write.json === undefined && write.item === undefined) {
        const id = this.findSpace(write.space);
        if (id === undefined) continue;
        const removed = remove.get(id, token, pk, sk) as number | undefined;
        if (removed !== undefined) tally(id, -1, -removed);
        continue;
      }
      const id = this.spaceForWrite(write.space);
      const json = write.json;
      const size = write.size ?? 0;
      // A key known to be new (a stream record) replaces nothing: no lookup.
      const replaced = write.fresh === true ? undefined : (sizeOf.get(id, token, pk, sk) as number | undefined);
      put.run(id, token, pk, sk, json === undefined ? encodeItem(write.item!) : encodeWireJson(json), size);
      tally(id, replaced === undefined ? 1 : 0, size - (replaced ?? 0));
    }
    for (const [id, count] of counts) this.statements.count.run(count.items, count.bytes, id);
  }

  /** Runs `body` in one transaction (nested calls join it as savepoints): all of it or none. */
  atomic<T>(body: () => T): T {
    return this.db.transaction(body)();
  }

  stats(space: SpaceName): SpaceStats {
    const row = this.statements.stats.get(...splitSpace(space)) as [number, number] | undefined;
    return { itemCount: row?.[0] ?? 0, sizeBytes: row?.[1] ?? 0 };
  }

  close(): void {
    this.opened.close();
  }
}
