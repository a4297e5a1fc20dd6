/**
 * Applies a ProjectionExpression. Nested paths keep their nesting: `a.b[1]` on
 * {a:{b:[x,y,z],c}} gives {a:{b:[y]}}. Several indexes of one list keep the
 * list's order, and a path that finds nothing adds nothing (not even an empty
 * parent map).
 */
import type { PathElement, ProjectionNode } from '../expressions/ast.js';
import type { AttributeValue, Item } from '../values/types.js';
import { cloneValue } from './canonical.js';
import { ownEntry, step, writeEntry } from './path.js';

/** A partial copy of the item: leaves found, and the containers leading to them. */
type Projected =
  | { kind: 'leaf'; value: AttributeValue }
  | { kind: 'map'; entries: Map<string, Projected> }
  | { kind: 'list'; entries: Map<number, Projected> };

export function projectItem(projection: ProjectionNode, item: Item): Item {
  const root = new Map<string, Projected>();
  for (const path of projection.paths) {
    const [first, ...rest] = path.elements;
    if (first?.type !== 'name') continue;
    const start = ownEntry(item, first.name);
    if (start === undefined) continue;
    const branch = project(start, rest);
    if (branch !== undefined) root.set(first.name, merge(root.get(first.name), branch));
  }
  const result: Item = {};
  for (const [name, projected] of root) writeEntry(result, name, materialize(projected));
  return result;
}

/** The projection of one path below `value`, or undefined when the path finds nothing. */
function project(value: AttributeValue, rest: readonly PathElement[]): Projected | undefined {
  const [next, ...remaining] = rest;
  if (next === undefined) return { kind: 'leaf', value };
  const child = step(value, next);
  if (child === undefined) return undefined;
  const below = project(child, remaining);
  if (below === undefined) return undefined;
  return next.type === 'name'
    ? { kind: 'map', entries: new Map([[next.name, below]]) }
    : { kind: 'list', entries: new Map([[next.index, below]]) };
}

function merge(existing: Projected | undefined, added: Projected): Projected {
  if (existing === undefined || existing.kind === 'leaf') return existing ?? added;
  if (added.kind === 'leaf') return added;
  if (existing.kind === 'map' && added.kind === 'map') {
    const entries = new Map(existing.entries);
    for (const [key, value] of added.entries) entries.set(key, merge(entries.get(key), value));
    return { kind: 'map', entries };
  }
  if (existing.kind === 'list' && added.kind === 'list') {
    const entries = new Map(existing.entries);
    for (const [index, value] of added.entries) entries.set(index, merge(entries.get(index), value));
    return { kind: 'list', entries };
  }
  return existing;
}

function materialize(projected: Projected): AttributeValue {
  switch (projected.kind) {
    case 'leaf':
      return cloneValue(projected.value);
    case 'map': {
      const map: Record<string, AttributeValue> = {};
      for (const [key, value] of projected.entries) writeEntry(map, key, materialize(value));
      return { M: map };
    }
    case 'list':
      return { L: [...projected.entries].sort(([a], [b]) => a - b).map(([, value]) => materialize(value)) };
  }
}
