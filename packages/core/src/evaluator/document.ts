/**
 * Where an update action writes: the container that holds the last step of its
 * path. The path up to that step must exist and be a map (for a name) or a list
 * (for an index), otherwise DynamoDB refuses the path, even for REMOVE. The
 * item passed in is a private copy that these slots mutate.
 */
import type { PathNode } from '../expressions/ast.js';
import type { AttributeValue, Item } from '../values/types.js';
import { invalidUpdatePath } from './messages.js';
import { ownEntry, resolveElements, writeEntry } from './path.js';

export interface Slot {
  /** The value there now, if any. */
  get(): AttributeValue | undefined;
  /** Replaces the value, or appends when a list index is past the end. */
  set(value: AttributeValue): void;
  /** Deletes the value; later list elements shift left. Nothing there is fine. */
  remove(): void;
}

export function locateSlot(item: Item, path: PathNode): Slot {
  const last = path.elements[path.elements.length - 1];
  if (last === undefined) throw invalidUpdatePath();
  if (path.elements.length === 1) {
    if (last.type !== 'name') throw invalidUpdatePath();
    return mapSlot(item, last.name);
  }
  const parent = resolveElements(item, path.elements.slice(0, -1));
  if (parent === undefined) throw invalidUpdatePath();
  if (last.type === 'name' && 'M' in parent) return mapSlot(parent.M, last.name);
  if (last.type === 'index' && 'L' in parent) return listSlot(parent.L, last.index);
  throw invalidUpdatePath();
}

function mapSlot(map: Record<string, AttributeValue>, key: string): Slot {
  return {
    get: () => ownEntry(map, key),
    set: (value) => writeEntry(map, key, value),
    remove: () => {
      delete map[key];
    },
  };
}

function listSlot(list: AttributeValue[], index: number): Slot {
  return {
    get: () => list[index],
    set: (value) => {
      if (index < list.length) list[index] = value;
      else list.push(value);
    },
    remove: () => {
      if (index < list.length) list.splice(index, 1);
    },
  };
}
