/**
 * Query: the items of one partition of a table or index, in sort key order
 * (or reverse), within the sort key condition, a page at a time.
 */
import { checkFilterAvoidsKeys, checkKeyCondition, validationError, type KeyCondition } from '@dynotable/core';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import type { Operation } from '../../context.js';
import { encodeKeyValue } from '../../keys/encode.js';
import { checkQueryFilterAvoidsKeys, filterToCondition } from '../../legacy/filter.js';
import { keyConditionsToKeyCondition } from '../../legacy/key-conditions.js';
import { indexSpace, tableSpace } from '../../storage/storage.js';
import { keyNames as keyNamesOf, keySchemaNames, type KeySchema } from '../../tables/meta.js';
import { inSortRange, keyConditionRange } from './key-range.js';
import { readPage, renderPage } from './page.js';
import { readRequest } from './read-request.js';
import { resolveShape } from './select.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readExclusiveStartKey } from './start-key.js';

export const query: Operation = (context, input) => {
  checkItemRequestShape('Query', input);
  const request = readRequest(context, input, 'Query');
  const { table, index, parsed } = request;
  const keys: KeySchema = index ? index.keys : table.keys;
  const keyNames = keyNamesOf(keys);
  const schema = keySchemaNames(keys, index?.name);
  const keyCondition: KeyCondition = parsed.keyCondition
    ? checkKeyCondition(parsed.keyCondition, schema)
    : keyConditionsToKeyCondition(input.KeyConditions, schema);
  let filter = parsed.filter;
  // The key attributes are looked for in key order: the first the filter uses is named (DynamoDB Local).
  if (filter) {
    for (const name of keyNames) checkFilterAvoidsKeys(filter, [name]);
  }
  else {
    checkQueryFilterAvoidsKeys(input.QueryFilter, keyNames);
    filter = filterToCondition(input.QueryFilter, request.conditionalOperator);
  }
  const shape = resolveShape(table, index, request.select, request.projection, filter, 'Query');

  // A multi-attribute partition key is its values' encodings in key order (items/index-entries.ts).
  const partition = (keyCondition.partitionKeys ?? [keyCondition.partitionKey]).map((part) => encodeKeyValue(part.value)).join('');
  const range = keyConditionRange(keyCondition);
  const start = readExclusiveStartKey(input.ExclusiveStartKey, table, index);
  if (start && (start.position.partition !== partition || !inSortRange(start.position.sort, range))) {
    throw validationError('The provided starting key does not match the range key predicate');
  }
  const forward = input.ScanIndexForward !== false;
  const space = index ? indexSpace(table.name, index.name) : tableSpace(table.name);
  const entries = context.storage.range(space, partition, range, forward, start?.position.sort);
  const tally = new CapacityTally();
  const page = readPage(
    entries,
    { storage: context.storage, table, index, shape, filter, limit: request.limit, consistent: request.consistent },
    tally,
  );
  // A partition of a hash-only table holds one item: no LastEvaluatedKey even
  // when the Limit is reached (DynamoDB Local; a table with a sort key, or an
  // index, gives one whenever the Limit is reached).
  if (!index && !table.keys.sort) page.lastEvaluatedKey = undefined;
  return renderPage(page, renderConsumedCapacity(table, tally, request.returnConsumedCapacity));
};
