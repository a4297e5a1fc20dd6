/**
 * What undoing one journaled operation takes, item by item: the items are read
 * as they are now, and each is either still as the write left it (it will be
 * reverted with a guarded write), already as before (nothing to do), or
 * changed since (the undo is refused for it).
 */
import { itemFromWire, printCondition, type Item, type WireItem } from '@dynotable/core';
import { describeKey, howItChanged, sameItem } from './describe.js';
import { absentGuard, equalsGuard, type GuardKind } from './guard.js';
import { keyId } from './read-items.js';
import type { ItemChange } from './types.js';

type ItemVerdict = 'revert' | 'already-reverted' | 'changed-since';

/** One write of the undo in the SDK's TransactWriteItems shape (Put or Delete). */
export type UndoAction = { Put: Record<string, unknown> } | { Delete: Record<string, unknown> };

export interface PlannedItem {
  readonly change: ItemChange;
  readonly verdict: ItemVerdict;
  /** changed-since: why, naming the item. */
  readonly reason?: string;
  /** revert: the writes (two for a move: delete at the new key, put back at the old one). */
  readonly actions: UndoAction[];
  readonly guard?: GuardKind;
}

/** The keys to read: where each item is now, and for a move also where it was. */
export function keysToRead(changes: readonly ItemChange[]): Item[] {
  return changes.flatMap((change) => (change.newKey === undefined ? [itemFromWire(change.key)] : [itemFromWire(change.newKey), itemFromWire(change.key)]));
}

function conditionFields(condition: ReturnType<typeof equalsGuard>['condition']): Record<string, unknown> {
  return { ...printCondition(condition) };
}

function actionsFor(table: string, change: ItemChange, keyNames: readonly string[]): { actions: UndoAction[]; guard: GuardKind } {
  const before = change.before === null ? null : itemFromWire(change.before);
  const after = change.after === null ? null : itemFromWire(change.after);
  const keyName = keyNames[0]!;
  if (change.newKey !== undefined) {
    // A move: take the item away from its new key (if unchanged) and put the old one back (if its key is still free).
    const guard = equalsGuard(after!, before, keyNames);
    return {
      guard: guard.kind,
      actions: [
        { Delete: { TableName: table, Key: itemFromWire(change.newKey), ...conditionFields(guard.condition) } },
        { Put: { TableName: table, Item: before!, ...conditionFields(absentGuard(keyName).condition) } },
      ],
    };
  }
  const guard = after === null ? absentGuard(keyName) : equalsGuard(after, before, keyNames);
  const action: UndoAction =
    before === null
      ? { Delete: { TableName: table, Key: itemFromWire(change.key), ...conditionFields(guard.condition) } }
      : { Put: { TableName: table, Item: before, ...conditionFields(guard.condition) } };
  return { actions: [action], guard: guard.kind };
}

function verdictOf(change: ItemChange, current: (key: WireItem) => Item | undefined): { verdict: ItemVerdict; reason?: string } {
  const named = describeKey(change.newKey ?? change.key);
  if (change.newKey === undefined) {
    const now = current(change.key);
    if (sameItem(now, change.after)) return { verdict: 'revert' };
    if (sameItem(now, change.before)) return { verdict: 'already-reverted' };
    return { verdict: 'changed-since', reason: `the item ${named}: ${howItChanged(now, change.after)}` };
  }
  const atNew = current(change.newKey);
  const atOld = current(change.key);
  if (sameItem(atNew, change.after) && atOld === undefined) return { verdict: 'revert' };
  if (atNew === undefined && sameItem(atOld, change.before)) return { verdict: 'already-reverted' };
  if (!sameItem(atNew, change.after)) return { verdict: 'changed-since', reason: `the moved item ${named}: ${howItChanged(atNew, change.after)}` };
  return { verdict: 'changed-since', reason: `the old key ${describeKey(change.key)} is taken again by another item` };
}

/**
 * A key written more than once by one operation (an import that meets a key
 * twice, in two batches): its changes chained into one, from the first image
 * before to whichever of the written items the key holds now. Each batch was
 * journaled before it was sent, so the key may hold any of them (a later
 * batch never landed) or still its first image (none landed).
 */
function chained(changes: readonly ItemChange[], now: Item | undefined): ItemChange {
  const first = changes[0]!;
  const last = changes[changes.length - 1]!;
  const held = [...changes].reverse().find((change) => sameItem(now, change.after));
  return { key: first.key, before: first.before, after: (held ?? last).after };
}

export function planUndo(table: string, keyNames: readonly string[], changes: readonly ItemChange[], items: ReadonlyMap<string, Item>): PlannedItem[] {
  const current = (key: WireItem) => items.get(keyId(itemFromWire(key), keyNames));
  // Changes of one key (not moves) in the order they were made, undone as one.
  const byKey = new Map<string, ItemChange[]>();
  const order: (ItemChange | ItemChange[])[] = [];
  for (const change of changes) {
    if (change.newKey !== undefined) {
      order.push(change);
      continue;
    }
    const id = keyId(itemFromWire(change.key), keyNames);
    const known = byKey.get(id);
    if (known !== undefined) known.push(change);
    else {
      const group = [change];
      byKey.set(id, group);
      order.push(group);
    }
  }
  return order.map((entry) => {
    const change = !Array.isArray(entry) ? entry : entry.length === 1 ? entry[0]! : chained(entry, current(entry[0]!.key));
    const { verdict, reason } = verdictOf(change, current);
    if (verdict !== 'revert') return { change, verdict, actions: [], ...(reason !== undefined ? { reason } : {}) };
    const { actions, guard } = actionsFor(table, change, keyNames);
    return { change, verdict, actions, guard };
  });
}

/** The change the undo itself makes, recorded so the undo can be undone too. */
export function reverseChange(change: ItemChange): ItemChange {
  return change.newKey === undefined
    ? { key: change.key, before: change.after, after: change.before }
    : { key: change.newKey, newKey: change.key, before: change.after, after: change.before };
}
