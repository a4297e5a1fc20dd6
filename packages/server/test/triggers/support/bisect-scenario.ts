/**
 * The trigger scenario every transport runs: a handler file (in a temporary
 * folder) that throws whenever its batch holds the record of item `X`, and
 * writes down each call's keys; five items written to a table with a stream.
 * What must follow: `X` is retried alone (bisect) until its retries are used
 * up, every other record is in exactly one successful call, and the
 * on-failure file holds `X`'s batch.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DeleteTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { expect } from 'vitest';

const KEYS = ['a', 'b', 'X', 'd', 'e'];
const RETRIES = 2;

const HANDLER = `
import { appendFileSync } from 'node:fs';
const CALLS = new URL('./calls.jsonl', import.meta.url);
export const handler = async (event) => {
  const keys = event.Records.map((record) => record.dynamodb.Keys.pk.S);
  const fails = keys.includes('X');
  appendFileSync(CALLS, JSON.stringify({ keys, fails, arn: event.Records[0].eventSourceARN }) + '\\n');
  console.log('handling ' + keys.join(' '));
  if (fails) throw new Error('cannot handle X');
  return {};
};
`;

export interface Scenario {
  readonly dir: string;
  readonly handler: string;
  readonly onFailure: string;
  /** `TABLE=handler,…` as --trigger takes it. */
  readonly spec: string;
  cleanup(): void;
}

export function scenarioFiles(table: string): Scenario {
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-trigger-'));
  const handler = join(dir, 'handler.mjs');
  writeFileSync(handler, HANDLER);
  const onFailure = join(dir, 'failures.jsonl');
  return {
    dir,
    handler,
    onFailure,
    spec: `${table}=${handler},batchSize=10,start=TRIM_HORIZON,bisect=true,retries=${RETRIES},onFailure=${onFailure}`,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function createStreamTable(client: DynamoDBClient, table: string): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: table,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
}

export async function writeItems(client: DynamoDBClient, table: string): Promise<void> {
  for (const key of KEYS) await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: key }, n: { N: '1' } } }));
}

export async function dropTable(client: DynamoDBClient, table: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: table })).catch(() => {});
}

interface Call {
  keys: string[];
  fails: boolean;
  arn: string;
}

function callsOf(scenario: Scenario): Call[] {
  const file = join(scenario.dir, 'calls.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Call);
}

function failuresOf(scenario: Scenario): Array<{ records: Array<{ dynamodb: { Keys: { pk: { S: string } } } }>; requestContext: { condition: string }; error: { message: string } }> {
  if (!existsSync(scenario.onFailure)) return [];
  return readFileSync(scenario.onFailure, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

/** Resolves once the failure is written and every other key was handled. */
export async function scenarioDone(scenario: Scenario): Promise<void> {
  await expect
    .poll(() => {
      const handled = new Set(callsOf(scenario).filter((call) => !call.fails).flatMap((call) => call.keys));
      return failuresOf(scenario).length === 1 && KEYS.every((key) => key === 'X' || handled.has(key));
    })
    .toBe(true);
}

/** What the brief asks of the scenario, whatever the shards' layout. */
export function expectBisectOutcome(scenario: Scenario, streamArn?: string): void {
  const calls = callsOf(scenario);
  // X alone: its first call plus each retry.
  expect(calls.filter((call) => call.keys.length === 1 && call.keys[0] === 'X')).toHaveLength(RETRIES + 1);
  // Every call holding X failed; every other record is in exactly one successful call.
  expect(calls.filter((call) => call.keys.includes('X')).every((call) => call.fails)).toBe(true);
  const delivered = calls.filter((call) => !call.fails).flatMap((call) => call.keys);
  expect(delivered.sort()).toEqual(['a', 'b', 'd', 'e']);
  const failures = failuresOf(scenario);
  expect(failures).toHaveLength(1);
  expect(failures[0]!.records.map((record) => record.dynamodb.Keys.pk.S)).toEqual(['X']);
  expect(failures[0]!.requestContext.condition).toBe('RetryAttemptsExhausted');
  expect(failures[0]!.error.message).toBe('cannot handle X');
  if (streamArn !== undefined) expect(new Set(calls.map((call) => call.arn))).toEqual(new Set([streamArn]));
}
