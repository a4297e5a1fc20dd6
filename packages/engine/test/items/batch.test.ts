/**
 * BatchGetItem and BatchWriteItem through the engine. Messages were measured
 * on DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { engineWith, N, S, thrown } from './support.js';

const key = (pk: string) => ({ pk: S(pk), sk: S('b') });

describe('BatchWriteItem', () => {
  it('puts and deletes across tables and answers UnprocessedItems {}', () => {
    const engine = engineWith({ name: 'one', sort: true }, { name: 'two', sort: true });
    engine.execute('PutItem', { TableName: 'two', Item: key('gone') });
    const output = engine.execute('BatchWriteItem', {
      RequestItems: {
        one: [{ PutRequest: { Item: { ...key('a'), v: N(1) } } }, { PutRequest: { Item: key('b') } }],
        two: [{ DeleteRequest: { Key: key('gone') } }],
      },
    });
    expect(output).toEqual({ UnprocessedItems: {} });
    expect(engine.execute('GetItem', { TableName: 'one', Key: key('a') }).Item).toEqual({ ...key('a'), v: N(1) });
    expect(engine.execute('GetItem', { TableName: 'two', Key: key('gone') })).toEqual({});
  });

  it('rounds each item to 1 KB separately (500 B + 3.5 KB = 5 units)', () => {
    const engine = engineWith({ name: 'one', sort: true });
    const output = engine.execute('BatchWriteItem', {
      RequestItems: {
        one: [
          { PutRequest: { Item: { ...key('a'), d: S('x'.repeat(490)) } } },
          { PutRequest: { Item: { ...key('b'), d: S('x'.repeat(3574)) } } },
        ],
      },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.ConsumedCapacity).toEqual([{ TableName: 'one', CapacityUnits: 5, WriteCapacityUnits: 5 }]);
  });

  it('refuses more than 25 requests, duplicates, and malformed requests, writing nothing', () => {
    const engine = engineWith({ name: 'one', sort: true });
    const puts = Array.from({ length: 26 }, (_, i) => ({ PutRequest: { Item: key(String(i)) } }));
    // AWS's framework form, the requests printed as their class and a hash (DynamoDB Local: 'Too many items requested …').
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: { one: puts } })).message).toMatch(
      /^1 validation error detected: Value '\{one=\[(com\.amazonaws\.dynamodb\.v20120810\.WriteRequest@[0-9a-f]+(, )?){26}\]\}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: \[Member must have length less than or equal to 25, Member must have length greater than or equal to 1\]$/,
    );
    // Over 25 in all, but no table over 25: DynamoDB's own check.
    const split = { one: puts.slice(0, 13), two: puts.slice(13) };
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: split })).message).toBe('Too many items requested for the BatchWriteItem call');
    const duplicate = [{ PutRequest: { Item: key('a') } }, { DeleteRequest: { Key: key('a') } }];
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: { one: duplicate } })).message).toBe(
      'Provided list of item keys contains duplicates',
    );
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: {} })).message).toBe(
      'The requestItems parameter is required for BatchWriteItem',
    );
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: { one: [] } })).message).toBe(
      'The batch write request list for a table cannot be null or empty: one',
    );
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: { one: [{}] } })).message).toBe(
      'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes',
    );
    expect(thrown(() => engine.execute('BatchWriteItem', { RequestItems: { one: [{ PutRequest: { Item: { pk: S('a') } } }] } })).message).toBe(
      'One of the required keys was not given a value',
    );
    const partlyBad = [{ PutRequest: { Item: key('ok') } }, { PutRequest: { Item: { pk: S('x') } } }];
    thrown(() => engine.execute('BatchWriteItem', { RequestItems: { one: partlyBad } }));
    expect(engine.execute('GetItem', { TableName: 'one', Key: key('ok') })).toEqual({});
  });
});

describe('BatchGetItem', () => {
  it('returns found items per table with per-table projection, and UnprocessedKeys {}', () => {
    const engine = engineWith({ name: 'one', sort: true }, { name: 'two', sort: true });
    engine.execute('PutItem', { TableName: 'one', Item: { ...key('a'), v: N(1), w: N(2) } });
    engine.execute('PutItem', { TableName: 'two', Item: { ...key('c'), v: N(3) } });
    const output = engine.execute('BatchGetItem', {
      RequestItems: {
        one: { Keys: [key('a'), key('missing')], ProjectionExpression: 'w' },
        two: { Keys: [key('c')], ConsistentRead: true },
      },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.Responses).toEqual({ one: [{ w: N(2) }], two: [{ ...key('c'), v: N(3) }] });
    expect(output.UnprocessedKeys).toEqual({});
    // Each item rounded to 4 KB on its own; a missing key costs nothing in a batch (DynamoDB Local).
    expect(output.ConsumedCapacity).toEqual([
      { TableName: 'one', CapacityUnits: 0.5, ReadCapacityUnits: 0.5 },
      { TableName: 'two', CapacityUnits: 1, ReadCapacityUnits: 1 },
    ]);
  });

  it('refuses more than 100 keys, duplicates and empty requests', () => {
    const engine = engineWith({ name: 'one', sort: true });
    const keys = Array.from({ length: 101 }, (_, i) => key(String(i)));
    expect(thrown(() => engine.execute('BatchGetItem', { RequestItems: { one: { Keys: keys } } })).message).toBe(
      "1 validation error detected: Value at 'RequestItems.one.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100",
    );
    const split = { one: { Keys: keys.slice(0, 50) }, two: { Keys: keys.slice(50) } };
    expect(thrown(() => engine.execute('BatchGetItem', { RequestItems: split })).message).toBe('Too many items requested for the BatchGetItem call');
    expect(thrown(() => engine.execute('BatchGetItem', { RequestItems: { one: { Keys: [key('a'), key('a')] } } })).message).toBe(
      'Provided list of item keys contains duplicates',
    );
    expect(thrown(() => engine.execute('BatchGetItem', { RequestItems: {} })).message).toBe('The requestItems parameter is required for BatchGetItem');
    expect(thrown(() => engine.execute('BatchGetItem', { RequestItems: { one: { Keys: [] } } })).message).toBe(
      'The list of keys in RequestItems for BatchGetItem is required: one has empty list',
    );
  });
});

describe('BatchGetItem over 16 MB', () => {
  it('returns the keys beyond 16 MB of items in UnprocessedKeys, with the table request', () => {
    const engine = engineWith({ name: 'big', sort: true });
    const value = S('x'.repeat(400 * 1024 - 100));
    const keys = Array.from({ length: 45 }, (_, i) => key(String(i).padStart(2, '0')));
    for (const k of keys) engine.execute('PutItem', { TableName: 'big', Item: { ...k, d: value } });
    const output = engine.execute('BatchGetItem', { RequestItems: { big: { Keys: keys, ConsistentRead: true } } });
    const returned = (output.Responses as Record<string, unknown[]>).big!.length;
    const rest = (output.UnprocessedKeys as Record<string, { Keys: unknown[]; ConsistentRead: boolean }>).big!;
    // 409,500-byte items: 40 fit in 16 MB.
    expect(returned).toBe(40);
    expect(rest.ConsistentRead).toBe(true);
    expect(rest.Keys).toEqual(keys.slice(40));
  });
});
