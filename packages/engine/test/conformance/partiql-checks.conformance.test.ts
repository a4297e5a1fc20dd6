/**
 * PartiQL on every target, as measured on DynamoDB Local: `IS <type>` reads
 * the items of that type; what DynamoDB parses and then refuses is refused
 * with its message; a batch counts a SELECT that repeats a key equality as
 * the one item it reads, but a keyed SELECT with a filter is no single-item
 * read and names no item; a misspelled keyword is a syntax error.
 */
import { BatchExecuteStatementCommand, ExecuteStatementCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, keySchema, N, rejection, S } from './requests.js';
import { describeEachTarget } from './targets.js';

describeEachTarget('PartiQL checks', (target) => {
  let table = '';
  const select = async (where: string) => {
    const { Items } = await target.client.send(new ExecuteStatementCommand({ Statement: `SELECT sk FROM "${table}" WHERE pk = 'a' AND ${where}` }));
    return (Items ?? []).map((item) => Number(item.sk!.N)).sort((x, y) => x - y);
  };
  const batch = async (...statements: string[]) =>
    target.client.send(new BatchExecuteStatementCommand({ Statements: statements.map((Statement) => ({ Statement })) }));

  it('IS <type> reads the items whose attribute has that type', async () => {
    table = target.tableName('pq-is');
    await createTable(target, { TableName: table, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }], KeySchema: keySchema('pk', 'sk') });
    const values: AttributeValue[] = [S('s'), N(1), { L: [] }, { M: {} }, { BOOL: true }, { B: new Uint8Array([1]) }, { NULL: true }, { SS: ['a'] }];
    for (const [sk, x] of values.entries()) await target.client.send(new PutItemCommand({ TableName: table, Item: { pk: S('a'), sk: N(sk), x } }));
    await target.client.send(new PutItemCommand({ TableName: table, Item: { pk: S('a'), sk: N(8) } }));
    expect(await select('x IS STRING')).toEqual([0]);
    expect(await select('x IS NUMERIC')).toEqual([1]);
    expect(await select('x IS LIST')).toEqual([2]);
    expect(await select('x IS STRUCT')).toEqual([3]);
    expect(await select('x is tuple')).toEqual([3]);
    expect(await select('x IS BOOLEAN')).toEqual([4]);
    expect(await select('x IS BOOL')).toEqual([4]);
    expect(await select('x IS BLOB')).toEqual([5]);
    expect(await select('x IS NULL')).toEqual([6]);
    // A set is none of them; an item without x is NOT any of them.
    expect(await select('x IS NOT STRING')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await select('x IS NUMERIC(5)')).toEqual([1]);

    const refused = async (where: string) => (await rejection(select(where))).message;
    expect(await refused('x IS INT')).toMatch(/^Unsupported data type for IS operator: INTEGER\. Supported data types are \[MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST\] at 1:\d+:2$/);
    expect(await refused('x IS NUMBER')).toMatch(/^Statement wasn't well formed, can't be processed: /);
    expect(await refused('x = `1`')).toMatch(/^Ion Literals are not supported: INT under key root at 1:\d+:3$/);
    expect(await refused("x = {'a': `{{aGk=}}`}")).toMatch(/^Ion Literals are not supported: BLOB under key root\.a at 1:\d+:10$/);
    expect(await refused('size(x)')).toBe('Incorrect operand type for operator or function; operator or function: AND, operand type: N');
    expect(await refused('x')).toBe('The arguments to AND/OR must be Expressions');
    const count = await rejection(target.client.send(new ExecuteStatementCommand({ Statement: `SELECT COUNT(*) FROM "${table}"` })));
    expect(count.message).toBe('Unexpected path component at 1:8:5');
  });

  it('a batch names one item by a repeated key equality, none by a keyed SELECT with a filter', async () => {
    const key = `pk = 'a' AND sk = 1`;
    const twice = await rejection(batch(`SELECT * FROM "${table}" WHERE ${key} AND sk = 1`, `SELECT * FROM "${table}" WHERE ${key}`));
    expect([twice.name, twice.message]).toEqual(['ValidationException', 'Provided list of item keys contains duplicates']);
    const alone = await batch(`SELECT sk FROM "${table}" WHERE pk = 'a' AND pk = 'a' AND sk = 1`);
    expect(alone.Responses).toEqual([{ TableName: table, Item: { sk: N(1) } }]);
    const filtered = await batch(`SELECT sk FROM "${table}" WHERE ${key} AND x = 1`, `SELECT sk FROM "${table}" WHERE ${key}`);
    expect(filtered.Responses).toEqual([
      { Error: { Code: 'ValidationError', Message: 'Only single item select is supported' } },
      { TableName: table, Item: { sk: N(1) } },
    ]);
  });

  it('a misspelled keyword is a syntax error; a word alone is no operation', async () => {
    const misspelled = `SELEC * FROM "${table}"`;
    const alone = await rejection(target.client.send(new ExecuteStatementCommand({ Statement: misspelled })));
    expect(alone.message).toBe(`Statement wasn't well formed, can't be processed: ${misspelled}`);
    const word = await rejection(target.client.send(new ExecuteStatementCommand({ Statement: 'SELEC' })));
    expect(word.message).toBe('Unsupported operation: VariableReference');
    const { Responses } = await batch(misspelled, 'SELEC', `"${table}".x`);
    expect(Responses).toEqual([
      { Error: { Code: 'ValidationError', Message: `Statement wasn't well formed, can't be processed: ${misspelled}` } },
      { Error: { Code: 'ValidationError', Message: 'Invalid operation. Only select, insert, update and delete operations are valid' } },
      { Error: { Code: 'ValidationError', Message: 'Invalid operation. Only select, insert, update and delete operations are valid' } },
    ]);
  });
});
