/**
 * Stored values and item sizes on DynamoDB Local equal core's: a random item
 * reads back as `validateItem` normalizes it (top-level numbers canonical,
 * nested ones equal in value), and the 400 KB limit falls exactly where
 * `itemSize` says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { INVALID_NUMBER_MESSAGE, MAX_ITEM_SIZE_BYTES, compareBytes, compareNumbers, compareStrings, itemSize, normalizeNumber, validateItem } from '@dynotable/core';
import type { AttributeValue, Item } from '@dynotable/core';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { createTable, deleteTable, uniqueTableName } from '../oracle/tables.js';
import { itemArbitrary, numberText } from '../support/arbitraries-values.js';

const skip = oracleUnavailable();
const table = uniqueTableName('values');
let client: DynamoDBClient;

/** Sets come back in DynamoDB's own order; sort members so sets compare as sets. */
function sortSets(value: AttributeValue): AttributeValue {
  if ('SS' in value) return { SS: [...value.SS].sort(compareStrings) };
  if ('NS' in value) return { NS: [...value.NS].sort(compareNumbers) };
  if ('BS' in value) return { BS: [...value.BS].sort(compareBytes) };
  if ('L' in value) return { L: value.L.map(sortSets) };
  if ('M' in value) return { M: sortItemSets(value.M) };
  return value;
}

function sortItemSets(item: Item): Item {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, sortSets(value)]));
}

async function put(item: Item): Promise<string | undefined> {
  try {
    await client.send(new PutItemCommand({ TableName: table, Item: item }));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe.skipIf(skip)('values on DynamoDB Local', () => {
  beforeAll(async () => {
    client = oracleClient();
    await createTable(client, table, { partitionKey: 'pk', partitionType: 'S' });
  });
  afterAll(async () => {
    await deleteTable(client, table);
  });

  it('reads a random item back in the normalized form', async () => {
    await fc.assert(
      fc.asyncProperty(itemArbitrary({ maxDepth: 3 }), async (generated) => {
        const item = { ...generated, pk: { S: 'round-trip' } };
        expect(await put(item)).toBeUndefined();
        const read = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'round-trip' } } }));
        const stored = read.Item as Item;
        const expected = validateItem(item);
        // DynamoDB Local returns numbers nested in M and L as they were written
        // (only top-level N and NS are canonical), so compare nested ones by value.
        expect(sortItemSets(validateItem(stored))).toEqual(sortItemSets(expected));
        for (const [name, value] of Object.entries(stored)) {
          if ('N' in value || 'NS' in value) expect(sortSets(value)).toEqual(sortSets(expected[name]!));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('stores every number spelling in canonical form', async () => {
    await fc.assert(
      fc.asyncProperty(numberText, async (text) => {
        expect(await put({ pk: { S: 'n' }, n: { N: text } })).toBeUndefined();
        const read = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'n' } } }));
        expect(read.Item?.['n']).toEqual({ N: normalizeNumber(text) });
      }),
      { numRuns: 80 },
    );
  });

  it('refuses the same malformed numbers', async () => {
    for (const text of [' 5', '5.5.5', '1e', 'Infinity', '0x10', '1e2147483648']) {
      expect(await put({ pk: { S: 'bad' }, n: { N: text } })).toBe(INVALID_NUMBER_MESSAGE);
    }
  });

  it('puts the 400 KB limit exactly where itemSize does', async () => {
    await fc.assert(
      fc.asyncProperty(itemArbitrary({ maxDepth: 3 }), async (generated) => {
        const base: Item = { ...generated, pk: { S: 'size' } };
        delete base['pad'];
        const room = MAX_ITEM_SIZE_BYTES - itemSize(base) - itemSize({ pad: { S: '' } });
        expect(await put({ ...base, pad: { S: 'x'.repeat(room) } })).toBeUndefined();
        expect(await put({ ...base, pad: { S: 'x'.repeat(room + 1) } })).toMatch(/Item size has exceeded the maximum allowed size/);
      }),
      { numRuns: 40 },
    );
  });
});
