/**
 * Which of several invalid actions a TransactWriteItems is refused for, on
 * every target: the syntax of every action's expressions first, then action by
 * action its table, its key and (a Put) an empty index key. Found by the
 * randomized differential test.
 */
import { CreateTableCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { describeEachTarget } from './targets.js';

const EMPTY_INDEX_KEY =
  'One or more parameter values are not valid. A value specified for a secondary index key is not supported. ' +
  'The AttributeValue for a key attribute cannot contain an empty string value. IndexName: lsi0, IndexKey: l1';

describeEachTarget('transaction validation order', (target) => {
  const indexed = target.tableName('tx-order-lsi');
  const plain = target.tableName('tx-order-plain');

  async function refusal(actions: TransactWriteItem[]): Promise<{ name: string; message: string }> {
    try {
      await target.client.send(new TransactWriteItemsCommand({ TransactItems: actions }));
    } catch (error) {
      return { name: (error as Error).name, message: (error as Error).message };
    }
    throw new Error('expected the transaction to be refused');
  }

  it('refuses for the first invalid action in DynamoDB order', async () => {
    await target.client.send(
      new CreateTableCommand({
        TableName: indexed,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 's', AttributeType: 'N' },
          { AttributeName: 'd', AttributeType: 'S' },
          { AttributeName: 'l1', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 's', KeyType: 'HASH' },
          { AttributeName: 'd', KeyType: 'RANGE' },
        ],
        LocalSecondaryIndexes: [
          {
            IndexName: 'lsi0',
            KeySchema: [
              { AttributeName: 's', KeyType: 'HASH' },
              { AttributeName: 'l1', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await target.client.send(
      new CreateTableCommand({
        TableName: plain,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'N' },
          { AttributeName: 'd', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'd', KeyType: 'RANGE' },
        ],
      }),
    );
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
