/**
 * The check of an imported item, as checkItemForTable does it, with one
 * shortcut: an item whose JSON text is shorter than a third of 400 KB cannot
 * be over DynamoDB's item size limit (no value takes more than three bytes
 * per character of its JSON text), so its size is not counted. The checks run
 * in the same order, so the first problem reported stays the one PutItem
 * would report: the values of the whole item first, then checkItemForTable on
 * the key and index key attributes alone (keys, key sizes, index keys).
 */
import { MAX_ITEM_SIZE_BYTES, validateItem, type Item } from '@dynotable/core';
import { checkItemForTable } from './item-checks.js';
import { keyNamesOf, type TableShape } from '../data/table-description.js';

const MAX_ITEM_BYTES = MAX_ITEM_SIZE_BYTES;

/** The attributes checkItemForTable looks at besides the values and the size. */
function keyNames(shape: TableShape): string[] {
  return [...new Set([shape.keys, ...shape.indexes.map((index) => index.keys)].flatMap(keyNamesOf))];
}

export function importChecker(shape: TableShape): (item: Item, textLength?: number) => void {
  const names = keyNames(shape);
  return (item, textLength) => {
    if (textLength === undefined || textLength * 3 >= MAX_ITEM_BYTES) {
      checkItemForTable(item, shape);
      return;
    }
    const valid = validateItem(item);
    const keys: Item = {};
    for (const name of names) if (Object.hasOwn(valid, name)) keys[name] = valid[name]!;
    checkItemForTable(keys, shape);
  };
}
