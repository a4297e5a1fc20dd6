/** Reads a document path (`a.b[0].c`) out of an item. */
import type { PathElement, PathNode } from '../expressions/ast.js';
import type { AttributeValue, Item } from '../values/types.js';

/**
 * The value at `path`, or undefined when any step is missing or steps into the
 * wrong kind of value (a name into a non-map, an index into a non-list).
 */
export function resolvePath(item: Item | undefined, path: PathNode): AttributeValue | undefined {
  return resolveElements(item, path.elements);
}

export function resolveElements(item: Item | undefined, elements: readonly PathElement[]): AttributeValue | undefined {
  const [first, ...rest] = elements;
  if (item === undefined || first?.type !== 'name') return undefined;
  let current: AttributeValue | undefined = ownEntry(item, first.name);
  for (const element of rest) {
    if (current === undefined) return undefined;
    current = step(current, element);
  }
  return current;
}

/** One dereference step, or undefined when it does not apply to the value. */
export function step(value: AttributeValue, element: PathElement): AttributeValue | undefined {
  if (element.type === 'name') return 'M' in value ? ownEntry(value.M, element.name) : undefined;
  return 'L' in value ? value.L[element.index] : undefined;
}

/** A map lookup that ignores inherited properties such as `constructor`. */
export function ownEntry(map: Record<string, AttributeValue>, key: string): AttributeValue | undefined {
  return Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

/** Sets a map entry as an own property, so even a key named `__proto__` is plain data. */
export function writeEntry(map: Record<string, AttributeValue>, key: string, value: AttributeValue): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}
