/**
 * Sort-key order on DynamoDB Local equals core's comparators: strings by UTF-8
 * bytes (U+E000–U+FFFF below astral characters, a lone surrogate as `?`),
 * numbers numerically at full precision, binary as unsigned bytes. Query
 * reads every page; ScanIndexForward false must give the exact reverse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { compareBytes, compareNumbers, compareStrings, dynamoDbStringForm, normalizeNumber } from '@dynotable/core';
import type { AttributeValue, KeyType } from '@dynotable/core';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { createTable, deleteTable, putAll, queryAll, uniqueTableName } from './tables.js';
import { oracleRun } from './seed.js';

const codePoint = (min: number, max: number) => fc.integer({ min, max }).map((cp) => String.fromCodePoint(cp));
const stringChar = fc.oneof(
  codePoint(0x20, 0x7e),
  codePoint(0x80, 0xff),
  codePoint(0x100, 0xd7ff),
  codePoint(0xe000, 0xffff),
  codePoint(0x10000, 0x10ffff),
  // A small alphabet, so long common prefixes force deep comparisons.
  fc.constantFrom('a', 'A', 'z', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '😀', '\u{10ffff}'),
  // Lone surrogate halves (the JSON escape `\ud800` sends one), which DynamoDB encodes as `?`,
  // next to `?` itself, U+FFFD and NUL (docs/strings.md).
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('?', '\ufffd', '\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
);
const sortString = fc.array(stringChar, { minLength: 1, maxLength: 24 }).map((chars) => chars.join(''));

/** Up to 38 significant digits, magnitudes across DynamoDB's whole range 1E-130..9.99E125. */
const sortNumber = fc.oneof(
  fc.record({
    negative: fc.boolean(),
    digits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 37 }),
    lead: fc.integer({ min: 1, max: 9 }),
    exponent: fc.integer({ min: -130, max: 125 }),
  }).map(({ negative, lead, digits, exponent }) => `${negative ? '-' : ''}${lead}.${digits.join('')}0E${exponent}`),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  // 38-digit neighbours that differ only in the last digits: a double cannot tell them apart.
  fc
    .record({
      prefix: fc.constantFrom('1234567890123456789012345678901234', '-9999999999999999999999999999999999', '1000000000000000000000000000000000'),
      tail: fc.integer({ min: 0, max: 9999 }),
      exponent: fc.constantFrom(-130, -37, 0, 88),
    })
    .map(({ prefix, tail, exponent }) => `${prefix}${String(tail).padStart(4, '0')}E${exponent}`),
  fc.constantFrom('0', '1E-130', '-1E-130', '9.9999999999999999999999999999999999999E125', '-9.9999999999999999999999999999999999999E125'),
);

const sortBytes = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 32 }),
  fc.array(fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff), { minLength: 1, maxLength: 8 }).map((bytes) => Uint8Array.from(bytes)),
);

interface OrderCase<T> {
  type: KeyType;
  values: fc.Arbitrary<T[]>;
  wrap(value: T): AttributeValue;
  unwrap(value: AttributeValue): T;
  compare(a: T, b: T): number;
  /** A canonical form, for comparing what was written with what was read. */
  canonical(value: T): string;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const unique = <T>(arbitrary: fc.Arbitrary<T>, key: (value: T) => string) =>
  fc.uniqueArray(arbitrary, { minLength: 1, maxLength: 250, size: 'max', selector: key });

const stringCase: OrderCase<string> = {
  type: 'S',
  // One value per key: strings DynamoDB encodes alike (a lone surrogate and `?`) are one item.
  values: unique(sortString, dynamoDbStringForm),
  wrap: (value) => ({ S: value }),
  unwrap: (value) => ('S' in value ? value.S : fail(value)),
  compare: compareStrings,
  canonical: (value) => value,
};

const numberCase: OrderCase<string> = {
  type: 'N',
  values: unique(sortNumber, normalizeNumber),
  wrap: (value) => ({ N: value }),
  unwrap: (value) => ('N' in value ? value.N : fail(value)),
  compare: compareNumbers,
  canonical: normalizeNumber,
};

const bytesCase: OrderCase<Uint8Array> = {
  type: 'B',
  values: unique(sortBytes, hex),
  wrap: (value) => ({ B: value }),
  unwrap: (value) => ('B' in value ? value.B : fail(value)),
  compare: compareBytes,
  canonical: hex,
};

function fail(value: AttributeValue): never {
  throw new Error(`unexpected sort key ${JSON.stringify(value)}`);
}

describe.skipIf(oracleUnavailable())('sort-key order on DynamoDB Local equals core comparators', () => {
  let client: DynamoDBClient;
  const tables: Partial<Record<KeyType, string>> = {};

  beforeAll(async () => {
    client = oracleClient();
    for (const type of ['S', 'N', 'B'] as const) {
      tables[type] = uniqueTableName(`order-${type}`);
      await createTable(client, tables[type], { partitionKey: 'pk', partitionType: 'S', sortKey: 'sk', sortType: type });
    }
  });

  afterAll(async () => {
    for (const table of Object.values(tables)) await deleteTable(client, table);
    client.destroy();
  });

  /** Writes each generated set of values as the sort keys of a fresh partition and reads them back. */
  function checkOrder<T>(c: OrderCase<T>, seed: number) {
    it(`orders ${c.type} sort keys like the core comparator, forwards and backwards`, async () => {
      let partition = 0;
      await fc.assert(
        fc.asyncProperty(c.values, async (values) => {
          partition += 1;
          const table = tables[c.type]!;
          const pk = { S: `p${partition}` };
          await putAll(client, table, values.map((value) => ({ pk, sk: c.wrap(value) })));
          const query = {
            TableName: table,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': pk },
            Limit: 40, // several pages, so paging is covered too
          };
          const read = async (forward: boolean) =>
            (await queryAll(client, { ...query, ScanIndexForward: forward })).map((item) => c.canonical(c.unwrap(item.sk!)));
          const expected = [...values].sort(c.compare).map((value) => c.canonical(value));
          expect(await read(true)).toEqual(expected);
          expect(await read(false)).toEqual([...expected].reverse());
        }),
        oracleRun(`order ${c.type}`, seed, 8),
      );
    });
  }

  checkOrder(stringCase, 0x5eed53);
  checkOrder(numberCase, 0x5eed4e);
  checkOrder(bytesCase, 0x5eed42);
});
