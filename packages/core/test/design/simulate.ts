/**
 * Runs a GetItem or Query request over items in memory the way DynamoDB does:
 * the index holds items carrying its key attributes, the key condition picks a
 * partition and range, items come in sort key byte order (reversed when
 * ScanIndexForward is false), Limit counts before the filter.
 */
import { compareScalars, evaluateCondition, parseCondition } from '@dynotable/core';
import type { CodegenRequest, Item, TableSpec } from '@dynotable/core';

export function runRequest(table: TableSpec, items: readonly Item[], request: CodegenRequest): Item[] {
  const params = request.params;
  const attributes = { names: params.ExpressionAttributeNames, values: params.ExpressionAttributeValues };
  if (request.operation === 'GetItem') {
    const key = params.Key!;
    return items.filter((item) => Object.entries(key).every(([name, v]) => compareScalars(item[name]!, v) === 0));
  }
  const gsi = table.globalSecondaryIndexes.find((index) => index.name === params.IndexName);
  const lsi = table.localSecondaryIndexes.find((index) => index.name === params.IndexName);
  const partitionKey = gsi ? gsi.partitionKey.name : table.partitionKey.name;
  const sortKey = gsi ? gsi.sortKey?.name : lsi ? lsi.sortKey.name : table.sortKey?.name;
  const inIndex = items.filter((item) => item[partitionKey] !== undefined && (sortKey === undefined || item[sortKey] !== undefined));
  const keyCondition = parseCondition(params.KeyConditionExpression!, 'KeyConditionExpression', attributes);
  let result = inIndex.filter((item) => evaluateCondition(keyCondition, item));
  if (sortKey !== undefined) result.sort((a, b) => compareScalars(a[sortKey]!, b[sortKey]!)!);
  if (params.ScanIndexForward === false) result.reverse();
  if (params.Limit !== undefined) result = result.slice(0, params.Limit);
  if (params.FilterExpression !== undefined) {
    const filter = parseCondition(params.FilterExpression, 'FilterExpression', attributes);
    result = result.filter((item) => evaluateCondition(filter, item));
  }
  return result;
}
