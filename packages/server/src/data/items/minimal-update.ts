/**
 * The minimal UpdateItem from an item as loaded (`before`) and as edited
 * (`after`): SET for each top-level attribute that differs (a nested map is
 * compared and written whole), REMOVE for each that is gone, guarded by an
 * optimistic condition — every changed attribute still has its loaded value
 * (or still does not exist) and the item still exists. A concurrent change
 * then fails the write instead of being overwritten.
 */
import { attributeValuesEqual, checkItemSize, keyPartOfKeyMessage, printExpressions, type AttributeValue, type CodegenParams, type Condition, type Item, type UpdateNode } from '@dynotable/core';
import { DataError } from '../errors.js';
import { allOf, equals, exists, notExists, path } from '../conditions.js';
import { keyAttributes, type TableShape } from '../table-description.js';
import { readWireForWrite } from '../wire-input.js';
import type { UpdateInput } from './write-schemas.js';

export interface AttributeChange {
  readonly name: string;
  readonly before?: AttributeValue;
  readonly after?: AttributeValue;
}

/** Top-level attributes whose value differs, in a stable order (before's attributes, then new ones). */
export function changedAttributes(before: Item, after: Item): AttributeChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: AttributeChange[] = [];
  for (const name of names) {
    const old = Object.hasOwn(before, name) ? before[name] : undefined;
    const next = Object.hasOwn(after, name) ? after[name] : undefined;
    if (old !== undefined && next !== undefined && attributeValuesEqual(old, next)) continue;
    changes.push({ name, ...(old !== undefined ? { before: old } : {}), ...(next !== undefined ? { after: next } : {}) });
  }
  return changes;
}

/** The condition that the item still holds these loaded values. */
export function stillAsLoaded(changes: readonly AttributeChange[], partitionKey: string): Condition {
  const guards = changes.map((change) => (change.before === undefined ? notExists(change.name) : equals(change.name, change.before)));
  return allOf([exists(partitionKey), ...guards])!;
}

function withoutKeys(item: Item, keyNames: readonly string[]): Item {
  // fromEntries keeps an attribute named __proto__ an ordinary one.
  return Object.fromEntries(Object.entries(item).filter(([name]) => !keyNames.includes(name)));
}

export function keyOf(item: Item, names: readonly string[]): Item {
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.includes(name)));
}

export interface MinimalUpdate {
  /** Undefined when nothing differs: there is nothing to send. */
  readonly params?: CodegenParams;
  readonly changes: AttributeChange[];
}

export function minimalUpdate(table: TableShape, input: UpdateInput): MinimalUpdate {
  const key = readWireForWrite(input.key);
  const before = readWireForWrite(input.before);
  const after = readWireForWrite(input.after);
  const keyNames = keyAttributes(table);
  for (const name of keyNames) {
    const value = key[name];
    if (value === undefined) throw new DataError('invalid', 'ValidationException', 'The provided key element does not match the schema');
    const loaded = before[name];
    if (loaded !== undefined && !attributeValuesEqual(loaded, value)) {
      throw new DataError('invalid', 'ValidationException', `key and before disagree on the key attribute '${name}'; send the key of the item that was loaded`);
    }
    const edited = after[name];
    if (edited === undefined || !attributeValuesEqual(edited, value)) {
      // DynamoDB's own refusal, word for word; the details say where a key change goes instead.
      throw new DataError('invalid', 'ValidationException', keyPartOfKeyMessage(name), {
        keyAttribute: name,
        hint: 'UpdateItem cannot change a key; use POST .../items/move, which deletes the old item and puts the new one in one transaction.',
      });
    }
  }
  const changes = changedAttributes(withoutKeys(before, keyNames), withoutKeys(after, keyNames));
  if (changes.length === 0) return { changes };
  checkItemSize(after, 'update');
  const update: UpdateNode = {
    kind: 'update',
    set: changes.filter((c) => c.after !== undefined).map((c) => ({ path: path(c.name), value: { kind: 'value', value: c.after! } })),
    remove: changes.filter((c) => c.after === undefined).map((c) => path(c.name)),
    add: [],
    delete: [],
  };
  const expressions = printExpressions({ update, condition: stillAsLoaded(changes, table.keys.partition.name) });
  return {
    changes,
    params: {
      TableName: table.name,
      Key: keyOf(key, keyNames),
      ...expressions,
      ReturnValues: 'ALL_NEW',
      ReturnConsumedCapacity: 'INDEXES',
    },
  };
}
