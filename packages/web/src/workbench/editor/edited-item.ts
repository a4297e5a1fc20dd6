/**
 * The editor's text read as an item in either mode, with every check done
 * before anything is sent: the JSON, DynamoDB's value rules, the nesting and
 * 400 KB limits, and the table's key attributes (present, of the key type,
 * not empty). Switching modes goes through the item, so nothing is lost.
 */
import {
  checkItemSize,
  checkKeyValueSizes,
  DynamoError,
  emptyKeyMessage,
  itemFromWire,
  itemSize,
  validateItem,
  type Item,
  type WireItem,
} from '@dynotable/core';
import type { KeyAttribute } from '../table-indexes.js';
import { ItemEditError, problemOf, type EditProblem } from './edit-error.js';
import { JsonSyntaxError } from '@dynotable/core';
import { itemFromPlainText, plainItemText } from './plain-json.js';
import { itemFromTypedText, typedItemText } from './typed-json.js';

export type EditMode = 'plain' | 'typed';

/**
 * `size` is known whenever the text reads as an item, even one whose key is
 * not right yet; `parsed` is that item, whatever the later checks found.
 */
export type ReadOutcome =
  | { readonly ok: true; readonly item: WireItem; readonly size: number }
  | { readonly ok: false; readonly problem: EditProblem; readonly size?: number; readonly parsed?: WireItem };

export function itemText(item: WireItem, mode: EditMode): string {
  return mode === 'plain' ? plainItemText(item) : typedItemText(item);
}

const TYPE_WORDS = { S: 'a string', N: 'a number', B: 'binary' } as const;

function keyExample(key: KeyAttribute, mode: EditMode): string {
  const sample = key.type === 'N' ? '1' : key.type === 'B' ? 'AAE=' : '…';
  if (mode === 'typed') return `"${key.name}": {"${key.type}": "${sample}"}`;
  if (key.type === 'N') return `"${key.name}": ${sample}`;
  if (key.type === 'B') return `"${key.name}": {"$B": "${sample}"}`;
  return `"${key.name}": "${sample}"`;
}

function checkKeys(item: WireItem, keys: readonly KeyAttribute[], mode: EditMode): void {
  keys.forEach((key, index) => {
    const role = index === 0 ? 'partition key' : 'sort key';
    const value = item[key.name];
    if (value === undefined) throw new ItemEditError(`the table's ${role} is missing; add ${keyExample(key, mode)}`, [key.name]);
    const type = Object.keys(value)[0];
    if (type !== key.type) throw new ItemEditError(`the table's ${role} is ${TYPE_WORDS[key.type]} (${key.type}), this value is ${type ?? 'empty'}; write it as ${keyExample(key, mode)}`, [key.name]);
    const text = (value as Record<string, unknown>)[key.type];
    if (text === '') {
      throw new ItemEditError(
        `${emptyKeyMessage(key.type === 'S' ? 'string' : 'binary', key.name)}. Give it a value`,
        [key.name],
      );
    }
  });
}

/** DynamoDB's own error, at the item, with what to do. */
function asEditError<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof DynamoError) throw new ItemEditError(`${error.message}. Make the item smaller or flatter`, []);
    throw error;
  }
}

/** The checks DynamoDB makes on the whole item: nesting and empty names, then the size limits. */
function checkLimits(item: Item, keys: readonly KeyAttribute[]): void {
  asEditError(() => {
    checkItemSize(item);
    const [partition, sort] = keys;
    if (partition !== undefined && item[partition.name] !== undefined) checkKeyValueSizes(item[partition.name]!, sort !== undefined ? item[sort.name] : undefined);
  });
}

function readText(text: string, mode: EditMode): WireItem {
  return mode === 'plain' ? itemFromPlainText(text) : itemFromTypedText(text);
}

function outcomeOf(error: unknown, text: string): ReadOutcome {
  if (error instanceof ItemEditError) return { ok: false, problem: problemOf(error, text) };
  if (error instanceof JsonSyntaxError) return { ok: false, problem: problemOf(new ItemEditError(error.message, error.path, error.offset), text) };
  throw error;
}

/**
 * The item as typed, checked; `keys` empty to skip the key checks. `known` is
 * the item the text was printed from, when it was (a tree edit, a load): the
 * text need not be read again, since printing and reading are lossless.
 */
export function readEditedItem(text: string, mode: EditMode, keys: readonly KeyAttribute[], known?: WireItem): ReadOutcome {
  let size: number | undefined;
  let parsed: WireItem | undefined;
  try {
    const wire = known ?? readText(text, mode);
    parsed = wire;
    const item = asEditError(() => validateItem(itemFromWire(wire)));
    size = itemSize(item);
    checkLimits(item, keys);
    checkKeys(wire, keys, mode);
    return { ok: true, item: wire, size };
  } catch (error) {
    const outcome = outcomeOf(error, text);
    if (outcome.ok) return outcome;
    return { ...outcome, ...(size !== undefined ? { size } : {}), ...(parsed !== undefined ? { parsed } : {}) };
  }
}

/** The same item in the other mode; refused (with the problem) while the text does not read. */
export function switchMode(text: string, from: EditMode, to: EditMode): { ok: true; text: string } | { ok: false; problem: EditProblem } {
  if (from === to) return { ok: true, text };
  try {
    return { ok: true, text: itemText(readText(text, from), to) };
  } catch (error) {
    const outcome = outcomeOf(error, text);
    return outcome.ok ? { ok: true, text } : outcome;
  }
}

/** A new item's starting point: the key attributes with empty values of their types, to be filled in. */
export function newItemTemplate(keys: readonly KeyAttribute[]): WireItem {
  const item: WireItem = {};
  for (const key of keys) item[key.name] = key.type === 'N' ? { N: '0' } : key.type === 'B' ? { B: '' } : { S: '' };
  return item;
}
