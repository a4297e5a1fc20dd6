/**
 * Strings that UTF-8 cannot encode, through the AWS SDK on every target, with
 * the same expectations for DynamoDB Local and the engine (docs/strings.md):
 * the SDK sends a lone surrogate as the JSON escape `\ud800`, DynamoDB keeps
 * the string as sent, and orders, sizes and keys it by its UTF-8 bytes with
 * each lone surrogate as the byte `?`. The model below is written here, not
 * taken from core, so DynamoDB Local checks it as much as it checks the engine.
 */
import {
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type AttributeValue,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createTable, S, stringKeys } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';
import { byteOrder, dynamoBytes, identity, keyString } from '../items/string-model.js';


const sOf = (value: AttributeValue | undefined) => (value as { S: string }).S;

async function queryAll(target: ConformanceTarget, input: QueryCommandInput): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await target.client.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey !== undefined);
  return items;
}

describeEachTarget('Strings with lone surrogates, U+FFFD, U+0000 and astral characters', (target) => {
  let hashTable: string;
  let rangeTable: string;

  beforeAll(async () => {
    hashTable = target.tableName('strings-hash');
    rangeTable = target.tableName('strings-range');
    await createTable(target, { TableName: hashTable, ...stringKeys('pk') });
    await createTable(target, { TableName: rangeTable, ...stringKeys('pk', 'sk') });
  });

  it('makes k\\ud800 and k\\udbff one item and keeps k\\ufffd apart', async () => {
    const put = async (key: string, n: number) =>
      (await target.client.send(new PutItemCommand({ TableName: hashTable, Item: { pk: S(`issue|${key}`), n: { N: String(n) } }, ReturnValues: 'ALL_OLD' }))).Attributes;
    expect(await put('k\ud800', 0)).toBeUndefined();
    expect(await put('k\udbff', 1)).toEqual({ pk: S('issue|k\ud800'), n: { N: '0' } });
    expect(await put('k\ufffd', 2)).toBeUndefined();
    expect(await put('k?', 3)).toEqual({ pk: S('issue|k\udbff'), n: { N: '1' } });
    const get = async (key: string) => (await target.client.send(new GetItemCommand({ TableName: hashTable, Key: { pk: S(`issue|${key}`) } }))).Item;
    expect(await get('k\udc00')).toEqual({ pk: S('issue|k?'), n: { N: '3' } });
    expect(await get('k\ufffd')).toEqual({ pk: S('issue|k\ufffd'), n: { N: '2' } });
  });

  it('merges, orders and finds random string keys as the byte model says', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(keyString, { minLength: 1, maxLength: 8 }), keyString, async (keys, probe) => {
        const pk = S(`random|${run++}`);
        const model = new Map<string, { key: string; n: number }>();
        for (const [n, key] of keys.entries()) {
          const old = (await target.client.send(new PutItemCommand({ TableName: rangeTable, Item: { pk, sk: S(key), n: { N: String(n) } }, ReturnValues: 'ALL_OLD' }))).Attributes;
          const before = model.get(identity(key));
          expect(old === undefined ? undefined : sOf(old.sk), JSON.stringify(key)).toBe(before?.key);
          model.set(identity(key), { key, n });
        }
        const expected = [...model.values()].sort((a, b) => byteOrder(a.key, b.key)).map((e) => ({ sk: e.key, n: String(e.n) }));
        const read = async (input: Partial<QueryCommandInput> = {}, condition = '', values: Record<string, AttributeValue> = {}) =>
          (
            await queryAll(target, {
              TableName: rangeTable,
              KeyConditionExpression: `pk = :pk${condition}`,
              ExpressionAttributeValues: { ':pk': pk, ...values },
              ...input,
            })
          ).map((item) => ({ sk: sOf(item.sk), n: (item.n as { N: string }).N }));
        expect(await read()).toEqual(expected);
        expect(await read({ ScanIndexForward: false, Limit: 3 })).toEqual([...expected].reverse());
        const order = (test: (c: number) => boolean) => expected.filter((e) => test(byteOrder(e.sk, probe)));
        expect(await read({}, ' AND sk <= :v', { ':v': S(probe) })).toEqual(order((c) => c <= 0));
        expect(await read({}, ' AND sk > :v', { ':v': S(probe) })).toEqual(order((c) => c > 0));
        const prefix = dynamoBytes(probe);
        expect(await read({}, ' AND begins_with(sk, :v)', { ':v': S(probe) })).toEqual(expected.filter((e) => dynamoBytes(e.sk).subarray(0, prefix.length).equals(prefix)));
      }),
      { numRuns: 25, seed: 0x5715, endOnFailure: true },
    );
  });

  it('returns strings as written, in keys, values and attribute names', async () => {
    const Item = { pk: S('round\ud800trip'), v: S('x\udc00y\ufffd\u0000\ud83d\ude00'), 'a\ud800': S('1'), 'a\udbff': S('2'), m: { M: { 'b\ud800': S('3'), 'b?': S('4') } } };
    await target.client.send(new PutItemCommand({ TableName: hashTable, Item }));
    const got = (await target.client.send(new GetItemCommand({ TableName: hashTable, Key: { pk: S('round?trip') } }))).Item;
    expect(got).toEqual(Item);
  });

  it('counts a lone surrogate as one byte in key limits and capacity', async () => {
    const put = (Item: Record<string, AttributeValue>) =>
      target.client.send(new PutItemCommand({ TableName: rangeTable, Item, ReturnConsumedCapacity: 'TOTAL' })).then(
        (output) => output.ConsumedCapacity?.CapacityUnits,
        (error: Error) => error.name,
      );
    expect(await put({ pk: S('\ud800'.repeat(2048)), sk: S('s') })).toBe(3);
    expect(await put({ pk: S('\ud800'.repeat(2049)), sk: S('s') })).toBe('ValidationException');
    expect(await put({ pk: S('\ufffd'.repeat(683)), sk: S('s') })).toBe('ValidationException');
    expect(await put({ pk: S('size'), sk: S('\udc00'.repeat(1024)) })).toBe(2);
    expect(await put({ pk: S('size'), sk: S('\udc00'.repeat(1025)) })).toBe('ValidationException');
    // pk, sk, v and the values `size`, `s0`: 11 bytes, so 1013 one-byte characters fill 1 KB.
    expect(await put({ pk: S('size'), sk: S('s0'), v: S('\ud800'.repeat(1013)) })).toBe(1);
    expect(await put({ pk: S('size'), sk: S('s1'), v: S('\ud800'.repeat(1014)) })).toBe(2);
  });
});
