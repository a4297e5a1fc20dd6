/**
 * The tree's edits on the item, each giving a new item (the old one is left
 * as it is) or the reason it cannot be made: a value set in place, a type
 * changed, a name changed, an attribute, element or member added, removed
 * or moved. Values are checked with the editor's value checks, so a number
 * stays a string of up to 38 digits and a set stays a set.
 */
import type { WireAttributeValue, WireItem } from '@dynotable/core';
import { ItemEditError } from './edit-error.js';
import { isContainer, memberTypeOf, pathText, recordOf, typeOf, type SetType, type TreePath, type ValueType } from './item-tree.js';
import { changeType } from './type-change.js';
import { checkedBase64, checkedNumber, checkedSet } from './value-checks.js';

export type TreeEdit = { readonly ok: true; readonly item: WireItem } | { readonly ok: false; readonly reason: string };

type Container = WireItem | WireAttributeValue;

function childOf(container: Container, step: string | number, isItem: boolean): WireAttributeValue | undefined {
  if (isItem) return Object.hasOwn(container, step) ? (container as WireItem)[step as string] : undefined;
  const value = container as WireAttributeValue;
  if ('M' in value) return Object.hasOwn(value.M, step) ? value.M[step as string] : undefined;
  if ('L' in value) return value.L[step as number];
  return undefined;
}

export function valueAt(item: WireItem, path: TreePath): WireAttributeValue | undefined {
  let current: Container = item;
  for (const [index, step] of path.entries()) {
    const next = childOf(current, step, index === 0);
    if (next === undefined) return undefined;
    current = next;
  }
  return current as WireAttributeValue;
}

/** The item with the value at `path` replaced by what `change` makes of it (undefined removes it). */
function updateAt(item: WireItem, path: TreePath, change: (value: WireAttributeValue) => WireAttributeValue | undefined): WireItem {
  const update = (container: Container, depth: number): Container => {
    const step = path[depth]!;
    const last = depth === path.length - 1;
    const apply = (child: WireAttributeValue) => (last ? change(child) : (update(child, depth + 1) as WireAttributeValue));
    if (depth === 0 || 'M' in container) {
      const members = depth === 0 ? (container as WireItem) : (container as { M: Record<string, WireAttributeValue> }).M;
      const entries = Object.keys(members).flatMap((name) => {
        if (name !== step) return [[name, members[name]!] as const];
        const next = apply(members[name]!);
        return next === undefined ? [] : [[name, next] as const];
      });
      return depth === 0 ? recordOf(entries) : { M: recordOf(entries) };
    }
    const value = container as WireAttributeValue;
    if ('L' in value) return { L: value.L.flatMap((element, index) => (index !== step ? [element] : ((next) => (next === undefined ? [] : [next]))(apply(element)))) };
    // A set's member: the whole set is the value that changes.
    throw new Error('a set member is changed through its set');
  };
  return update(item, 0) as WireItem;
}

function failed(error: unknown): TreeEdit {
  if (error instanceof ItemEditError) return { ok: false, reason: error.message };
  throw error;
}

const setOf = (type: SetType, members: string[]): WireAttributeValue => (type === 'SS' ? { SS: members } : type === 'NS' ? { NS: members } : { BS: members });

function checkedScalar(type: ValueType, text: string, path: TreePath): string {
  if (type === 'N') return checkedNumber(text, [...path]);
  if (type === 'B') return checkedBase64(text, [...path]);
  return text;
}

/** A set member's path: the set's path and the member's position. */
function inSet(item: WireItem, path: TreePath): { set: SetType; members: string[]; at: number } | undefined {
  const owner = path.length > 1 ? valueAt(item, path.slice(0, -1)) : undefined;
  if (owner === undefined || !('SS' in owner || 'NS' in owner || 'BS' in owner)) return undefined;
  const set = typeOf(owner) as SetType;
  return { set, members: [...(owner as Record<SetType, string[]>)[set]], at: path.at(-1) as number };
}

/** S, N or B text, a BOOL's 'true'/'false', or a set member's text, set in place. */
export function setText(item: WireItem, path: TreePath, text: string): TreeEdit {
  try {
    const member = inSet(item, path);
    if (member !== undefined) {
      member.members[member.at] = checkedScalar(memberTypeOf(member.set), text, path);
      const set = checkedSet(setOf(member.set, member.members), [...path.slice(0, -1)]);
      return { ok: true, item: updateAt(item, path.slice(0, -1), () => set) };
    }
    const current = valueAt(item, path);
    if (current === undefined) return { ok: false, reason: `${pathText(path)} is no longer in the item` };
    const type = typeOf(current);
    if (type === 'BOOL') return { ok: true, item: updateAt(item, path, () => ({ BOOL: text === 'true' })) };
    if (type !== 'S' && type !== 'N' && type !== 'B') return { ok: false, reason: `a ${type} has no text of its own` };
    const checked = checkedScalar(type, text, path);
    return { ok: true, item: updateAt(item, path, () => ({ [type]: checked }) as WireAttributeValue) };
  } catch (error) {
    return failed(error);
  }
}

export function setType(item: WireItem, path: TreePath, to: ValueType): TreeEdit {
  const current = valueAt(item, path);
  if (current === undefined) return { ok: false, reason: `${pathText(path)} is no longer in the item` };
  const changed = changeType(current, to);
  if (!changed.ok) return { ok: false, reason: `${pathText(path)} stays ${typeOf(current)}: ${changed.reason}` };
  return { ok: true, item: updateAt(item, path, () => changed.value) };
}

