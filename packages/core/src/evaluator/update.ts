/**
 * Applies an UpdateExpression to an item. DynamoDB evaluates every operand on
 * the item as it was before the update (`SET a = b, b = a` swaps), then writes
 * SET, ADD and DELETE, then removes (REMOVE, and sets DELETE emptied). List
 * indexes in every clause name positions of the original list.
 */
import type { PathNode, UpdateNode } from '../expressions/ast.js';
import type { AttributeValue, Item } from '../values/types.js';
import { applyArithmetic } from './arithmetic.js';
import { cloneItem } from './canonical.js';
import { locateSlot } from './document.js';
import type { Slot } from './document.js';
import { incorrectOperandType } from './messages.js';
import { reportOrder } from './action-order.js';
import { compareRemoveOrder, compareWriteOrder } from './path-order.js';
import { isSet, subtractSets, unionSets } from './sets.js';
import { evaluateUpdateOperand } from './update-operand.js';

export interface UpdateResult {
  /** The item after the update: a new object sharing nothing with the input. */
  item: Item;
  /** The target path of every action, in clause order SET, REMOVE, ADD, DELETE. */
  updatedPaths: PathNode[];
  /**
   * The top-level attributes those paths fall in, without duplicates. DynamoDB
   * Local's UPDATED_OLD / UPDATED_NEW return these attributes whole (for
   * `SET m.x = :v` the whole of `m`), taken from the old or the new item.
   */
  updatedAttributeNames: string[];
}

interface Write {
  path: PathNode;
  apply(slot: Slot, scheduleRemoval: (path: PathNode) => void): void;
}

/** Returns the updated item; the input item and the tree are left untouched. */
export function applyUpdate(update: UpdateNode, item: Item | undefined): Item {
  return applyUpdateDetailed(update, item).item;
}

export function applyUpdateDetailed(update: UpdateNode, item: Item | undefined): UpdateResult {
  const writes = collectWrites(update, item);
  const result = item === undefined ? {} : cloneItem(item);
  const removals = [...update.remove];
  for (const write of writes.sort((a, b) => compareWriteOrder(a.path, b.path))) {
    write.apply(locateSlot(result, write.path), (path) => removals.push(path));
  }
  for (const path of removals.sort(compareRemoveOrder)) locateSlot(result, path).remove();
  const updatedPaths = [...update.set.map((a) => a.path), ...update.remove, ...update.add.map((a) => a.path), ...update.delete.map((a) => a.path)];
  return { item: result, updatedPaths, updatedAttributeNames: topLevelNames(updatedPaths) };
}

/**
 * Checks every action and evaluates every operand first, on the original
 * item: the target path's parent, then the operand, then (ADD, DELETE) the
 * type against the current value. When several actions fail, the one
 * DynamoDB reports is the first in reportOrder.
 */
function collectWrites(update: UpdateNode, item: Item | undefined): Write[] {
  const original = item ?? {};
  const prepare: { path: PathNode; write(): Write | undefined }[] = [
    ...update.set.map((action) => ({
      path: action.path,
      write: (): Write => {
        locateSlot(original, action.path);
        const value = evaluateUpdateOperand(action.value, item);
        return { path: action.path, apply: (slot) => slot.set(value) };
      },
    })),
    ...update.remove.map((path) => ({
      path,
      write: () => {
        locateSlot(original, path);
        return undefined;
      },
    })),
    ...update.add.map((action) => ({
      path: action.path,
      write: (): Write => {
        const current = locateSlot(original, action.path).get();
        const value = addTo(current, evaluateUpdateOperand(action.value, item));
        return { path: action.path, apply: (slot) => slot.set(value) };
      },
    })),
    ...update.delete.map((action) => ({
      path: action.path,
      write: (): Write | undefined => {
        const current = locateSlot(original, action.path).get();
        const value = evaluateUpdateOperand(action.value, item);
        if (!isSet(value)) throw incorrectOperandType();
        if (current === undefined) return undefined;
        const remaining = subtractSets(current, value);
        return {
          path: action.path,
          apply: (slot, scheduleRemoval) => {
            if (remaining === undefined) scheduleRemoval(action.path);
            else slot.set(remaining);
          },
        };
      },
    })),
  ];
  const writes: Write[] = [];
  for (const index of reportOrder(prepare.map((action) => action.path))) {
    const write = prepare[index]?.write();
    if (write) writes.push(write);
  }
  return writes;
}

/** ADD: a number adds (a missing attribute counts as 0), a set joins; nothing else. */
function addTo(current: AttributeValue | undefined, value: AttributeValue): AttributeValue {
  if ('N' in value) {
    if (current === undefined) return value;
    if ('N' in current) return { N: applyArithmetic('+', current.N, value.N) };
    throw incorrectOperandType();
  }
  if (!isSet(value)) throw incorrectOperandType();
  return current === undefined ? value : unionSets(current, value);
}

function topLevelNames(paths: readonly PathNode[]): string[] {
  const names = new Set<string>();
  for (const path of paths) {
    const first = path.elements[0];
    if (first?.type === 'name') names.add(first.name);
  }
  return [...names];
}
