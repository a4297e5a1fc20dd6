/**
 * Printed expressions are never rejected: random valid ASTs (from the shared
 * expression arbitraries), printed by core's printExpressions, are sent to
 * DynamoDB Local, which must not refuse them. Updates may still fail at run
 * time on the item (a missing operand, a wrong type); those errors are about
 * the item, not the expression, and are allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DeleteItemCommand, DeleteTableCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { printExpressions, typeOf } from '@dynotable/core';
import type { Condition, KeyType, Operand, PathNode, ValueNode } from '@dynotable/core';
import { conditionArb, keyConditionArb, projectionArb, updateArb } from '../support/arbitraries-expressions.js';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { show } from './differential/canonical.js';
import { oracleRun } from './seed.js';
import { createTable, deleteTable, mapConcurrent, uniqueTableName } from './tables.js';

const CASES = Number(process.env.ORACLE_CASES ?? 600);
const BATCH = 50;
/** A key name no generated attribute name will hit, so updates never touch the key. */
const KEY = 'oracle key';
/** Errors an update may raise from the item's content, not from the expression. */
const RUNTIME_ERRORS = [
  'The document path provided in the update expression is invalid for update',
  'The provided expression refers to an attribute that does not exist in the item',
  'An operand in the update expression has an incorrect data type',
  // `+` / `-` whose exact result needs more than 38 digits (e.g. 2E66 + -3).
  'DynamoDB only supports precision up to 38 digits',
];

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (error) {
    if (error instanceof Error && '$metadata' in error) return `${error.name}: ${error.message}`;
    throw error;
  }
}

/** Runs `property` over batches of generated samples, BATCH requests at a time, 16 in flight. */
async function everyBatch<T>(name: string, seed: number, arbitrary: fc.Arbitrary<T>, cases: number, check: (sample: T) => Promise<void>) {
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: 1, maxLength: BATCH, size: 'max' }), async (batch) => {
      await mapConcurrent(batch, 16, check);
    }),
    oracleRun(name, seed, Math.ceil((2 * cases) / (BATCH + 1))),
  );
}

let counter = 0;

describe.skipIf(oracleUnavailable())('printed expressions are accepted by DynamoDB Local', () => {
  let client: DynamoDBClient;
  let table: string;

  beforeAll(async () => {
    client = oracleClient();
    table = uniqueTableName('printed');
    await createTable(client, table, { partitionKey: KEY, partitionType: 'S' });
  });

  afterAll(async () => {
    await deleteTable(client, table);
    client.destroy();
  });

  it('accepts every printed ConditionExpression', async () => {
    await everyBatch('printed condition ASTs', 0x1c0, conditionArb, CASES, async (condition) => {
      const request = printExpressions({ condition });
      const result = await outcome(() =>
        client.send(new DeleteItemCommand({ TableName: table, Key: { [KEY]: { S: `c${counter++}` } }, ...request })),
      );
      expect(result, `${show(request)} was rejected: ${result}`).toMatch(/^(ok|ConditionalCheckFailedException: )/);
    });
  });

  it('accepts every printed FilterExpression and ProjectionExpression', async () => {
    const arbitrary = fc.record({ filter: conditionArb, projection: projectionArb });
    await everyBatch('printed filter + projection ASTs', 0x1c1, arbitrary, CASES, async ({ filter, projection }) => {
      const key = { kind: 'compare' as const, operator: '=' as const, left: { kind: 'path' as const, elements: [{ type: 'name' as const, name: KEY }] }, right: { kind: 'value' as const, value: { S: 'none' } } };
      const request = printExpressions({ keyCondition: key, filter, projection });
      const result = await outcome(() => client.send(new QueryCommand({ TableName: table, ...request })));
      expect(result, `${show(request)} was rejected: ${result}`).toBe('ok');
    });
  });

  it('accepts every printed UpdateExpression (run-time item errors aside)', async () => {
    await everyBatch('printed update ASTs', 0x1c2, updateArb, CASES, async (update) => {
      const request = printExpressions({ update });
      const result = await outcome(() =>
        client.send(new UpdateItemCommand({ TableName: table, Key: { [KEY]: { S: `u${counter++}` } }, ...request })),
      );
      const allowed = result === 'ok' || RUNTIME_ERRORS.some((message) => result === `ValidationException: ${message}`);
      expect(allowed, `${show(request)} was rejected: ${result}`).toBe(true);
    });
  });

  it('accepts every printed KeyConditionExpression on a table with its key schema', async () => {
    // Each sample needs its own table (its key names and types), so fewer cases.
    await everyBatch('printed key-condition ASTs', 0x1c3, keyConditionArb, Math.ceil(CASES / 10), async (sample) => {
      const types = keyTypes(sample.condition);
      const { partitionKey, sortKey } = sample.keySchema;
      const name = uniqueTableName('printed-key');
      await createTable(client, name, {
        partitionKey,
        partitionType: types.get(partitionKey) ?? 'S',
        ...(sortKey !== undefined ? { sortKey, sortType: types.get(sortKey) ?? 'S' } : {}),
      });
      try {
        const request = printExpressions({ keyCondition: sample.condition });
        const result = await outcome(() => client.send(new QueryCommand({ TableName: name, ...request })));
        expect(result, `${show(request)} was rejected: ${result}`).toBe('ok');
      } finally {
        await client.send(new DeleteTableCommand({ TableName: name }));
      }
    });
  });
});

/** The key type each key attribute must have for the condition's values to match it. */
function keyTypes(condition: Condition): Map<string, KeyType> {
  const types = new Map<string, KeyType>();
  const note = (operands: Operand[]) => {
    const path = operands.find((o): o is PathNode => o.kind === 'path');
    const value = operands.find((o): o is ValueNode => o.kind === 'value');
    if (path && value && path.elements[0]?.type === 'name') types.set(path.elements[0].name, typeOf(value.value) as KeyType);
  };
  const visit = (c: Condition) => {
    if (c.kind === 'and' || c.kind === 'or') {
      visit(c.left);
      visit(c.right);
    } else if (c.kind === 'compare') note([c.left, c.right]);
    else if (c.kind === 'between') note([c.operand, c.low]);
    else if (c.kind === 'call') note(c.args);
  };
  visit(condition);
  return types;
}
