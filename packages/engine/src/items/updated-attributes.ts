/**
 * ReturnValues UPDATED_OLD / UPDATED_NEW. Measured on DynamoDB Local: for
 * every updated path that exists in the item (the old item for UPDATED_OLD,
 * the new one for UPDATED_NEW), the whole top-level attribute it falls in.
 * `SET m.x = :v` returns all of `m`; a path that did not exist before (or no
 * longer exists after a REMOVE) contributes nothing.
 */
import { resolvePath, type Item, type PathNode } from '@dynotable/core';

export function updatedAttributes(paths: readonly PathNode[], item: Item | undefined): Item {
  const attributes: Item = {};
  if (item === undefined) return attributes;
  for (const path of paths) {
    const first = path.elements[0];
    if (first?.type !== 'name' || Object.hasOwn(attributes, first.name)) continue;
    if (resolvePath(item, path) === undefined) continue;
    attributes[first.name] = item[first.name]!;
  }
  return attributes;
}
