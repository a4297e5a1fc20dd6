/**
 * PutItem, GetItem, DeleteItem through the engine. Messages and response
 * shapes were confirmed on DynamoDB Local unless a comment says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { ConditionalCheckFailedError } from '../../src/items/errors.js';
import { engineWith, N, S, thrown } from './support.js';

const table = { name: 'items', sort: true };
const key = { pk: S('a'), sk: S('1') };

describe('PutItem and GetItem', () => {
  it('stores an item and reads it back, numbers normalized', () => {
    const engine = engineWith(table);
    expect(engine.execute('PutItem', { TableName: 'items', Item: { ...key, n: N('1.50'), ss: { SS: ['x', 'y'] } } })).toEqual({});
    expect(engine.execute('GetItem', { TableName: 'items', Key: key })).toEqual({
      Item: { ...key, n: N('1.5'), ss: { SS: ['x', 'y'] } },
    });
  });

  it('returns ALL_OLD only when an item was replaced, and refuses ALL_NEW', () => {
    const engine = engineWith(table);
    expect(engine.execute('PutItem', { TableName: 'items', Item: { ...key, v: N(1) }, ReturnValues: 'ALL_OLD' })).toEqual({});
    expect(engine.execute('PutItem', { TableName: 'items', Item: { ...key, v: N(2) }, ReturnValues: 'ALL_OLD' })).toEqual({
      Attributes: { ...key, v: N(1) },
    });
    expect(thrown(() => engine.execute('PutItem', { TableName: 'items', Item: key, ReturnValues: 'ALL_NEW' })).message).toBe(
      'Return values set to invalid value',
    );
  });

  it('projects with ProjectionExpression and AttributesToGet; a missing attribute gives an empty Item', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'items', Item: { ...key, m: { M: { x: N(1), y: N(2) } }, z: S('z') } });
    expect(engine.execute('GetItem', { TableName: 'items', Key: key, ProjectionExpression: 'm.y, #z', ExpressionAttributeNames: { '#z': 'z' } })).toEqual({
      Item: { m: { M: { y: N(2) } }, z: S('z') },
    });
    expect(engine.execute('GetItem', { TableName: 'items', Key: key, AttributesToGet: ['z'] })).toEqual({ Item: { z: S('z') } });
    expect(engine.execute('GetItem', { TableName: 'items', Key: key, ProjectionExpression: 'nothere' })).toEqual({ Item: {} });
  });

  it('refuses mixing AttributesToGet with ProjectionExpression', () => {
    const engine = engineWith(table);
    const error = thrown(() => engine.execute('GetItem', { TableName: 'items', Key: key, AttributesToGet: ['a'], ProjectionExpression: 'a' }));
    expect(error.message).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}',
    );
  });

  it('charges a missing item 0.5 (eventual) or 1 (strong) read unit, and a 5 KB item 2 strong units', () => {
    const engine = engineWith(table);
    const get = (consistent: boolean) =>
      engine.execute('GetItem', { TableName: 'items', Key: key, ConsistentRead: consistent, ReturnConsumedCapacity: 'TOTAL' }).ConsumedCapacity as Record<string, unknown>;
    expect(get(false).CapacityUnits).toBe(0.5);
    expect(get(true).CapacityUnits).toBe(1);
    engine.execute('PutItem', { TableName: 'items', Item: { ...key, d: S('x'.repeat(5000)) } });
    expect(get(true).CapacityUnits).toBe(2);
    expect(get(false).CapacityUnits).toBe(1);
  });

  it('checks keys against the schema', () => {
    const engine = engineWith(table);
    expect(thrown(() => engine.execute('GetItem', { TableName: 'items', Key: { pk: S('a') } })).message).toBe(
      'The provided key element does not match the schema',
    );
    expect(thrown(() => engine.execute('PutItem', { TableName: 'items', Item: { pk: S('a') } })).message).toBe(
      'One or more parameter values were invalid: Missing the key sk in the item',
    );
  });

  it('reports a missing table as DynamoDB does (Local words it differently)', () => {
    const engine = engineWith(table);
    const error = thrown(() => engine.execute('GetItem', { TableName: 'nothere', Key: key }));
    expect([error.name, error.message]).toEqual(['ResourceNotFoundException', 'Requested resource not found']);
  });

  it('refuses an item over 400 KB with the PutItem wording', () => {
    const engine = engineWith(table);
    const error = thrown(() => engine.execute('PutItem', { TableName: 'items', Item: { ...key, d: S('x'.repeat(400 * 1024)) } }));
    expect(error.message).toBe('Item size has exceeded the maximum allowed size');
  });

  it('counts LSI entries toward 400 KB: with an ALL-projected LSI an item may be 204,800 bytes', () => {
    const engine = engineWith({ name: 'local', sort: true, lsis: [{ name: 'lsi', sort: 'l' }] });
    // pk, sk, l and d names and values: 9 bytes besides d's value.
    const item = (size: number) => ({ pk: S('a'), sk: S('b'), l: S('x'), d: S('a'.repeat(size - 9)) });
    expect(engine.execute('PutItem', { TableName: 'local', Item: item(204_800) })).toEqual({});
    expect(thrown(() => engine.execute('PutItem', { TableName: 'local', Item: item(204_801) })).message).toBe(
      'Item size has exceeded the maximum allowed size',
    );
    // Without the LSI key the item is not in the index and may be larger.
    const { l: _omitted, ...unindexed } = item(300_000);
    expect(engine.execute('PutItem', { TableName: 'local', Item: unindexed })).toEqual({});
  });

  it('validates enum members with the framework message (DynamoDB; Local skips this check)', () => {
    const engine = engineWith(table);
    const error = thrown(() => engine.execute('PutItem', { TableName: 'items', Item: key, ReturnValuesOnConditionCheckFailure: 'Z' }));
    expect(error.message).toBe(
      "1 validation error detected: Value 'Z' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]",
    );
  });
});

describe('conditions on writes', () => {
  it('fails with "The conditional request failed" and carries the old item with ALL_OLD', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'items', Item: { ...key, v: N(1) } });
    const error = thrown(() =>
      engine.execute('PutItem', {
        TableName: 'items',
        Item: key,
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    expect(error).toBeInstanceOf(ConditionalCheckFailedError);
    expect([error.name, error.message]).toEqual(['ConditionalCheckFailedException', 'The conditional request failed']);
    expect((error as unknown as ConditionalCheckFailedError).item).toEqual({ ...key, v: N(1) });
    // Nothing was written.
    expect(engine.execute('GetItem', { TableName: 'items', Key: key }).Item).toEqual({ ...key, v: N(1) });
  });

  it('leaves the old item out without ALL_OLD', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'items', Item: key });
    const error = thrown(() => engine.execute('DeleteItem', { TableName: 'items', Key: key, ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': N(1) } }));
    expect((error as unknown as ConditionalCheckFailedError).item).toBeUndefined();
  });

  it('accepts the legacy Expected and refuses mixing it with ConditionExpression', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'items', Item: { ...key, v: N(1) } });
    const put = (expected: unknown) => () => engine.execute('PutItem', { TableName: 'items', Item: { ...key, v: N(2) }, Expected: expected });
    expect(thrown(put({ v: { Value: N(5) } })).name).toBe('ConditionalCheckFailedException');
    expect(put({ v: { Value: N(1) } })()).toEqual({});
    expect(put({ v: { ComparisonOperator: 'GT', AttributeValueList: [N(1)] } })()).toEqual({});
    expect(thrown(put({ v: { Exists: false, Value: N(1) } })).message).toBe(
      'One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: v',
    );
    expect(
      thrown(() => engine.execute('PutItem', { TableName: 'items', Item: key, Expected: { v: { Exists: false } }, ConditionalOperator: 'AND', ConditionExpression: 'a = b' }))
        .message,
    ).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected, ConditionalOperator} Expression parameters: {ConditionExpression}',
    );
  });

  it('refuses placeholders without expressions', () => {
    const engine = engineWith(table);
    expect(thrown(() => engine.execute('PutItem', { TableName: 'items', Item: key, ExpressionAttributeValues: { ':a': S('a') } })).message).toBe(
      'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null',
    );
    expect(thrown(() => engine.execute('PutItem', { TableName: 'items', Item: key, ExpressionAttributeNames: { '#a': 'a' } })).message).toBe(
      'ExpressionAttributeNames can only be specified when using expressions',
    );
    expect(thrown(() => engine.execute('PutItem', { TableName: 'items', Item: key, ExpressionAttributeValues: {}, ConditionExpression: 'a = b' })).message).toBe(
      'ExpressionAttributeValues must not be empty',
    );
  });
});

describe('DeleteItem', () => {
  it('removes the item, returns it with ALL_OLD, and bills a missing item 1 unit', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'items', Item: { ...key, d: S('x'.repeat(1500)) } });
    const deleted = engine.execute('DeleteItem', { TableName: 'items', Key: key, ReturnValues: 'ALL_OLD', ReturnConsumedCapacity: 'TOTAL' });
    expect((deleted.Attributes as Record<string, unknown>).d).toEqual(S('x'.repeat(1500)));
    expect((deleted.ConsumedCapacity as Record<string, unknown>).CapacityUnits).toBe(2);
    expect(engine.execute('GetItem', { TableName: 'items', Key: key })).toEqual({});
    const again = engine.execute('DeleteItem', { TableName: 'items', Key: key, ReturnConsumedCapacity: 'TOTAL' });
    expect(again).toEqual({ ConsumedCapacity: { TableName: 'items', CapacityUnits: 1, WriteCapacityUnits: 1 } });
  });
});
