/** PutItem: creates or replaces an item, under an optional condition. */
import { itemSize } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { encodePosition } from '../../items/keys.js';
import { addWriteMetrics, ensureCondition, readWriteRequest, storedItem, writeCondition } from '../../items/write-request.js';
import { checkWrittenItemSize, planWrite } from '../../items/write-plan.js';
import { readExpressions } from '../../requests/expressions.js';
import { RawJson } from '../../output/raw-json.js';
import { readPutItem } from '../../requests/items.js';
import { commitWrites } from '../../streams/commit.js';
import { requireTable } from '../../tables/lookup.js';

export const putItem: Operation = (context, input) => {
  const { tableName, options } = readWriteRequest('PutItem', input);

  // DynamoDB Local checks the item (keys, size, index keys) before the expressions.
  const table = requireTable(context, tableName);
  const item = readPutItem(table.keys, input.Item);
  const size = itemSize(item);
  checkWrittenItemSize(table, item, size, 'put');
  const position = encodePosition(table.keys, item);
  const before = storedItem(context, table, position);
  const plan = planWrite(table, position, before, item, size);
  const condition = writeCondition(input, readExpressions(input, ['ConditionExpression']));
  if (condition) ensureCondition(condition, before?.item, options.returnValuesOnConditionCheckFailure);
  // An item written over itself plans no writes.
  if (plan.writes.length > 0) commitWrites(context, plan.writes, [plan.change]);

  const output: Record<string, unknown> = {};
  if (options.returnValues === 'ALL_OLD' && before) output.Attributes = new RawJson(before.json);
  return addWriteMetrics(context, output, table, plan, position, item, options);
};
