/**
 * Limits the engine enforces as AWS does (docs/dynamodb-rules.md#limits-and-errors):
 * index key sizes on every write and on a new GSI's backfill, the 4 MB
 * transaction, the ClientRequestToken's length, and a TransactGetItems whose
 * Get has a bad key.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionCanceledError } from '../../src/items/errors.js';
import { engineWith, S, thrown } from './support.js';

const spec = { name: 'limits', gsis: [{ name: 'byGH', partition: 'g', sort: 'h' }] };
const tooLarge = (attribute: string, size: number, max: number) =>
  `One or more parameter values were invalid: Size limit exceeded for Index Key ${attribute} Actual Size: ${size} bytes Max Size: ${max} bytes IndexName: byGH`;

describe('index key sizes', () => {
  it('refuses a put, an update and a transaction whose index key value is over its limit', () => {
    const engine = engineWith(spec);
    const put = (g: string, h: string) => () => engine.execute('PutItem', { TableName: 'limits', Item: { pk: S('a'), g: S(g), h: S(h) } });
    put('g'.repeat(2048), 'h'.repeat(1024))();
    expect(thrown(put('g'.repeat(2049), 'h')).message).toBe(tooLarge('g', 2049, 2048));
    expect(thrown(put('g', 'h'.repeat(1025))).message).toBe(tooLarge('h', 1025, 1024));
    // UTF-8 bytes, not characters.
    expect(thrown(put('é'.repeat(1025), 'h')).message).toBe(tooLarge('g', 2050, 2048));
    const update = () =>
      engine.execute('UpdateItem', { TableName: 'limits', Key: { pk: S('a') }, UpdateExpression: 'SET h = :h', ExpressionAttributeValues: { ':h': S('h'.repeat(1025)) } });
    expect(thrown(update).message).toBe(tooLarge('h', 1025, 1024));
    // A transaction refuses the request itself, as it does an empty index key value.
    const transaction = thrown(() =>
      engine.execute('TransactWriteItems', { TransactItems: [{ Put: { TableName: 'limits', Item: { pk: S('b'), g: S('g'.repeat(2049)), h: S('h') } } }] }),
    );
    expect(transaction).toMatchObject({ name: 'ValidationException', message: tooLarge('g', 2049, 2048) });
    expect(engine.execute('GetItem', { TableName: 'limits', Key: { pk: S('a') } }).Item).toMatchObject({ h: S('h'.repeat(1024)) });
  });

  it('leaves out of a new GSI the items whose key is empty, oversized or of the wrong type', () => {
    const engine = engineWith({ name: 'plain' });
    const items: Record<string, Record<string, unknown>> = {
      fits: { x: S('x'), y: S('y') },
      atLimits: { x: S('x'.repeat(2048)), y: S('y'.repeat(1024)) },
      emptyPartition: { x: S(''), y: S('y') },
      emptySort: { x: S('x'), y: S('') },
      longPartition: { x: S('x'.repeat(2049)), y: S('y') },
      longSort: { x: S('x'), y: S('y'.repeat(1025)) },
      wrongType: { x: { N: '1' }, y: S('y') },
      missingSort: { x: S('x') },
    };
    for (const [pk, item] of Object.entries(items)) engine.execute('PutItem', { TableName: 'plain', Item: { pk: S(pk), ...item } });
    engine.execute('UpdateTable', {
      TableName: 'plain',
      AttributeDefinitions: [
        { AttributeName: 'x', AttributeType: 'S' },
        { AttributeName: 'y', AttributeType: 'S' },
      ],
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName: 'byXY',
            KeySchema: [
              { AttributeName: 'x', KeyType: 'HASH' },
              { AttributeName: 'y', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        },
      ],
    });
    const { Items } = engine.execute('Scan', { TableName: 'plain', IndexName: 'byXY' }) as { Items: { pk: { S: string } }[] };
    expect(Items.map((item) => item.pk.S).sort()).toEqual(['atLimits', 'fits']);
  });
});

describe('transactions', () => {
  it('refuses more than 4 MB of items, naming the running sum that passed the limit', () => {
    const engine = engineWith({ name: 'limits' });
    const body = 'x'.repeat(400_000);
    // 'pk' + 'aN' + 'd' + body = 400,005 bytes; the eleventh item brings the sum to 4,400,055.
    const TransactItems = Array.from({ length: 11 }, (_, i) => ({ Put: { TableName: 'limits', Item: { pk: S(`a${i}`), d: S(body) } } }));
    expect(thrown(() => engine.execute('TransactWriteItems', { TransactItems })).message).toBe('Transaction payload size cannot exceed 4MB. Payload Size: 4400056');
    // Ten of them fit (4,000,050 bytes).
    engine.execute('TransactWriteItems', { TransactItems: TransactItems.slice(0, 10) });
  });

  it('checks the ClientRequestToken is 1 to 36 characters', () => {
    const engine = engineWith({ name: 'limits' });
    const write = (ClientRequestToken: string) => () =>
      engine.execute('TransactWriteItems', { ClientRequestToken, TransactItems: [{ Put: { TableName: 'limits', Item: { pk: S('a') } } }] });
    write('t'.repeat(36))();
    expect(thrown(write('t'.repeat(37))).message).toBe(
      `1 validation error detected: Value '${'t'.repeat(37)}' at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36`,
    );
    expect(thrown(write('')).message).toBe(
      "1 validation error detected: Value '' at 'clientRequestToken' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
  });

  it('cancels a TransactGetItems whose Get has a bad key, one reason per Get', () => {
    const engine = engineWith({ name: 'limits' });
    const error = thrown(() =>
      engine.execute('TransactGetItems', {
        TransactItems: [
          { Get: { TableName: 'limits', Key: {} } },
          { Get: { TableName: 'limits', Key: { pk: S('a') } } },
          { Get: { TableName: 'limits', Key: { pk: { N: '1' } } } },
        ],
      }),
    ) as unknown as TransactionCanceledError;
    expect(error.message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError, None, ValidationError]');
    expect(error.cancellationReasons).toEqual([
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
    ]);
  });
});
