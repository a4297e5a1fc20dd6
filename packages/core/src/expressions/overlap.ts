/**
 * Update targets and projected paths must neither overlap (`a`, `a.b`) nor
 * conflict (`a.b`, `a[0]`).
 *
 * DynamoDB Local reads the paths last to first into a tree and stops at the
 * first clash. It names the path being read as "path one" and, as "path two",
 * the path that created the last child (in Java HashMap order) of the tree
 * node where the clash showed; that is reproduced here, so the messages mostly
 * match. Some of Local's "path two" choices fit no rule found (`a, a, a.b, #n[1]`
 * with #n = name names [a, b], `a, a, a.b, c` names [c]); those stay as they are.
 */
import type { PathElement, PathNode } from './ast.js';
import { messages } from './messages.js';
import type { Parser } from './parser.js';

interface TreeNode {
  /** The path that created this node. */
  creator: PathNode;
  /** Some path ends here. */
  terminal: boolean;
  children: Map<string, TreeNode>;
  /** Kind of the children's elements, once there are any. */
  childKind: PathElement['type'] | undefined;
}

/** `locations` holds the start and end offset of each path. */
export function checkPathsApart(p: Parser, paths: PathNode[], locations: number[]): void {
  const root = newNode(paths[0]!);
  for (let i = paths.length - 1; i >= 0; i--) {
    const clash = insert(root, paths[i]!);
    if (clash !== undefined) {
      p.deferOnTarget(i, 2, clash, locations[2 * i]!, locations[2 * i + 1]!);
      return;
    }
  }
}

function newNode(creator: PathNode): TreeNode {
  return { creator, terminal: false, children: new Map(), childKind: undefined };
}

/** Adds `path`; returns DynamoDB's message if it clashes with a path already there. */
function insert(root: TreeNode, path: PathNode): string | undefined {
  let parent = root;
  const last = path.elements.length - 1;
  for (let i = 0; i <= last; i++) {
    const element = path.elements[i]!;
    const key = element.type === 'name' ? element.name : `[${element.index}]`;
    let node = parent.children.get(key);
    if (node === undefined) {
      if (parent.childKind !== undefined && parent.childKind !== element.type) {
        return messages.conflict(path, lastChild(parent).creator);
      }
      node = newNode(path);
      parent.children.set(key, node);
      parent.childKind = element.type;
    } else if (node.terminal || (i === last && node.children.size > 0)) {
      return messages.overlap(path, lastChild(parent).creator);
    }
    if (i === last) node.terminal = true;
    parent = node;
  }
  return undefined;
}

/** The child a Java HashMap<String, ...> would iterate last: highest bucket, then latest added. */
function lastChild(node: TreeNode): TreeNode {
  const capacity = hashMapCapacity(node.children.size);
  let best: TreeNode | undefined;
  let bestBucket = -1;
  for (const [key, child] of node.children) {
    const bucket = spread(javaHashCode(key)) & (capacity - 1);
    if (bucket >= bestBucket) {
      bestBucket = bucket;
      best = child;
    }
  }
  return best!;
}

/** Table size of a HashMap holding `size` entries: 16, doubled whenever size exceeds 3/4 of it. */
function hashMapCapacity(size: number): number {
  let capacity = 16;
  while (size > capacity * 0.75) capacity *= 2;
  return capacity;
}

function spread(hash: number): number {
  return hash ^ (hash >>> 16);
}

/** Java's String.hashCode over UTF-16 units. List indexes are keyed by their `[n]` text, a guess. */
function javaHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}
