/** DeleteItem: removes an item by its key, under an optional condition. */
import type { Operation } from '../../context.js';
import { encodePosition } from '../../items/keys.js';
import { addWriteMetrics, ensureCondition, readWriteRequest, storedItem, writeCondition } from '../../items/write-request.js';
import { planWrite } from '../../items/write-plan.js';
import { RawJson } from '../../output/raw-json.js';
import { readExpressions } from '../../requests/expressions.js';
import { readKey } from '../../requests/items.js';
import { commitWrites } from '../../streams/commit.js';
import { requireTable } from '../../tables/lookup.js';

export const deleteItem: Operation = (context, input) => {
  const { tableName, options } = readWriteRequest('DeleteItem', input);
  // DynamoDB Local checks the table and the key before the expressions.
  const table = requireTable(context, tableName);
  const key = readKey(table.keys, input.Key);
  const condition = writeCondition(input, readExpressions(input, ['ConditionExpression']));
  const position = encodePosition(table.keys, key);
  const before = storedItem(context, table, position);
  if (condition) ensureCondition(condition, before?.item, options.returnValuesOnConditionCheckFailure);
  const plan = planWrite(table, position, before, undefined, 0);
  // Deleting a missing item writes nothing but is still billed.
  if (before) commitWrites(context, plan.writes, [plan.change]);

  const output: Record<string, unknown> = {};
  if (options.returnValues === 'ALL_OLD' && before) output.Attributes = new RawJson(before.json);
  return addWriteMetrics(context, output, table, plan, position, key, options);
};
