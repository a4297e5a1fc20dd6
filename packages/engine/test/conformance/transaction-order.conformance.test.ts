/**
 * Which of several invalid actions a TransactWriteItems is refused for, on
 * every target: the syntax of every action's expressions first, then action by
 * action its table, its key and (a Put) an empty index key. Found by the
 * randomized differential test.
 */
import { TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, keySchema, refusal as refusalOf } from './requests.js';
import { describeEachTarget } from './targets.js';

const EMPTY_INDEX_KEY =
  'One or more parameter values are not valid. A value specified for a secondary index key is not supported. ' +
  'The AttributeValue for a key attribute cannot contain an empty string value. IndexName: lsi0, IndexKey: l1';

describeEachTarget('transaction validation order', (target) => {
  const indexed = target.tableName('tx-order-lsi');
  const plain = target.tableName('tx-order-plain');

  const refusal = (actions: TransactWriteItem[]) => refusalOf(target.client.send(new TransactWriteItemsCommand({ TransactItems: actions })));

  it('refuses for the first invalid action in DynamoDB order', async () => {
    await createTable(target, {
      TableName: indexed,
      AttributeDefinitions: [
        { AttributeName: 's', AttributeType: 'N' },
        { AttributeName: 'd', AttributeType: 'S' },
        { AttributeName: 'l1', AttributeType: 'S' },
      ],
      KeySchema: keySchema('s', 'd'),
      LocalSecondaryIndexes: [{ IndexName: 'lsi0', KeySchema: keySchema('s', 'l1'), Projection: { ProjectionType: 'ALL' } }],
    });
    await createTable(target, {
      TableName: plain,
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'N' },
        { AttributeName: 'd', AttributeType: 'S' },
      ],
      KeySchema: keySchema('pk', 'd'),
    });
    const emptyIndexKey: TransactWriteItem = { Put: { TableName: indexed, Item: { s: { N: '1' }, d: { S: 'A' }, l1: { S: '' } } } };
    const update = (TableName: string, Key: Record<string, AttributeValue>, UpdateExpression: string): TransactWriteItem => ({
      Update: { TableName, Key, UpdateExpression, ExpressionAttributeValues: { ':v': { S: 'x' } } },
    });
    const keyWithoutSort = update(plain, { pk: { N: '1' } }, 'SET a = :v');
    const syntaxError = update(plain, { pk: { N: '1' }, d: { S: 'x' } }, 'SET = :v');
    const noTable = update(target.tableName('tx-order-missing'), { pk: { N: '1' }, d: { S: 'x' } }, 'SET a = :v');

    // An earlier action's empty index key comes before a later action's key or table.
    expect(await refusal([emptyIndexKey, keyWithoutSort])).toEqual({ name: 'ValidationException', message: EMPTY_INDEX_KEY });
    expect(await refusal([emptyIndexKey, noTable])).toEqual({ name: 'ValidationException', message: EMPTY_INDEX_KEY });
    // A later action's missing table or wrong key comes after an earlier action's.
    expect((await refusal([noTable, emptyIndexKey])).name).toBe('ResourceNotFoundException');
    expect((await refusal([keyWithoutSort, emptyIndexKey])).message).not.toBe(EMPTY_INDEX_KEY);
    // Every action's expression syntax comes before any table or key.
    const syntax = { name: 'ValidationException', message: 'Invalid UpdateExpression: Syntax error; token: "=", near: "SET = :v"' };
    expect(await refusal([emptyIndexKey, syntaxError])).toEqual(syntax);
    expect(await refusal([syntaxError, emptyIndexKey])).toEqual(syntax);
  });
});
