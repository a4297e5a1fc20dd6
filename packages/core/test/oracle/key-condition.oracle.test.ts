/**
 * Key conditions DynamoDB refuses, refused by core with DynamoDB Local's own
 * message: without a key schema (compileFriendly and checkKeyCondition, as the
 * CLI's `dynotable expr key`, the expression builder and the server use them)
 * and with one. Plus DynamoDB expressions nested as deep as 4 KB allows, which
 * core must answer as DynamoDB Local does instead of exhausting its stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { checkKeyCondition, compileFriendly, parseFriendly, parseRequestExpressions, printExpressions, toWireRequest } from '@dynotable/core';
import type { ExpressionRequest } from '@dynotable/core';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { createTable, deleteTable, uniqueTableName } from './tables.js';

const skip = oracleUnavailable();

/** Friendly key conditions DynamoDB refuses whatever the table's key names (here pk, sk). */
export const REFUSED_KEY_CONDITIONS: readonly string[] = [
  'pk = "a" OR sk = "b"',
  'pk = "a" AND (sk = "b" OR sk = "c")',
  'NOT pk = "a"',
  'pk = "a" AND NOT sk = "b"',
  'pk <> "a"',
  'pk = "a" AND sk <> "b"',
  'pk IN ("a", "b")',
  'pk = "a" AND sk IN ("b")',
  'pk = "a" AND attribute_exists(sk)',
  'pk = "a" AND attribute_not_exists(sk)',
  'pk = "a" AND attribute_type(sk, "S")',
  'pk = "a" AND contains(sk, "b")',
  'pk = "a" AND size(sk) = 3',
  'pk = "a" AND sk = "b" AND sk = "c"',
  'pk = "a" AND sk > "b" AND sk < "c"',
  'pk = "a" AND pk = "b"',
  'pk = "a" AND x.y = "b"',
  'pk < "a"',
  'pk = "a" AND sk BETWEEN "b" AND x',
  'pk = sk',
  '"a" = "b"',
  'pk = "a" AND begins_with("b", sk)',
  'pk = "a" AND "b" BETWEEN sk AND "c"',
];

let client: DynamoDBClient;
const table = uniqueTableName('key-conditions');

beforeAll(async () => {
  if (skip) return;
  client = oracleClient();
  await createTable(client, table, { partitionKey: 'pk', partitionType: 'S', sortKey: 'sk', sortType: 'S' });
});

afterAll(async () => {
  if (skip) return;
  await deleteTable(client, table);
  client.destroy();
});

async function dynamoMessage(request: ExpressionRequest): Promise<string> {
  try {
    await client.send(new QueryCommand({ TableName: table, ...(toWireRequest(request as never) as object) }));
    return 'accepted';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

function coreMessage(f: () => unknown): string {
  try {
    f();
    return 'accepted';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe.skipIf(skip)('refused key conditions: core says what DynamoDB Local says', () => {
  for (const text of REFUSED_KEY_CONDITIONS) {
    it(text, async () => {
      // The same condition as DynamoDB text with placeholders, as a program would send it.
      const request = printExpressions({ keyCondition: parseFriendly('key', text) });
      const dynamo = await dynamoMessage(request);
      expect(dynamo).not.toBe('accepted');
      // Without a key schema: the CLI, the expression builder, the server's friendly Query.
      expect(coreMessage(() => compileFriendly({ key: text }))).toBe(dynamo);
      const parsed = parseRequestExpressions(request).keyCondition!;
      expect(coreMessage(() => checkKeyCondition(parsed))).toBe(dynamo);
      // With the table's key schema.
      expect(coreMessage(() => checkKeyCondition(parsed, { partitionKey: 'pk', sortKey: 'sk', partitionKeyType: 'S', sortKeyType: 'S' }))).toBe(dynamo);
    });
  }

  it('three conditions: refused on a pk/sk table as core refuses them with its schema; without one they may fit a multi-attribute GSI', async () => {
    const text = 'pk = "a" AND sk = "b" AND x = "c"';
    const request = printExpressions({ keyCondition: parseFriendly('key', text) });
    const dynamo = await dynamoMessage(request);
    expect(dynamo).toBe('ValidationException: Conditions can be of length 1 or 2 only');
    const parsed = parseRequestExpressions(request).keyCondition!;
    expect(coreMessage(() => checkKeyCondition(parsed, { partitionKey: 'pk', sortKey: 'sk', partitionKeyType: 'S', sortKeyType: 'S' }))).toBe(dynamo);
    expect(coreMessage(() => compileFriendly({ key: text }))).toBe('accepted');
  });

  it('guard: accepts what DynamoDB accepts', async () => {
    for (const text of ['pk = "a"', 'pk = "a" AND sk = "b"', '(pk = "a") AND (sk BETWEEN "a" AND "b")', 'sk >= "b" AND pk = "a"', 'pk = "a" AND begins_with(sk, "b")']) {
      const request = compileFriendly({ key: text });
      expect(await dynamoMessage(request), text).toBe('accepted');
    }
  });
});

describe.skipIf(skip)('DynamoDB expressions nested as deep as 4 KB allows: core answers as DynamoDB Local does', () => {
  const parens = (n: number, inner: string) => '('.repeat(n) + inner + ')'.repeat(n);
  const cases: Array<[string, string]> = [
    ['KeyConditionExpression', parens(2_000, 'pk = :a')],
    ['KeyConditionExpression', `${'NOT '.repeat(1_000)}pk = :a`],
    ['FilterExpression', parens(2_000, 'x = :a')],
    ['FilterExpression', parens(1_500, 'x = :a AND y = :a')],
    ['FilterExpression', `${'NOT('.repeat(650)}x = :a${')'.repeat(650)}`],
    ['FilterExpression', `${'size('.repeat(600)}x${')'.repeat(600)} = :a`],
    ['FilterExpression', `${'(x = :a AND '.repeat(300)}x = :a${')'.repeat(300)}`],
  ];
  it('2,000 redundant parentheses, 1,000 NOTs, 650 levels of NOT( ), 600 size( ), 300 nested ANDs', async () => {
    const values = { ':a': { S: 'x' } };
    for (const [field, text] of cases) {
      const request: ExpressionRequest =
        field === 'KeyConditionExpression'
          ? { KeyConditionExpression: text, ExpressionAttributeValues: values }
          : { KeyConditionExpression: 'pk = :a', FilterExpression: text, ExpressionAttributeValues: values };
      const dynamo = await dynamoMessage(request);
      expect(dynamo, text.slice(0, 30)).toMatch(/^ValidationException: /);
      expect(coreMessage(() => parseRequestExpressions(request)), `${field}: ${text.slice(0, 30)}… (${text.length} bytes)`).toBe(dynamo);
    }
  });
});
