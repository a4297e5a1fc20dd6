/**
 * `dynotable streams tail` through the shipped command (bin/dynotable.js over
 * the bundle): on an embedded engine's data folder, and on an endpoint served
 * by `dynotable engine` in another process, from the oldest record, its output
 * piped into `head -1`. It prints the first record as one line of JSON and
 * ends quietly when head goes away (EPIPE), with nothing on standard error.
 * Its output is made larger than a pipe holds, so the closed pipe is met on a
 * write, as it would be by any program that writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/connections/embedded.js';
import { bundledCommand } from './support/bundled-command.js';
import { pipedIntoHead, startShippedEngine, type Ran } from './support/shipped-processes.js';

const command = bundledCommand();
const folders: string[] = [];
afterAll(() => {
  command.remove();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** 300 items of 1 KB: some 400 KB of records, more than a pipe buffers. */
async function fill(client: DynamoDBClient, table: string): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: table,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  for (let start = 0; start < 300; start += 25) {
    const requests = Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { pk: { S: `item-${String(start + i).padStart(3, '0')}` }, pad: { S: 'x'.repeat(1000) } } } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
  }
}

function expectFirstRecord(result: Ran): void {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const lines = result.stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  const record = JSON.parse(lines[0]!) as { eventName: string; dynamodb: { Keys: unknown; NewImage: { pad: { S: string } }; SequenceNumber: string } };
  expect(record.eventName).toBe('INSERT');
  expect(record.dynamodb.Keys).toEqual({ pk: { S: 'item-000' } });
  expect(record.dynamodb.NewImage.pad.S).toHaveLength(1000);
  expect(record.dynamodb.SequenceNumber).toMatch(/^\d+$/);
}

describe('dynotable streams tail', () => {
  it("prints a data folder's stream from its oldest record and ends quietly when head closes the pipe", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dynotable-tail-'));
    folders.push(dataDir);
    const opened = openEmbedded(dataDir);
    try {
      await fill(opened.client, 'Tailed');
    } finally {
      opened.close();
    }
    expectFirstRecord(await pipedIntoHead(command, ['streams', 'tail', 'Tailed', '--from', 'trim-horizon', '--data', dataDir]));
  });

  it('reads the stream of an engine at an endpoint (`dynotable engine` in another process) the same way', async () => {
    const { endpoint, stop } = await startShippedEngine(command.execArgv);
    try {
      const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
      await fill(client, 'Remote');
      client.destroy();
      expectFirstRecord(await pipedIntoHead(command, ['streams', 'tail', 'Remote', '--from', 'trim-horizon', '--endpoint', endpoint]));
      const refused = await pipedIntoHead(command, ['streams', 'tail', 'Missing', '--endpoint', endpoint]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/^dynotable: ResourceNotFoundException: .+\n$/);
      const usage = await pipedIntoHead(command, ['streams', 'tail', 'Remote', '--from', 'yesterday', '--endpoint', endpoint]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--from');
    } finally {
      stop();
    }
  });
});
