/**
 * INSERT, UPDATE and DELETE -> PutItem, UpdateItem and DeleteItem. UPDATE and
 * DELETE name one item by equality on every key attribute; the rest of their
 * WHERE clause is the ConditionExpression. INSERT never replaces an item
 * (attribute_not_exists on the partition key), UPDATE never creates one
 * (attribute_exists).
 */
import type { Condition } from '../expressions/ast.js';
import { checkUpdateDoesNotTouchKeys } from '../expressions/key-schema.js';
import { printExpressions } from '../expressions/printer.js';
import { itemSize } from '../size/item-size.js';
import type { Item } from '../values/types.js';
import type { DeleteStatement, InsertStatement, PqlReturning, UpdateStatement } from './ast.js';
import { bindValue } from './bind.js';
import { checkPlannedRequest } from './check-request.js';
import { checkKeyValue, conjuncts, equalityValue, joinAnd } from './key-conditions.js';
import { partiqlError, partiqlMessages } from './messages.js';
import { DEFAULT_ITEM_SIZE_BYTES, estimateCapacity } from './plan-capacity.js';
import type { PlannedRequest, PlanOptions, StatementPlan } from './plan-types.js';
import { readTarget, type PartiqlTableDescription } from './schema.js';
import { toCondition, toUpdate } from './to-expressions.js';

const RETURN_VALUES = {
  'ALL OLD': 'ALL_OLD',
  'ALL NEW': 'ALL_NEW',
  'MODIFIED OLD': 'UPDATED_OLD',
  'MODIFIED NEW': 'UPDATED_NEW',
} as const satisfies Record<PqlReturning, PlannedRequest['ReturnValues']>;

function exists(name: string, negated: boolean): Condition {
  return { kind: 'call', name: negated ? 'attribute_not_exists' : 'attribute_exists', args: [{ kind: 'path', elements: [{ type: 'name', name }] }] };
}

export function planInsert(statement: InsertStatement, table: PartiqlTableDescription, options: PlanOptions): StatementPlan {
  const target = readTarget(table);
  const value = bindValue(statement.item, options.parameters ?? []);
  const item = (value as { M: Item }).M;
  for (const key of target.tableKeys) {
    const keyValue = item[key.name];
    if (keyValue === undefined) throw partiqlError(partiqlMessages.keyMissingInItem(key.name));
    checkKeyValue(key, keyValue);
  }
  const partitionKey = target.tableKeys[0]!.name;
  const request: PlannedRequest = { TableName: target.tableName, Item: item, ...printExpressions({ condition: exists(partitionKey, true) }) };
  return {
    statement,
    tableName: target.tableName,
    operation: 'PutItem',
    request,
    requests: [request],
    capacity: estimateCapacity('PutItem', itemSize(item), false, 1),
  };
}

export function planUpdateOrDelete(
  statement: UpdateStatement | DeleteStatement,
  table: PartiqlTableDescription,
  options: PlanOptions,
  text: string,
): StatementPlan {
  const parameters = options.parameters ?? [];
  const target = readTarget(table);
  const where = statement.where ? toCondition(statement.where, parameters, text) : undefined;
  const isUpdate = statement.kind === 'update';
  const update = isUpdate ? toUpdate(statement.clauses, parameters, text) : undefined;
  // DynamoDB checks the expressions before it looks for the key.
  checkPlannedRequest({ TableName: target.tableName, ...printExpressions({ ...(update ? { update } : {}), ...(where ? { condition: where } : {}) }) });
  const rest = conjuncts(where);
  if (where?.kind === 'or') throw partiqlError(partiqlMessages.fullKeyEquality);
  const key: Item = {};
  for (const keyAttribute of target.tableKeys) {
    const index = rest.findIndex((c) => equalityValue(c, keyAttribute.name) !== undefined);
    if (index < 0) throw partiqlError(partiqlMessages.fullKeyEquality);
    const value = equalityValue(rest.splice(index, 1)[0]!, keyAttribute.name)!;
    checkKeyValue(keyAttribute, value);
    key[keyAttribute.name] = value;
    // A second equality on the key naming another item; one naming the same item is only a condition.
    const other = rest.map((c) => equalityValue(c, keyAttribute.name)).find((v) => v !== undefined && JSON.stringify(v) !== JSON.stringify(value));
    if (other !== undefined) throw partiqlError(partiqlMessages.sameKeyTwice(keyAttribute.name));
  }
  const condition = joinAnd(isUpdate ? [exists(target.tableKeys[0]!.name, false), ...rest] : rest);
  if (update) checkUpdateDoesNotTouchKeys(update, target.tableKeys.map((k) => k.name));
  const request: PlannedRequest = { TableName: target.tableName, Key: key };
  Object.assign(request, printExpressions({ ...(update ? { update } : {}), ...(condition ? { condition } : {}) }));
  if (statement.returning !== undefined) request.ReturnValues = RETURN_VALUES[statement.returning];
  checkPlannedRequest(request);
  const operation = isUpdate ? 'UpdateItem' : 'DeleteItem';
  return {
    statement,
    tableName: target.tableName,
    operation,
    request,
    requests: [request],
    capacity: estimateCapacity(operation, options.itemSizeBytes ?? DEFAULT_ITEM_SIZE_BYTES, false, 1),
  };
}
