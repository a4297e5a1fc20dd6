/**
 * TransactWriteItems and TransactGetItems through the engine. Messages and
 * reason shapes were measured on DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { TransactionCanceledError } from '../../src/items/errors.js';
import { engineWith, N, S, thrown } from './support.js';

const table = { name: 'txn', sort: true, gsis: [{ name: 'byG', partition: 'g' }] };
const key = (pk: string) => ({ pk: S(pk), sk: S('b') });

describe('TransactWriteItems', () => {
  it('applies every action or none', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'txn', Item: { ...key('old'), v: N(1) } });
    const cancelled = thrown(() =>
      engine.execute('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'txn', Item: key('new') } },
          { Delete: { TableName: 'txn', Key: key('old'), ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': N(2) } } },
        ],
      }),
    );
    expect(cancelled).toBeInstanceOf(TransactionCanceledError);
    expect(cancelled.message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]');
    expect((cancelled as unknown as TransactionCanceledError).cancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
    expect(engine.execute('GetItem', { TableName: 'txn', Key: key('new') })).toEqual({});
    engine.execute('TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: 'txn', Item: key('new') } },
        { Update: { TableName: 'txn', Key: key('old'), UpdateExpression: 'ADD v :one', ExpressionAttributeValues: { ':one': N(1) } } },
      ],
    });
    expect(engine.execute('GetItem', { TableName: 'txn', Key: key('new') }).Item).toEqual(key('new'));
    expect(engine.execute('GetItem', { TableName: 'txn', Key: key('old') }).Item).toEqual({ ...key('old'), v: N(2) });
  });

  it('gives reasons in request order with the old item for ALL_OLD; a ConditionCheck message ends with a period', () => {
    const engine = engineWith(table);
    engine.execute('PutItem', { TableName: 'txn', Item: key('t1') });
    const error = thrown(() =>
      engine.execute('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'txn', Item: key('t1'), ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
          { ConditionCheck: { TableName: 'txn', Key: key('t2'), ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    ) as unknown as TransactionCanceledError;
    expect(error.cancellationReasons).toEqual([
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: key('t1') },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed.' },
    ]);
  });

  it('cancels with a ValidationError reason when a new item has an index key of the wrong type', () => {
    const engine = engineWith(table);
    const error = thrown(() =>
      engine.execute('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'txn', Item: { ...key('a'), g: N(1) } } },
          { ConditionCheck: { TableName: 'txn', Key: key('b'), ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    ) as unknown as TransactionCanceledError;
    expect(error.cancellationReasons.map((reason) => reason.Code)).toEqual(['ValidationError', 'ConditionalCheckFailed']);
  });

  it('refuses invalid requests with ValidationException, not a cancellation', () => {
    const engine = engineWith(table);
    const run = (items: unknown) => () => engine.execute('TransactWriteItems', { TransactItems: items });
    expect(thrown(run([{ Put: { TableName: 'txn', Item: key('a') } }, { Delete: { TableName: 'txn', Key: key('a') } }])).message).toBe(
      'Transaction request cannot include multiple operations on one item',
    );
    const badKey = thrown(run([{ Delete: { TableName: 'txn', Key: { pk: S('a') } } }]));
    expect([badKey.name, badKey.message]).toEqual(['ValidationException', 'The provided key element does not match the schema']);
    expect(thrown(run([{}])).message).toBe('Invalid Request: TransactWriteRequest should contain Delete or Put or Update request');
    expect(thrown(run([{ Put: { TableName: 'txn', Item: key('a') }, Delete: { TableName: 'txn', Key: key('a') } }])).message).toBe(
      'TransactItems can only contain one of Check, Put, Update or Delete',
    );
    const operand = thrown(run([{ Update: { TableName: 'txn', Key: key('a'), UpdateExpression: 'SET a = a + :n', ExpressionAttributeValues: { ':n': N(1) } } }]));
    expect(operand.name).toBe('ValidationException');
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ Put: { TableName: 'txn', Item: key(String(i)) } }));
    expect(thrown(run(tooMany)).message).toContain("at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100");
  });

  it('costs twice the write units, rounded per item first', () => {
    const engine = engineWith({ name: 'plain', sort: true });
    const output = engine.execute('TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: 'plain', Item: { ...key('a'), d: S('x'.repeat(1500)) } } },
        { Put: { TableName: 'plain', Item: key('b') } },
      ],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.ConsumedCapacity).toEqual([{ TableName: 'plain', CapacityUnits: 6, WriteCapacityUnits: 6 }]);
  });

  it('replays a ClientRequestToken within 10 minutes without applying twice, and refuses it for another request', () => {
    let now = 1_000_000;
    const engine = engineWith({ name: 'plain', sort: true });
    Object.assign(engine.context, { now: () => now });
    const request = (value: string) => ({
      TransactItems: [{ Update: { TableName: 'plain', Key: key('a'), UpdateExpression: 'ADD n :one SET v = :v', ExpressionAttributeValues: { ':one': N(1), ':v': S(value) } } }],
      ClientRequestToken: 'token-1',
    });
    engine.execute('TransactWriteItems', request('x'));
    engine.execute('TransactWriteItems', request('x'));
    expect(engine.execute('GetItem', { TableName: 'plain', Key: key('a') }).Item).toEqual({ ...key('a'), n: N(1), v: S('x') });
    expect(thrown(() => engine.execute('TransactWriteItems', request('y'))).name).toBe('IdempotentParameterMismatchException');
    now += 10 * 60 * 1000;
    engine.execute('TransactWriteItems', request('y'));
    expect(engine.execute('GetItem', { TableName: 'plain', Key: key('a') }).Item).toEqual({ ...key('a'), n: N(2), v: S('y') });
  });
});

describe('TransactGetItems', () => {
  it('returns one response per Get in order, {} for a missing item, at twice the read units', () => {
    const engine = engineWith({ name: 'plain', sort: true });
    engine.execute('PutItem', { TableName: 'plain', Item: { ...key('a'), v: N(1) } });
    const output = engine.execute('TransactGetItems', {
      TransactItems: [
        { Get: { TableName: 'plain', Key: key('missing') } },
        { Get: { TableName: 'plain', Key: key('a'), ProjectionExpression: 'v' } },
      ],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.Responses).toEqual([{}, { Item: { v: N(1) } }]);
    expect(output.ConsumedCapacity).toEqual([{ TableName: 'plain', CapacityUnits: 4, ReadCapacityUnits: 4 }]);
  });
});
