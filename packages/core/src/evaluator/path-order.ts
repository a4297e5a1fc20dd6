/**
 * The order in which update actions touch the item. Paths in one update never
 * overlap, so only list indexes interact: writes go in ascending index order
 * (SET l[10], l[7] on a 3-element list appends l[7]'s value first) and removals
 * in descending order (REMOVE l[0], l[2] removes both original elements).
 */
import type { PathElement, PathNode } from '../expressions/ast.js';

export function compareWriteOrder(a: PathNode, b: PathNode): number {
  return comparePaths(a.elements, b.elements, 1);
}

export function compareRemoveOrder(a: PathNode, b: PathNode): number {
  return comparePaths(a.elements, b.elements, -1);
}

function comparePaths(a: readonly PathElement[], b: readonly PathElement[], indexDirection: 1 | -1): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.type === 'index' && y.type === 'index') {
      if (x.index !== y.index) return (x.index - y.index) * indexDirection;
    } else if (x.type === 'name' && y.type === 'name') {
      if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    } else {
      return x.type === 'name' ? -1 : 1;
    }
  }
  return a.length - b.length;
}
