/**
 * A JSON array of DynamoDB JSON items (`[{"pk":{"S":"a"}}, ...]`). Reading also
 * takes the output of `aws dynamodb scan` / `query` (`{"Items": [...], ...}`).
 */
import type { Item } from '@dynotable/core';
import { itemFromWire, itemToWire } from '@dynotable/core';
import { TransferInputError, atLine } from './errors.js';
import { jsonArrayElements, type ArrayElement } from './json-elements.js';
import type { SourceItem } from './source-item.js';

export async function* writeJsonArray(items: AsyncIterable<Item>): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(itemToWire(item))}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** Array elements read as DynamoDB JSON items, a bad one told with its line. */
export async function* wireElementItems(elements: AsyncIterable<ArrayElement>): AsyncIterable<SourceItem> {
  for await (const element of elements) {
    try {
      yield { line: element.line, item: itemFromWire(element.value) };
    } catch (error) {
      throw atLine(element.line, error);
    }
  }
}

export async function* readJsonArray(chunks: AsyncIterable<string>): AsyncIterable<SourceItem> {
  let found = false;
  const elements = jsonArrayElements(chunks, (path) => {
    const wanted = path.length === 0 || (path.length === 1 && path[0] === 'Items');
    if (wanted) found = true;
    return wanted;
  });
  yield* wireElementItems(elements);
  if (!found) throw new TransferInputError(1, 'SerializationException', 'expected a JSON array of items, or an object with an "Items" array (the output of aws dynamodb scan)');
}
