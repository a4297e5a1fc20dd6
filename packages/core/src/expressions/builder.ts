/**
 * A small typed builder for programs; it produces the same AST as the parsers.
 *
 *   and(path('PK').eq('ACTOR#u_8814'), path('SK').between('EVT#1', 'EVT#2'))
 *   update(set('views', plus(path('views'), 1)), remove(path('tags', 0)))
 *
 * `path(...)` takes each attribute name literally (dots are part of the name)
 * and numbers as list indexes: `path('meta', 'old')` is `meta.old`.
 */
import type { AttributeType, AttributeValue } from '../values/types.js';
import type { CallNode, Comparator, Condition, Operand, PathNode, ProjectionNode, UpdateNode, ValueNode } from './ast.js';

/** Plain data the builder turns into values (see `toAttributeValue`). */
export type Plain =
  | string
  | number
  | bigint
  | boolean
  | null
  | Uint8Array
  | readonly Plain[]
  | ReadonlySet<string>
  | { readonly [key: string]: Plain };

export type OperandLike = Operand | OperandBuilder | Plain;
export type PathLike = PathNode | PathBuilder | string;

/**
 * string -> S, number/bigint -> N, boolean -> BOOL, null -> NULL, Uint8Array -> B,
 * array -> L, Set of strings -> SS, object -> M. For NS, BS or any exact value use `value({...})`.
 */
export function toAttributeValue(plain: Plain): AttributeValue {
  if (typeof plain === 'string') return { S: plain };
  if (typeof plain === 'number') {
    if (!Number.isFinite(plain)) throw new TypeError(`Not a DynamoDB number: ${plain}`);
    return { N: String(plain) };
  }
  if (typeof plain === 'bigint') return { N: plain.toString() };
  if (typeof plain === 'boolean') return { BOOL: plain };
  if (plain === null) return { NULL: true };
  if (plain instanceof Uint8Array) return { B: plain };
  if (Array.isArray(plain)) return { L: (plain as readonly Plain[]).map(toAttributeValue) };
  if (plain instanceof Set) return { SS: [...(plain as ReadonlySet<string>)] };
  const M: Record<string, AttributeValue> = {};
  for (const [key, item] of Object.entries(plain as { readonly [key: string]: Plain })) M[key] = toAttributeValue(item);
  return { M };
}

/** An exact AttributeValue as an operand. */
export function value(v: AttributeValue): ValueNode {
  return { kind: 'value', value: v };
}

export function operand(x: OperandLike): Operand {
  if (x instanceof OperandBuilder) return x.node;
  if (isOperand(x)) return x;
  return value(toAttributeValue(x as Plain));
}

function isOperand(x: unknown): x is Operand {
  if (typeof x !== 'object' || x === null || x instanceof Uint8Array || Array.isArray(x) || x instanceof Set) return false;
  const kind = (x as { kind?: unknown }).kind;
  const keys = Object.keys(x);
  return (
    (kind === 'path' && keys.includes('elements')) ||
    (kind === 'value' && keys.includes('value')) ||
    (kind === 'call' && keys.includes('args')) ||
    (kind === 'arithmetic' && keys.includes('operator'))
  );
}

export class OperandBuilder {
  constructor(readonly node: Operand) {}

  eq(x: OperandLike): Condition {
    return this.compare('=', x);
  }
  ne(x: OperandLike): Condition {
    return this.compare('<>', x);
  }
  lt(x: OperandLike): Condition {
    return this.compare('<', x);
  }
  le(x: OperandLike): Condition {
    return this.compare('<=', x);
  }
  gt(x: OperandLike): Condition {
    return this.compare('>', x);
  }
  ge(x: OperandLike): Condition {
    return this.compare('>=', x);
  }
  between(low: OperandLike, high: OperandLike): Condition {
    return { kind: 'between', operand: this.node, low: operand(low), high: operand(high) };
  }
  in(...list: OperandLike[]): Condition {
    return { kind: 'in', operand: this.node, list: list.map(operand) };
  }
  private compare(operator: Comparator, x: OperandLike): Condition {
    return { kind: 'compare', operator, left: this.node, right: operand(x) };
  }
}

