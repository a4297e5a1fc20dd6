/**
 * Storage format 1 to 2: strings with a lone UTF-16 surrogate.
 *
 * Format 1 encoded key strings with TextEncoder, which writes a lone
 * surrogate as U+FFFD (EF BF BD). Format 2 encodes them as DynamoDB does,
 * each lone surrogate as the byte `?` (docs/strings.md, core's
 * values/strings.ts). So an item whose key attribute strings (or an index
 * entry whose index or table key strings) hold a lone surrogate sits, in a
 * format-1 file, where its own key no longer looks. This step moves exactly
 * those rows to the position the engine's key encoding gives them now: it
 * computes each candidate row's position as every write does (encodePosition
 * for a table's item, indexEntry for an index entry, per the table meta) and
 * moves the rows that are elsewhere. A row of a table or index the meta no
 * longer has, or whose key attributes do not fit its schema, is left as it
 * is. Sizes changed with the same rule (a lone surrogate counts 1 byte, not
 * 3, in any string or name of the item), so the rows holding one get their
 * size, and their space its size_bytes, recomputed as well. Item counts do not change:
 * every row moves to a place of its own, or the step refuses.
 *
 * Two rows can come to one position: `k\ud800` beside `k?` (format 1 kept
 * them apart, DynamoDB holds one item for both), or `k\ud800?` beside
 * `k?\ud800`. Which one DynamoDB would have kept cannot be known, so the step
 * keeps both by refusing: it throws a StorageFormatError naming the table and
 * the keys, before it writes anything, and the transaction the step runs in
 * (sqlite-schema.ts) leaves the file as it was.
 *
 * Speed: JSON.stringify writes a lone surrogate as a lowercase `\udXXX`
 * escape; a well-formed pair stays raw, and the only other `\u` escapes are
 * of control characters (`\u0000`..`\u001f`). Stored item text is
 * JSON.stringify's (item-codec.ts), so only rows whose text has `\ud8`..`\udf`
 * (either case) can be affected, and one GLOB over the text finds them
 * without decoding any other row: a database without such strings costs that
 * one pass (about 0.1 s for 200,000 items).
 */
import { itemSize, itemToWire, type Item } from '@dynotable/core';
import type { Database } from 'better-sqlite3';
import { indexEntry } from '../items/index-entries.js';
import { encodePosition, keyOf, type EncodedPosition } from '../items/keys.js';
import type { KeySchema, TableMeta } from '../tables/meta.js';
import { StorageFormatError } from './format-error.js';
import { itemFromWireJson, wireJsonOf } from './item-codec.js';
import { keyBlob } from './key-blob.js';
import { partitionToken } from './token.js';

/** Text that may hold a JSON escape of a surrogate (\uD800–\uDFFF), which only a lone one gets. */
const MAY_HOLD_LONE_SURROGATE = "i.item GLOB '*\\u[dD][89abcdefABCDEF]*'";

/** Conflicts named in the refusal; the rest are counted. */
const NAMED_CONFLICTS = 10;

interface Place {
  token: number;
  pk: Buffer;
  sk: Buffer;
}

/** A row to move, or (`to` undefined) only to resize. */
interface Change {
  space: number;
  table: string;
  index: string;
  keys: KeySchema;
  from: Place;
  to: Place | undefined;
  oldSize: number;
  size: number;
  /** A row that moves: its item (for the refusal's message) and its text as stored. */
  item?: Item;
  text?: string;
}

interface Row {
  space: number;
  tbl: string;
  idx: string;
  token: number;
  pk: Buffer;
  sk: Buffer;
  item: string;
  size: number;
}

function placeId(space: number, place: Place): string {
  return `${space}:${place.token}:${place.pk.toString('hex')}:${place.sk.toString('hex')}`;
}

function placeOf(position: EncodedPosition): Place {
  return { token: partitionToken(position.partition), pk: keyBlob(position.partition), sk: keyBlob(position.sort) };
}

function samePlace(a: Place, b: Place): boolean {
  return a.token === b.token && a.pk.equals(b.pk) && a.sk.equals(b.sk);
}

/** Where the engine puts this row now, or undefined when the row is not one the engine would have written (left alone). */
function currentPosition(table: TableMeta, index: string, item: Item): EncodedPosition | undefined {
  try {
    if (index === '') return encodePosition(table.keys, item);
    const meta = table.indexes.find((candidate) => candidate.name === index);
    return meta === undefined ? undefined : indexEntry(table, meta, item);
  } catch {
    // A key attribute missing or of another type: no position to compute.
    return undefined;
  }
}

function describeKey(keys: KeySchema, item: Item): string {
  try {
    return JSON.stringify(itemToWire(keyOf(keys, item)));
  } catch {
    return '(a key that cannot be read)';
  }
}