/** The members of the map (or the item) that holds `path`, in order. */
function siblingNames(item: WireItem, path: TreePath): string[] {
  if (path.length === 1) return Object.keys(item);
  const owner = valueAt(item, path.slice(0, -1));
  return owner !== undefined && 'M' in owner ? Object.keys(owner.M) : [];
}

function reorderedRecord<V>(record: Record<string, V>, order: readonly string[], rename?: { from: string; to: string }): Record<string, V> {
  return recordOf(order.map((name) => [name === rename?.from ? rename.to : name, record[name]!] as const));
}

/** Replaces the members of the map holding `path` (or the item's attributes). */
function withMembers(item: WireItem, path: TreePath, build: (members: Record<string, WireAttributeValue>) => Record<string, WireAttributeValue>): WireItem {
  if (path.length === 1) return build(item);
  return updateAt(item, path.slice(0, -1), (owner) => ('M' in owner ? { M: build(owner.M) } : owner));
}

export function rename(item: WireItem, path: TreePath, to: string): TreeEdit {
  const from = path.at(-1);
  if (typeof from !== 'string') return { ok: false, reason: 'only attributes and map members have names' };
  if (to === from) return { ok: true, item };
  if (to === '') return { ok: false, reason: 'a name cannot be empty: DynamoDB refuses an empty attribute name' };
  const names = siblingNames(item, path);
  if (names.includes(to)) return { ok: false, reason: `${to} is already there: names are unique within ${path.length === 1 ? 'the item' : pathText(path.slice(0, -1))}` };
  return { ok: true, item: withMembers(item, path, (members) => reorderedRecord(members, Object.keys(members), { from, to })) };
}

export function remove(item: WireItem, path: TreePath): TreeEdit {
  const member = inSet(item, path);
  if (member !== undefined) {
    if (member.members.length === 1) return { ok: false, reason: `${pathText(path.slice(0, -1))} would be an empty set, which DynamoDB does not allow; remove the set itself, or add a member first` };
    member.members.splice(member.at, 1);
    return { ok: true, item: updateAt(item, path.slice(0, -1), () => setOf(member.set, member.members)) };
  }
  if (valueAt(item, path) === undefined) return { ok: false, reason: `${pathText(path)} is no longer in the item` };
  return { ok: true, item: updateAt(item, path, () => undefined) };
}

/** Moves an attribute, map member, list element or set member one place up (-1) or down (+1). */
export function move(item: WireItem, path: TreePath, by: -1 | 1): TreeEdit {
  const step = path.at(-1)!;
  if (typeof step === 'string') {
    const names = siblingNames(item, path);
    const at = names.indexOf(step);
    const to = at + by;
    if (at < 0 || to < 0 || to >= names.length) return { ok: false, reason: `${pathText(path)} is already ${by < 0 ? 'first' : 'last'}` };
    [names[at], names[to]] = [names[to]!, names[at]!];
    return { ok: true, item: withMembers(item, path, (members) => reorderedRecord(members, names)) };
  }
  const ownerPath = path.slice(0, -1);
  const owner = valueAt(item, ownerPath);
  if (owner === undefined || !isContainer(typeOf(owner))) return { ok: false, reason: `${pathText(path)} is no longer in the item` };
  const members = [...((owner as Record<string, unknown[]>)[typeOf(owner)] ?? [])];
  const to = step + by;
  if (to < 0 || to >= members.length) return { ok: false, reason: `${pathText(path)} is already ${by < 0 ? 'first' : 'last'}` };
  [members[step], members[to]] = [members[to], members[step]];
  return { ok: true, item: updateAt(item, ownerPath, () => ({ [typeOf(owner)]: members }) as WireAttributeValue) };
}

function freshName(taken: readonly string[], base: string): string {
  for (let index = 1; ; index++) if (!taken.includes(`${base}${index}`)) return `${base}${index}`;
}

/** A member a set does not hold yet, for the user to change. */
function freshMember(set: SetType, members: readonly string[]): string {
  for (let index = 0; ; index++) {
    const candidate = set === 'NS' ? String(index) : set === 'SS' ? (index === 0 ? 'new' : `new ${index}`) : btoa(String.fromCharCode(index));
    if (!members.some((member) => (set === 'NS' ? Number(member) === index : member === candidate))) return candidate;
  }
}

/**
 * Adds an empty string attribute (or map member, or list element) at the end
 * of the item or of the L or M at `owner`, or a new member to the set there;
 * gives the new row's path with the item.
 */
export function add(item: WireItem, owner: TreePath): TreeEdit & { readonly path?: TreePath } {
  if (owner.length === 0) {
    const name = freshName(Object.keys(item), 'attribute');
    return { ok: true, item: recordOf([...Object.entries(item), [name, { S: '' }] as const]), path: [name] };
  }
  const container = valueAt(item, owner);
  if (container === undefined) return { ok: false, reason: `${pathText(owner)} is no longer in the item` };
  if ('M' in container) {
    const name = freshName(Object.keys(container.M), 'member');
    return { ok: true, item: updateAt(item, owner, () => ({ M: recordOf([...Object.entries(container.M), [name, { S: '' }] as const]) })), path: [...owner, name] };
  }
  if ('L' in container) return { ok: true, item: updateAt(item, owner, () => ({ L: [...container.L, { S: '' }] })), path: [...owner, container.L.length] };
  const type = typeOf(container);
  if (type !== 'SS' && type !== 'NS' && type !== 'BS') return { ok: false, reason: `a ${type} holds no members` };
  const members = (container as Record<SetType, string[]>)[type];
  return { ok: true, item: updateAt(item, owner, () => setOf(type, [...members, freshMember(type, members)])), path: [...owner, members.length] };
}