export class PathBuilder extends OperandBuilder {
  declare readonly node: PathNode;

  /** A map key below this path. */
  get(name: string): PathBuilder {
    return new PathBuilder({ kind: 'path', elements: [...this.node.elements, { type: 'name', name }] });
  }
  /** A list element below this path. */
  at(index: number): PathBuilder {
    return new PathBuilder({ kind: 'path', elements: [...this.node.elements, { type: 'index', index }] });
  }
  exists(): Condition {
    return call('attribute_exists', this.node);
  }
  notExists(): Condition {
    return call('attribute_not_exists', this.node);
  }
  isType(type: AttributeType): Condition {
    return call('attribute_type', this.node, value({ S: type }));
  }
  beginsWith(prefix: OperandLike): Condition {
    return call('begins_with', this.node, operand(prefix));
  }
  contains(x: OperandLike): Condition {
    return call('contains', this.node, operand(x));
  }
  size(): OperandBuilder {
    return new OperandBuilder(call('size', this.node));
  }
}

/** `path('a', 'b', 0)` is `a.b[0]`; each string is one attribute name, taken literally. */
export function path(name: string, ...rest: (string | number)[]): PathBuilder {
  return new PathBuilder({
    kind: 'path',
    elements: [
      { type: 'name', name },
      ...rest.map((step) => (typeof step === 'number' ? { type: 'index' as const, index: step } : { type: 'name' as const, name: step })),
    ],
  });
}

function toPath(p: PathLike): PathNode {
  if (typeof p === 'string') return path(p).node;
  return p instanceof PathBuilder ? p.node : p;
}

function call(name: CallNode['name'], ...args: Operand[]): CallNode {
  return { kind: 'call', name, args };
}

export function size(p: PathLike): OperandBuilder {
  return new OperandBuilder(call('size', toPath(p)));
}

function fold(kind: 'and' | 'or', conditions: Condition[]): Condition {
  const [first, ...rest] = conditions;
  if (first === undefined) throw new TypeError(`${kind}() needs at least one condition`);
  return rest.reduce<Condition>((left, right) => ({ kind, left, right }), first);
}

export function and(...conditions: Condition[]): Condition {
  return fold('and', conditions);
}
export function or(...conditions: Condition[]): Condition {
  return fold('or', conditions);
}
export function not(condition: Condition): Condition {
  return { kind: 'not', operand: condition };
}

// Update values and actions.

export function plus(left: OperandLike, right: OperandLike): Operand {
  return { kind: 'arithmetic', operator: '+', left: operand(left), right: operand(right) };
}
export function minus(left: OperandLike, right: OperandLike): Operand {
  return { kind: 'arithmetic', operator: '-', left: operand(left), right: operand(right) };
}
export function ifNotExists(p: PathLike, fallback: OperandLike): Operand {
  return call('if_not_exists', toPath(p), operand(fallback));
}
export function listAppend(first: OperandLike, second: OperandLike): Operand {
  return call('list_append', operand(first), operand(second));
}

export type UpdatePart =
  | { section: 'set'; path: PathNode; value: Operand }
  | { section: 'remove'; path: PathNode }
  | { section: 'add' | 'delete'; path: PathNode; value: Operand };

export function set(target: PathLike, v: OperandLike): UpdatePart {
  return { section: 'set', path: toPath(target), value: operand(v) };
}
export function remove(target: PathLike): UpdatePart {
  return { section: 'remove', path: toPath(target) };
}
export function add(target: PathLike, v: OperandLike): UpdatePart {
  return { section: 'add', path: toPath(target), value: operand(v) };
}
export function deleteFromSet(target: PathLike, v: OperandLike): UpdatePart {
  return { section: 'delete', path: toPath(target), value: operand(v) };
}

export function update(...parts: UpdatePart[]): UpdateNode {
  const node: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };
  for (const part of parts) {
    if (part.section === 'remove') node.remove.push(part.path);
    else node[part.section].push({ path: part.path, value: part.value });
  }
  return node;
}

export function projection(...paths: PathLike[]): ProjectionNode {
  return { kind: 'projection', paths: paths.map(toPath) };
}
