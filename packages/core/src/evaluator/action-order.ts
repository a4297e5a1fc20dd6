/**
 * The order in which DynamoDB Local checks the actions of an update, which
 * decides the error reported when several actions fail. Observed: the target
 * paths form a tree (one level per path element), each level a Java HashMap
 * filled in clause order; DynamoDB Local walks the tree depth first and
 * reports the error of the last failing action it meets. A HashMap iterates
 * bucket by bucket (the low bits of the hash, over a table of 16 entries
 * doubled past 3/4 full), in insertion order within a bucket. This model
 * fits every case observed with one-letter names and some longer ones, not
 * all: see the update error-order tests.
 */
import type { PathElement, PathNode } from '../expressions/ast.js';

const INITIAL_CAPACITY = 16;
const LOAD_FACTOR = 0.75;

interface TreeNode {
  children: Map<string, { hash: number; node: TreeNode }>;
  actions: number[];
}

/** The paths' indexes in the order their failures are reported: the reported one first. */
export function reportOrder(paths: readonly PathNode[]): number[] {
  const root: TreeNode = { children: new Map(), actions: [] };
  paths.forEach((path, index) => {
    let node = root;
    for (const element of path.elements) {
      const key = elementKey(element);
      let child = node.children.get(key);
      if (!child) {
        child = { hash: elementHash(element), node: { children: new Map(), actions: [] } };
        node.children.set(key, child);
      }
      node = child.node;
    }
    node.actions.push(index);
  });
  const walk: number[] = [];
  visit(root, walk);
  return walk.reverse();
}

function visit(node: TreeNode, walk: number[]): void {
  walk.push(...node.actions);
  const children = [...node.children.values()];
  const capacity = tableCapacity(children.length);
  const buckets = children.map((child) => bucketOf(child.hash, capacity));
  const order = children.map((_, i) => i).sort((a, b) => (buckets[a] ?? 0) - (buckets[b] ?? 0) || a - b);
  for (const i of order) {
    const child = children[i];
    if (child) visit(child.node, walk);
  }
}

function elementKey(element: PathElement): string {
  return element.type === 'name' ? `.${element.name}` : `[${element.index}]`;
}

/** A name hashes as a Java String; an index as a Java Integer (assumed: not observed). */
function elementHash(element: PathElement): number {
  return element.type === 'name' ? javaStringHash(element.name) : element.index | 0;
}

function tableCapacity(size: number): number {
  let capacity = INITIAL_CAPACITY;
  while (size > capacity * LOAD_FACTOR) capacity *= 2;
  return capacity;
}

function bucketOf(hash: number, capacity: number): number {
  return hash & (capacity - 1);
}

/** Java's String.hashCode: over UTF-16 code units, in 32-bit arithmetic. */
function javaStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}
