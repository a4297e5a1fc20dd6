/**
 * Behaviours settled by the differential test against DynamoDB Local: the
 * wording of an emptied index key in an update, the order of checks in
 * transactions (an empty index key refuses the request, a Put checks its new
 * item before its condition), duplicates in batches, and which error wins.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionCanceledError } from '../../src/items/errors.js';
import { engineWith, S, thrown } from './support.js';

const spec = {
  name: 'found',
  sort: true,
  gsis: [{ name: 'gsi', partition: 'g' }],
  lsis: [{ name: 'lsi', sort: 'l', projection: 'KEYS_ONLY' as const }],
};
const key = { pk: S('a'), sk: S('b') };
const FAILING = 'attribute_exists(zz)';
const UPDATE_EMPTY =
  'One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.';
const PUT_EMPTY = (index: string, attribute: string) =>
  `One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: ${index}, IndexKey: ${attribute}`;

function reasons(run: () => unknown): unknown {
  const error = thrown(run) as unknown as TransactionCanceledError;
  expect(error.name).toBe('TransactionCanceledException');
  return error.cancellationReasons;
}

describe('UpdateItem emptying an index key', () => {
  it('is refused with the update wording, GSIs before LSIs', () => {
    const engine = engineWith(spec);
    const error = thrown(() =>
      engine.execute('UpdateItem', {
        TableName: 'found',
        Key: key,
        UpdateExpression: 'SET l = :e, g = :n',
        ExpressionAttributeValues: { ':e': S(''), ':n': { N: '1' } },
      }),
    );
    // The GSI's wrong type is reported before the LSI's empty string.
    expect(error.message).toBe('One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: gsi');
    const empty = thrown(() =>
      engine.execute('UpdateItem', { TableName: 'found', Key: key, UpdateExpression: 'SET l = :e', ExpressionAttributeValues: { ':e': S('') } }),
    );
    expect([empty.name, empty.message]).toEqual(['ValidationException', UPDATE_EMPTY]);
    // An empty binary for the string key l: the emptiness is reported, not the type.
    const emptyBinary = thrown(() =>
      engine.execute('UpdateItem', { TableName: 'found', Key: key, UpdateExpression: 'SET l = :e', ExpressionAttributeValues: { ':e': { B: '' } } }),
    );
    expect(emptyBinary.message).toBe(UPDATE_EMPTY.replace('string', 'binary'));
    expect(engine.execute('GetItem', { TableName: 'found', Key: key })).toEqual({});
  });

  it('keeps the PutItem wording for AttributeUpdates', () => {
    const engine = engineWith(spec);
    const error = thrown(() =>
      engine.execute('UpdateItem', { TableName: 'found', Key: key, AttributeUpdates: { g: { Action: 'PUT', Value: S('') } } }),
    );
    expect(error.message).toBe(PUT_EMPTY('gsi', 'g'));
  });

  it('fails a false condition first', () => {
    const engine = engineWith(spec);
    const error = thrown(() =>
      engine.execute('UpdateItem', {
        TableName: 'found',
        Key: key,
        UpdateExpression: 'SET g = :e',
        ConditionExpression: FAILING,
        ExpressionAttributeValues: { ':e': S('') },
      }),
    );
    expect(error.name).toBe('ConditionalCheckFailedException');
  });
});

describe('TransactWriteItems', () => {
  const put = (item: Record<string, unknown>, condition?: string) => ({
    Put: { TableName: 'found', Item: item, ...(condition ? { ConditionExpression: condition } : {}) },
  });

  it('refuses a Put with an empty index key before any condition', () => {
    const engine = engineWith(spec);
    const error = thrown(() => engine.execute('TransactWriteItems', { TransactItems: [put({ ...key, g: S('') }, FAILING)] }));
    expect([error.name, error.message]).toEqual(['ValidationException', PUT_EMPTY('gsi', 'g')]);
  });

  it('reads every action (expressions included) before refusing an empty index key', () => {
    const engine = engineWith(spec);
    const error = thrown(() =>
      engine.execute('TransactWriteItems', { TransactItems: [put({ ...key, g: S('') }), put({ pk: S('other'), sk: S('b') }, 'a = = b')] }),
    );
    expect(error.message).toMatch(/^Invalid ConditionExpression: Syntax error/);
  });

  it('refuses an Update emptying an index key even when another action fails', () => {
    const engine = engineWith(spec);
    const error = thrown(() =>
      engine.execute('TransactWriteItems', {
        TransactItems: [
          put({ pk: S('other'), sk: S('b') }, FAILING),
          { Update: { TableName: 'found', Key: key, UpdateExpression: 'SET g = :e', ExpressionAttributeValues: { ':e': S('') } } },
        ],
      }),
    );
    expect([error.name, error.message]).toEqual(['ValidationException', UPDATE_EMPTY]);
  });

  it("checks a Put's index key types before its condition", () => {
    const engine = engineWith(spec);
    expect(reasons(() => engine.execute('TransactWriteItems', { TransactItems: [put({ ...key, l: { N: '1' } }, FAILING)] }))).toEqual([
      { Code: 'ValidationError', Message: 'One or more parameter values were invalid: Type mismatch for Index Key l Expected: S Actual: N IndexName: lsi' },
    ]);
  });

  it('refuses two actions on one item before evaluating any condition', () => {
    const engine = engineWith(spec);
    const run = (...items: unknown[]) => () => engine.execute('TransactWriteItems', { TransactItems: items });
    const other = { pk: S('other'), sk: S('b') };
    for (const refused of [run(put(key, FAILING), put(key)), run(put(other, FAILING), put(key), put(key)), run(put(key), { ConditionCheck: { TableName: 'found', Key: key, ConditionExpression: FAILING } })]) {
      expect(thrown(refused).message).toBe('Transaction request cannot include multiple operations on one item');
    }
    expect(engine.execute('Scan', { TableName: 'found' })).toMatchObject({ Count: 0 });
  });
});

describe('batches', () => {
  it('BatchGetItem finds duplicate keys before checking them against the schema', () => {
    const engine = engineWith(spec);
    const error = thrown(() => engine.execute('BatchGetItem', { RequestItems: { found: { Keys: [{ pk: S('a') }, { pk: S('a') }] } } }));
    expect(error.message).toBe('Provided list of item keys contains duplicates');
    expect(thrown(() => engine.execute('BatchGetItem', { RequestItems: { found: { Keys: [{ pk: S('a') }] } } })).message).toBe(
      'The provided key element does not match the schema',
    );
  });

  it('BatchWriteItem checks each request, in order, before comparing it with the earlier ones', () => {
    const engine = engineWith(spec);
    const other = { pk: S('other'), sk: S('b') };
    const write = (...requests: unknown[]) => () => engine.execute('BatchWriteItem', { RequestItems: { found: requests } });
    const badItem = { PutRequest: { Item: { ...other, g: { N: '1' } } } };
    expect(thrown(write({ PutRequest: { Item: key } }, badItem, { DeleteRequest: { Key: key } })).message).toBe(
      'One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: gsi',
    );
    expect(thrown(write({ PutRequest: { Item: key } }, { DeleteRequest: { Key: key } }, badItem)).message).toBe('Provided list of item keys contains duplicates');
    // A duplicate that is itself invalid reports its own problem.
    expect(thrown(write({ PutRequest: { Item: other } }, badItem)).message).toMatch(/^One or more parameter values were invalid: Type mismatch for Index Key g/);
  });
});

describe('TransactGetItems', () => {
  it('finds a repeated item Get by Get, before a later Get with a bad key', () => {
    const engine = engineWith(spec);
    const get = (...keys: unknown[]) => () => engine.execute('TransactGetItems', { TransactItems: keys.map((Key) => ({ Get: { TableName: 'found', Key } })) });
    const badKey = { ...key, extra: S('x') };
    expect(thrown(get(key, key, badKey)).message).toBe('Transaction request cannot include multiple operations on one item');
    // A repeated item refuses the request even past a bad key; a bad key alone cancels the
    // transaction (AWS: per-Get validation goes through the cancellation reasons).
    expect(thrown(get(key, badKey, key)).message).toBe('Transaction request cannot include multiple operations on one item');
    expect(thrown(get(key, badKey)).message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]');
  });
});

describe('Query with a Limit', () => {
  it('gives no LastEvaluatedKey on a hash-only table, and one at the Limit with a sort key', () => {
    const engine = engineWith({ name: 'hash' }, { name: 'ranged', sort: true });
    engine.execute('PutItem', { TableName: 'hash', Item: { pk: S('a') } });
    engine.execute('PutItem', { TableName: 'ranged', Item: key });
    const query = (table: string) =>
      engine.execute('Query', { TableName: table, KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': S('a') }, Limit: 1 });
    expect(query('hash')).toEqual({ Items: [{ pk: S('a') }], Count: 1, ScannedCount: 1 });
    expect(query('ranged')).toMatchObject({ Count: 1, LastEvaluatedKey: key });
  });
});

describe('which error wins', () => {
  it('UpdateItem and DeleteItem check the key before their expressions', () => {
    const engine = engineWith(spec);
    const bad = { pk: S('a') };
    expect(thrown(() => engine.execute('DeleteItem', { TableName: 'found', Key: bad, ConditionExpression: 'a = = b' })).message).toBe(
      'The provided key element does not match the schema',
    );
    expect(thrown(() => engine.execute('UpdateItem', { TableName: 'found', Key: bad, UpdateExpression: 'SET a = :missing' })).message).toBe(
      'The provided key element does not match the schema',
    );
  });

  it('names the partition key when an update or a filter uses both key attributes', () => {
    const engine = engineWith(spec, { name: 'indexed', gsis: [{ name: 'gsi', partition: 'g', sort: 'h' }] });
    const update = thrown(() =>
      engine.execute('UpdateItem', { TableName: 'found', Key: key, UpdateExpression: 'REMOVE sk SET pk = :v', ExpressionAttributeValues: { ':v': S('c') } }),
    );
    expect(update.message).toBe('One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key');
    const filter = thrown(() =>
      engine.execute('Query', {
        TableName: 'indexed',
        IndexName: 'gsi',
        KeyConditionExpression: 'g = :v',
        FilterExpression: 'attribute_exists(h) OR g <> :v',
        ExpressionAttributeValues: { ':v': S('c') },
      }),
    );
    expect(filter.message).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: g');
  });
});
