/**
 * The StoredItem both stores hand out: the item's DynamoDB JSON text, decoded
 * only when asked. Keeping text rather than an object graph costs less memory
 * per item and lets whole-item reads skip conversion altogether.
 */
import type { Item } from '@dynotable/core';
import { itemFromWireJson, itemToWireJson } from './item-codec.js';
import type { StoredItem } from './storage.js';

export class JsonStoredItem implements StoredItem {
  constructor(
    readonly partition: string,
    readonly sort: string,
    readonly json: string,
    readonly size: number,
  ) {}

  get item(): Item {
    return itemFromWireJson(this.json);
  }
}

/**
 * Gives the JSON text of each put of one batch that has no text of its own. An index entry that projects
 * every attribute is the table item itself, so it shares the item's text
 * rather than holding a copy of its own.
 */
export function batchTexts(): (item: Item) => string {
  let lastItem: Item | undefined;
  let lastText = '';
  return (item) => {
    if (item !== lastItem) {
      lastItem = item;
      lastText = itemToWireJson(item);
    }
    return lastText;
  };
}
