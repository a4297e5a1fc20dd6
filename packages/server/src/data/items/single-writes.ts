/** PutItem and DeleteItem requests: the item checked as DynamoDB would, the user's condition, and `ifNotExists`. */
import { printCondition, type CodegenParams, type Condition } from '@dynotable/core';
import { allOf, notExists, userCondition } from '../conditions.js';
import { type TableShape } from '../table-description.js';
import { readItemToWrite, readWireForWrite } from '../wire-input.js';
import type { DeleteInput, PutInput } from './write-schemas.js';

function conditionFields(condition: Condition | undefined): Partial<CodegenParams> {
  return condition === undefined ? {} : printCondition(condition);
}

export function putParams(table: TableShape, input: PutInput): CodegenParams {
  const item = readItemToWrite(input.Item, 'put');
  const user = userCondition(input);
  const guard = input.ifNotExists === true ? notExists(table.keys.partition.name) : undefined;
  const condition = allOf([user, guard].filter((c): c is Condition => c !== undefined));
  return {
    TableName: table.name,
    Item: item,
    ...conditionFields(condition),
    ReturnValues: 'ALL_OLD',
    ReturnConsumedCapacity: 'INDEXES',
  };
}

export function deleteParams(table: TableShape, input: DeleteInput): CodegenParams {
  return {
    TableName: table.name,
    Key: readWireForWrite(input.Key),
    ...conditionFields(userCondition(input)),
    ReturnValues: 'ALL_OLD',
    ReturnConsumedCapacity: 'INDEXES',
  };
}
