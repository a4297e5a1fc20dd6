/**
 * Single-item and batch operations through the AWS SDK on every target:
 * PutItem, GetItem, UpdateItem, DeleteItem with conditions and ReturnValues,
 * the legacy Expected and AttributeUpdates, BatchGetItem and BatchWriteItem.
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, N, rejection, S, stringKeys } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

async function pkSkTable(target: ConformanceTarget, prefix: string): Promise<string> {
  const TableName = target.tableName(prefix);
  await createTable(target, { TableName, ...stringKeys('pk', 'sk') });
  return TableName;
}


const key = { pk: S('a'), sk: S('1') };

describeEachTarget('items', (target) => {
  it('puts, gets, updates and deletes an item with exact numbers', async () => {
    const TableName = await pkSkTable(target, 'items-crud');
    const big = '12345678901234567890123456789012345678';
    await target.client.send(new PutItemCommand({ TableName, Item: { ...key, n: N(big), b: { B: new Uint8Array([0, 255]) } } }));
    const got = await target.client.send(new GetItemCommand({ TableName, Key: key, ConsistentRead: true }));
    expect(got.Item).toEqual({ ...key, n: N(big), b: { B: new Uint8Array([0, 255]) } });
    const updated = await target.client.send(
      new UpdateItemCommand({
        TableName,
        Key: key,
        UpdateExpression: 'SET m.x = :v, c = :v REMOVE b',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':v': N(1) },
        ReturnValues: 'UPDATED_NEW',
      }),
    ).catch((error: Error) => error);
    // m does not exist, so SET m.x is refused.
    expect((updated as Error).message).toBe('The document path provided in the update expression is invalid for update');
    const next = await target.client.send(
      new UpdateItemCommand({
        TableName,
        Key: key,
        UpdateExpression: 'SET m = :m, c = :v REMOVE b',
        ExpressionAttributeValues: { ':v': N(1), ':m': { M: { x: N(2) } } },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    expect(next.Attributes).toEqual({ m: { M: { x: N(2) } }, c: N(1) });
    const deleted = await target.client.send(new DeleteItemCommand({ TableName, Key: key, ReturnValues: 'ALL_OLD' }));
    expect(deleted.Attributes).toEqual({ ...key, n: N(big), m: { M: { x: N(2) } }, c: N(1) });
    expect((await target.client.send(new GetItemCommand({ TableName, Key: key }))).Item).toBeUndefined();
  });

  it('refuses to update a key attribute with DynamoDB exact message', async () => {
    const TableName = await pkSkTable(target, 'items-key');
    const error = await rejection(
      target.client.send(new UpdateItemCommand({ TableName, Key: key, UpdateExpression: 'SET sk = :v', ExpressionAttributeValues: { ':v': S('2') } })),
    );
    expect(error.name).toBe('ValidationException');
    expect(error.message).toBe('One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key');
  });

  it('fails a condition with the old item when ReturnValuesOnConditionCheckFailure is ALL_OLD', async () => {
    const TableName = await pkSkTable(target, 'items-condition');
    await target.client.send(new PutItemCommand({ TableName, Item: { ...key, v: N(1) } }));
    const error = await rejection(
      target.client.send(
        new PutItemCommand({ TableName, Item: key, ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      ),
    );
    expect(error.name).toBe('ConditionalCheckFailedException');
    expect(error.message).toBe('The conditional request failed');
    expect(error.Item).toEqual({ ...key, v: N(1) });
  });

  it('evaluates the legacy Expected and AttributeUpdates', async () => {
    const TableName = await pkSkTable(target, 'items-legacy');
    await target.client.send(new PutItemCommand({ TableName, Item: { ...key, v: N(1) }, Expected: { v: { Exists: false } } }));
    const failed = await rejection(target.client.send(new PutItemCommand({ TableName, Item: key, Expected: { v: { Value: N(2) } } })));
    expect(failed.name).toBe('ConditionalCheckFailedException');
    const updated = await target.client.send(
      new UpdateItemCommand({
        TableName,
        Key: key,
        AttributeUpdates: { v: { Action: 'ADD', Value: N(5) }, l: { Action: 'ADD', Value: { L: [S('x')] } } },
        Expected: { v: { ComparisonOperator: 'EQ', AttributeValueList: [N(1)] } },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(updated.Attributes).toEqual({ ...key, v: N(6), l: { L: [S('x')] } });
    const mixed = await rejection(
      target.client.send(new PutItemCommand({ TableName, Item: key, Expected: { v: { Exists: false } }, ConditionExpression: 'attribute_exists(v)' })),
    );
    expect(mixed.message).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}',
    );
  });

  it('writes and reads batches, refusing duplicates', async () => {
    const TableName = await pkSkTable(target, 'items-batch');
    const written = await target.client.send(
      new BatchWriteItemCommand({
        RequestItems: { [TableName]: [1, 2, 3].map((i) => ({ PutRequest: { Item: { pk: S('a'), sk: S(String(i)), v: N(i) } } })) },
      }),
    );
    expect(written.UnprocessedItems).toEqual({});
    const read = await target.client.send(
      new BatchGetItemCommand({
        RequestItems: { [TableName]: { Keys: [{ pk: S('a'), sk: S('3') }, { pk: S('a'), sk: S('9') }], ProjectionExpression: 'v' } },
      }),
    );
    expect(read.Responses?.[TableName]).toEqual([{ v: N(3) }]);
    expect(read.UnprocessedKeys).toEqual({});
    const duplicate = await rejection(
      target.client.send(new BatchGetItemCommand({ RequestItems: { [TableName]: { Keys: [key, key] } } })),
    );
    expect(duplicate.message).toBe('Provided list of item keys contains duplicates');
    const tooMany = await rejection(
      target.client.send(
        new BatchWriteItemCommand({
          RequestItems: { [TableName]: Array.from({ length: 26 }, (_, i) => ({ PutRequest: { Item: { pk: S('b'), sk: S(String(i)) } } })) },
        }),
      ),
    );
    // AWS reports the framework constraint on the table's list; DynamoDB Local its own sentence.
    if (target.isDynamoDbLocal) expect(tooMany.message).toBe('Too many items requested for the BatchWriteItem call');
    else expect(tooMany.message).toMatch(/^1 validation error detected: Value '\{.*\}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: /);
  });

  it('charges a 5 KB GetItem 2 units strongly consistent and a missing item 0.5 eventually', async () => {
    const TableName = await pkSkTable(target, 'items-capacity');
    await target.client.send(new PutItemCommand({ TableName, Item: { ...key, d: S('x'.repeat(5000)) } }));
    const strong = await target.client.send(new GetItemCommand({ TableName, Key: key, ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL' }));
    expect(strong.ConsumedCapacity?.CapacityUnits).toBe(2);
    const missing = await target.client.send(new GetItemCommand({ TableName, Key: { pk: S('z'), sk: S('z') }, ReturnConsumedCapacity: 'TOTAL' }));
    expect(missing.ConsumedCapacity?.CapacityUnits).toBe(0.5);
  });
});