export function migrateToFormat2(db: Database, file: string): void {
  const tables = new Map<string, TableMeta>();
  for (const row of db.prepare('SELECT name, meta FROM tables').all() as { name: string; meta: string }[]) {
    tables.set(row.name, JSON.parse(row.meta) as TableMeta);
  }
  const candidates = db.prepare(
    'SELECT i.space AS space, s.tbl AS tbl, s.idx AS idx, i.token AS token, i.pk AS pk, i.sk AS sk, i.item AS item, i.size AS size ' +
      `FROM items i JOIN spaces s ON s.id = i.space WHERE ${MAY_HOLD_LONE_SURROGATE}`,
  );
  const changes: Change[] = [];
  for (const row of candidates.iterate() as IterableIterator<Row>) {
    const table = tables.get(row.tbl);
    if (table === undefined) continue;
    const item = itemFromWireJson(wireJsonOf(row.item));
    const position = currentPosition(table, row.idx, item);
    if (position === undefined) continue;
    const from: Place = { token: row.token, pk: row.pk, sk: row.sk };
    const at = placeOf(position);
    const to = samePlace(from, at) ? undefined : at;
    const size = itemSize(item);
    if (to === undefined && size === row.size) continue;
    const moving = to === undefined ? {} : { item, text: row.item };
    changes.push({ space: row.space, table: row.tbl, index: row.idx, keys: table.keys, from, to, oldSize: row.size, size, ...moving });
  }
  if (changes.length === 0) return;

  refuseConflicts(db, file, changes);

  const remove = db.prepare('DELETE FROM items WHERE space = ? AND token = ? AND pk = ? AND sk = ?');
  const insert = db.prepare('INSERT INTO items (space, token, pk, sk, item, size) VALUES (?, ?, ?, ?, ?, ?)');
  const resize = db.prepare('UPDATE items SET size = ? WHERE space = ? AND token = ? AND pk = ? AND sk = ?');
  const addBytes = db.prepare('UPDATE spaces SET size_bytes = size_bytes + ? WHERE id = ?');
  // Every row leaves before any arrives: one may move into the place another leaves.
  for (const change of changes) {
    if (change.to !== undefined) remove.run(change.space, change.from.token, change.from.pk, change.from.sk);
  }
  const sizeChanges = new Map<number, number>();
  for (const change of changes) {
    if (change.to !== undefined) insert.run(change.space, change.to.token, change.to.pk, change.to.sk, change.text, change.size);
    else resize.run(change.size, change.space, change.from.token, change.from.pk, change.from.sk);
    sizeChanges.set(change.space, (sizeChanges.get(change.space) ?? 0) + change.size - change.oldSize);
  }
  for (const [space, delta] of sizeChanges) if (delta !== 0) addBytes.run(delta, space);
}

/**
 * Throws, before anything is written, when a row would move onto a row that
 * stays or onto another moving row. An index entry collides only where its
 * table's items do, so index conflicts are named only for a table without
 * any of its own (a file whose index disagrees with its table).
 */
function refuseConflicts(db: Database, file: string, changes: readonly Change[]): void {
  const leaving = new Set<string>();
  for (const change of changes) if (change.to !== undefined) leaving.add(placeId(change.space, change.from));
  const arriving = new Map<string, Change>();
  const occupant = db.prepare('SELECT item FROM items WHERE space = ? AND token = ? AND pk = ? AND sk = ?').pluck();
  const conflicts: { table: string; index: string; keys: [string, string] }[] = [];
  for (const change of changes) {
    if (change.to === undefined) continue;
    const target = placeId(change.space, change.to);
    const earlier = arriving.get(target);
    let other: Item | undefined;
    if (earlier !== undefined) other = earlier.item!;
    else {
      arriving.set(target, change);
      if (leaving.has(target)) continue;
      const text = occupant.get(change.space, change.to.token, change.to.pk, change.to.sk) as string | undefined;
      if (text !== undefined) other = itemFromWireJson(wireJsonOf(text));
    }
    if (other === undefined) continue;
    const keys = [describeKey(change.keys, other), describeKey(change.keys, change.item!)].sort() as [string, string];
    conflicts.push({ table: change.table, index: change.index, keys });
  }
  if (conflicts.length === 0) return;
  const tablesWithConflicts = new Set(conflicts.filter((conflict) => conflict.index === '').map((conflict) => conflict.table));
  const named = conflicts
    .filter((conflict) => conflict.index === '' || !tablesWithConflicts.has(conflict.table))
    .map((conflict) => ({ ...conflict, order: `${conflict.table}\u0000${conflict.index}\u0000${conflict.keys.join('\u0000')}` }))
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const lines = named.slice(0, NAMED_CONFLICTS).map(({ table, index, keys }) => {
    const where = index === '' ? `table ${table}` : `index ${index} of table ${table}`;
    return `  ${where}: the items with keys ${keys[0]} and ${keys[1]}`;
  });
  if (named.length > NAMED_CONFLICTS) lines.push(`  and ${named.length - NAMED_CONFLICTS} more`);
  throw new StorageFormatError(
    `${file} uses storage format 1, which cannot be migrated to format 2 as it is: ` +
      `${named.length === 1 ? 'two items have' : 'these pairs of items have'} one key now, because a lone surrogate in a key ` +
      'is the byte ? as in DynamoDB (see docs/strings.md), and a table holds one item per key:\n' +
      `${lines.join('\n')}\n` +
      'Nothing was changed. Open the data directory with the DynoTable version that wrote it, delete one item of each pair ' +
      '(or put it again under another key first), then open it with this version again.',
  );
}
