/**
 * Model edits: changes to a model as data, so a lint finding can carry its
 * fix and any tool can apply it (the web to its model, the CLI to the file).
 *
 * A path names a place in the file form of the model: field names as the file
 * writes them (`tables`, `globalSecondaryIndexes`, `entities`, `attributes`,
 * `keys`, `accessPatterns`, `writePaths`, …) and named things by their name,
 * whichever form the file uses for them (a map keyed by name, or a list of
 * objects with `name`). Access patterns and write paths are found by `name`.
 *
 *   { op: 'set', path: ['entities', 'Player', 'keys', 'GSI1SK'], value: 'RATING#{rating:05}' }
 *   { op: 'remove', path: ['entities', 'Event', 'attributes', 'at', 'format'] }
 *   { op: 'remove', path: ['accessPatterns', 'findPlayerByHandle', 'consistentRead'] }
 *
 * `set` replaces the value or adds it (creating missing maps on the way; a new
 * named item of a list gets its `name`); a shorthand on the way is expanded
 * (`createdAt: timestamp` is `{ type: timestamp }`, `partitionKey: PK` is
 * `{ name: PK }`). `remove` of something absent does nothing. Values are
 * plain JSON, in the file form (shorthands allowed).
 */
export type ModelEditValue = string | number | boolean | null | readonly ModelEditValue[] | { readonly [key: string]: ModelEditValue };

export type ModelPath = readonly string[];

export type ModelEdit =
  | { readonly op: 'set'; readonly path: ModelPath; readonly value: ModelEditValue }
  | { readonly op: 'remove'; readonly path: ModelPath };

export class ModelEditError extends Error {
  override readonly name = 'ModelEditError';
}

type Container = Record<string, unknown> | unknown[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The map a shorthand scalar stands for at `path`, or undefined when it is not a shorthand. */
export function expandShorthand(path: ModelPath, scalar: unknown): Record<string, unknown> | undefined {
  if (typeof scalar !== 'string') return undefined;
  const last = path[path.length - 1];
  if (path[path.length - 2] === 'attributes' && path[0] === 'entities') return { type: scalar };
  if (last === 'partitionKey' || last === 'sortKey') return { name: scalar };
  return undefined;
}

/** "entities.Player.keys.GSI1SK" */
export function modelPathText(path: ModelPath): string {
  return path.map((segment) => (/^[A-Za-z_$][\w$-]*$/.test(segment) ? segment : JSON.stringify(segment))).join('.');
}

/** One line for people: "set entities.Player.keys.GSI1SK to RATING#{rating:05}". */
export function describeModelEdit(edit: ModelEdit): string {
  return edit.op === 'remove' ? `remove ${modelPathText(edit.path)}` : `set ${modelPathText(edit.path)} to ${typeof edit.value === 'string' ? edit.value : JSON.stringify(edit.value)}`;
}

function namedIndex(list: readonly unknown[], name: string): number {
  return list.findIndex((item) => isRecord(item) && item['name'] === name);
}

function child(container: Container, segment: string): unknown {
  if (Array.isArray(container)) {
    const index = namedIndex(container, segment);
    return index < 0 ? undefined : container[index];
  }
  return Object.hasOwn(container, segment) ? container[segment] : undefined;
}

function setChild(container: Container, segment: string, value: unknown): void {
  if (Array.isArray(container)) {
    const index = namedIndex(container, segment);
    const item = isRecord(value) ? { name: segment, ...value } : value;
    if (index < 0) container.push(item);
    else container[index] = item;
    return;
  }
  container[segment] = value;
}

function removeChild(container: Container, segment: string): void {
  if (Array.isArray(container)) {
    const index = namedIndex(container, segment);
    if (index >= 0) container.splice(index, 1);
    return;
  }
  delete container[segment];
}

/** Applies one edit to plain data in place. */
function applyOne(root: Record<string, unknown>, edit: ModelEdit): void {
  if (edit.path.length === 0) throw new ModelEditError('a model edit needs a path');
  let node: Container = root;
  for (let depth = 0; depth < edit.path.length - 1; depth++) {
    const segment = edit.path[depth]!;
    let next = child(node, segment);
    if (next === undefined || next === null) {
      if (edit.op === 'remove') return;
      next = {};
      setChild(node, segment, next);
      next = child(node, segment);
    } else if (!isRecord(next) && !Array.isArray(next)) {
      const expanded = expandShorthand(edit.path.slice(0, depth + 1), next);
      if (expanded === undefined) throw new ModelEditError(`cannot edit inside ${modelPathText(edit.path.slice(0, depth + 1))}: it is not a map or a list`);
      if (edit.op === 'remove' && !Object.hasOwn(expanded, edit.path[depth + 1]!)) return;
      setChild(node, segment, expanded);
      next = child(node, segment);
    }
    node = next as Container;
  }
  const last = edit.path[edit.path.length - 1]!;
  if (edit.op === 'remove') removeChild(node, last);
  else setChild(node, last, structuredClone(edit.value));
}

/** A copy of plain data (a model file's parsed form, or a Model) with the edits applied in order. */
export function applyEditsToValue(value: unknown, edits: readonly ModelEdit[]): unknown {
  if (!isRecord(value)) throw new ModelEditError('a model is a map');
  const copy = structuredClone(value);
  for (const edit of edits) applyOne(copy, edit);
  return copy;
}
