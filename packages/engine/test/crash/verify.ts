/**
 * The checks after each restart: every key holds its last acknowledged value
 * (or, for the write in flight at the kill, either value, but whole), no
 * transaction is half applied, nothing appears that no client wrote, and every
 * secondary index holds exactly what its table's items project into it.
 */
import { canonicalItem, keyId, toJson } from './canonical.js';
import type { Item } from './canonical.js';
import { compareEntries, expectedIndexEntries } from './expected-index.js';
import type { KeyState, Model, Write } from './model.js';
import type { TableDef } from './schema.js';

/** Everything read back after a restart. */
export interface Snapshot {
  /** Every item of each table, by table name. */
  tables: Map<string, Item[]>;
  /** Every entry of each index, by `table/index`. */
  indexes: Map<string, Item[]>;
}

export interface VerifyTotals {
  keysChecked: number;
  indexEntriesChecked: number;
  inFlightWrites: number;
  inFlightApplied: number;
  inFlightNotApplied: number;
}

const SHOWN = 5;

function describeWrite(write: Write, model: Model): string {
  const acknowledged = model.acknowledged.get(write.id);
  const response = acknowledged === undefined ? 'none (in flight at a kill)' : toJson(acknowledged.response);
  return `${write.kind} ${write.id} sent in lifecycle ${write.lifecycle}\n    request:  ${toJson(write.request)}\n    response: ${response}`;
}

function describeHistory(state: KeyState): string {
  if (state.history.length === 0) return 'never written';
  return state.history.map((h) => `${h.write} (lifecycle ${h.lifecycle}, ${h.how}): ${h.value}`).join('\n      ');
}

function lastWrite(state: KeyState, model: Model): string {
  const last = state.history.at(-1);
  const write = last === undefined ? undefined : model.acknowledged.get(last.write)?.write;
  return write === undefined ? '' : `\n  last acknowledged write: ${describeWrite(write, model)}`;
}

function tableItems(snapshot: Snapshot, table: TableDef): Item[] {
  return snapshot.tables.get(table.name) ?? [];
}

export function verifySnapshot(model: Model, tables: readonly TableDef[], snapshot: Snapshot, kill: number): { failures: string[]; totals: VerifyTotals } {
  const failures: string[] = [];
  const totals: VerifyTotals = { keysChecked: 0, indexEntriesChecked: 0, inFlightWrites: 0, inFlightApplied: 0, inFlightNotApplied: 0 };
  const found = new Map<string, Item>();
  for (const table of tables) {
    for (const item of tableItems(snapshot, table)) {
      const id = keyId(table, item);
      if (!model.keys.has(id)) failures.push(`after kill #${kill}: an item no client wrote\n  key:    ${id}\n  actual: ${canonicalItem(item)}`);
      found.set(id, item);
    }
  }

  for (const write of model.pendingWrites()) {
    totals.inFlightWrites++;
    const applied: string[] = [];
    const notApplied: string[] = [];
    for (const change of write.changes) {
      const actual = canonicalItem(found.get(change.keyId));
      const before = canonicalItem(change.before);
      const after = write.expectApplied ? canonicalItem(change.after) : before;
      if (actual === after && actual !== before) applied.push(change.keyId);
      else if (actual === before && actual !== after) notApplied.push(change.keyId);
      else if (actual !== before) {
        failures.push(
          `after kill #${kill}: the write in flight left a value that is neither before nor after it\n` +
            `  key:      ${change.keyId}\n  before:   ${before}\n  after:    ${after}\n  actual:   ${actual}\n` +
            `  write:    ${describeWrite(write, model)}`,
        );
      }
    }
    if (write.atomic && applied.length > 0 && notApplied.length > 0) {
      failures.push(
        `after kill #${kill}: half ${write.kind === 'TransactWriteItems' ? 'transaction' : 'write'} ${write.id}` +
          ` (marker ${write.id}): applied to ${applied.length} of ${applied.length + notApplied.length} items\n` +
          `  applied:     ${applied.join('; ')}\n  not applied: ${notApplied.join('; ')}\n  write: ${describeWrite(write, model)}`,
      );
    }
    if (applied.length > 0) totals.inFlightApplied++;
    else totals.inFlightNotApplied++;
    for (const change of write.changes) {
      const state = model.state(change.keyId);
      model.resolve(state, found.get(change.keyId), applied.includes(change.keyId));
    }
  }

  for (const state of model.keys.values()) {
    totals.keysChecked++;
    const expected = canonicalItem(state.value);
    const actual = canonicalItem(found.get(state.keyId));
    if (expected === actual) continue;
    failures.push(
      `after kill #${kill}: ${state.value === undefined ? 'a deleted item is back' : 'an acknowledged write is lost'}\n` +
        `  key:      ${state.keyId}\n  expected: ${expected}\n  actual:   ${actual}\n` +
        `  history (oldest first):\n      ${describeHistory(state)}${lastWrite(state, model)}`,
    );
  }

  for (const table of tables) {
    const items = tableItems(snapshot, table);
    for (const index of table.indexes) {
      const name = `${table.name}/${index.name}`;
      const actual = (snapshot.indexes.get(name) ?? []).map((entry) => canonicalItem(entry)).sort();
      const expected = expectedIndexEntries(table, index, items);
      totals.indexEntriesChecked += actual.length;
      const { missing, unexpected } = compareEntries(expected, actual);
      if (missing.length === 0 && unexpected.length === 0) continue;
      failures.push(
        `after kill #${kill}: index ${name} disagrees with its table ` +
          `(${expected.length} entries expected, ${actual.length} found)\n` +
          `  missing (${missing.length}):    ${missing.slice(0, SHOWN).join('\n                 ')}\n` +
          `  unexpected (${unexpected.length}): ${unexpected.slice(0, SHOWN).join('\n                 ')}`,
      );
    }
  }
  return { failures, totals };
}
