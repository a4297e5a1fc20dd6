/**
 * Which error wins when a write has several problems, as measured on
 * DynamoDB Local: PutItem checks the item (keys, index keys) before its
 * expressions and condition; UpdateItem checks its condition before refusing
 * a key attribute; in a transaction a mistyped key or a key update cancels
 * with a ValidationError reason.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionCanceledError } from '../../src/items/errors.js';
import { engineWith, N, S, thrown } from './support.js';

const spec = {
  name: 'ordered',
  sort: true,
  gsis: [{ name: 'gsi', partition: 'g' }],
  lsis: [{ name: 'lsi', sort: 'g', projection: 'KEYS_ONLY' as const }],
};
const key = { pk: S('a'), sk: S('b') };

describe('PutItem', () => {
  it('refuses an empty index key, naming the LSI first', () => {
    const engine = engineWith(spec);
    expect(thrown(() => engine.execute('PutItem', { TableName: 'ordered', Item: { ...key, g: S('') }, ConditionExpression: 'attribute_exists(zz)' })).message).toBe(
      'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: lsi, IndexKey: g',
    );
  });

  it('reports a missing key before a syntax error in the condition', () => {
    const engine = engineWith(spec);
    expect(thrown(() => engine.execute('PutItem', { TableName: 'ordered', Item: { pk: S('a') }, ConditionExpression: 'a = = b' })).message).toBe(
      'One or more parameter values were invalid: Missing the key sk in the item',
    );
  });

  it('reports an index key type mismatch before unused placeholders and a failing condition', () => {
    const engine = engineWith(spec);
    engine.execute('PutItem', { TableName: 'ordered', Item: key });
    const error = thrown(() =>
      engine.execute('PutItem', {
        TableName: 'ordered',
        Item: { ...key, g: N(1) },
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':unused': N(1) },
      }),
    );
    expect(error.message).toMatch(/^One or more parameter values were invalid: Type mismatch for Index Key g/);
  });
});

describe('UpdateItem', () => {
  it('fails the condition before refusing a key attribute', () => {
    const engine = engineWith(spec);
    const update = (condition?: string) => () =>
      engine.execute('UpdateItem', {
        TableName: 'ordered',
        Key: key,
        UpdateExpression: 'SET pk = :v',
        ExpressionAttributeValues: { ':v': S('1') },
        ...(condition ? { ConditionExpression: condition } : {}),
      });
    expect(thrown(update('attribute_exists(zz)')).name).toBe('ConditionalCheckFailedException');
    expect(thrown(update()).message).toBe('One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key');
  });
});

describe('TransactWriteItems', () => {
  it('cancels with ValidationError reasons for a mistyped key and a key update', () => {
    const engine = engineWith(spec);
    const error = thrown(() =>
      engine.execute('TransactWriteItems', {
        TransactItems: [
          { Delete: { TableName: 'ordered', Key: { pk: N(1), sk: S('b') } } },
          { Update: { TableName: 'ordered', Key: key, UpdateExpression: 'SET sk = :v', ExpressionAttributeValues: { ':v': S('c') } } },
          { Put: { TableName: 'ordered', Item: { pk: S('c'), sk: S('d') } } },
        ],
      }),
    ) as unknown as TransactionCanceledError;
    expect(error.cancellationReasons).toEqual([
      { Code: 'ValidationError', Message: 'One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N' },
      { Code: 'ValidationError', Message: 'One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key' },
      { Code: 'None' },
    ]);
    expect(engine.execute('GetItem', { TableName: 'ordered', Key: { pk: S('c'), sk: S('d') } })).toEqual({});
  });
});
