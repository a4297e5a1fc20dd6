/**
 * `dynotable streams tail` through the shipped command (bin/dynotable.js over
 * the bundle): on an embedded engine's data folder, and on an endpoint served
 * by `dynotable engine` in another process, from the oldest record, its output
 * piped into `head -1`. It prints the first record as one line of JSON and
 * ends quietly when head goes away (EPIPE), with nothing on standard error.
 * Its output is made larger than a pipe holds, so the closed pipe is met on a
 * write, as it would be by any program that writes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/connections/embedded.js';
import { bundledCommand, ROOT } from './support/bundled-command.js';

const BIN = `${ROOT}packages/server/bin/dynotable.js`;
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

/** `dynotable <args> | head -1` in bash with pipefail: the status is the command's when it fails. */
function tailIntoHead(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const quoted = [process.execPath, ...command.execArgv, BIN, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('bash', ['-c', `set -o pipefail; ${quoted} | head -1`], { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

function expectFirstRecord(result: { code: number | null; stdout: string; stderr: string }): void {
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
    expectFirstRecord(await tailIntoHead(['streams', 'tail', 'Tailed', '--from', 'trim-horizon', '--data', dataDir]));
  });

  it('reads the stream of an engine at an endpoint (`dynotable engine` in another process) the same way', async () => {
    const engine = spawn(process.execPath, [...command.execArgv, BIN, 'engine', '--port', '0', '--in-memory'], { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let output = '';
        engine.stdout.setEncoding('utf8').on('data', (text: string) => {
          output += text;
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (found) resolve(found[1]!);
        });
        engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}: ${output}`)));
      });
      const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
      await fill(client, 'Remote');
      client.destroy();
      expectFirstRecord(await tailIntoHead(['streams', 'tail', 'Remote', '--from', 'trim-horizon', '--endpoint', endpoint]));
      const refused = await tailIntoHead(['streams', 'tail', 'Missing', '--endpoint', endpoint]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/^dynotable: ResourceNotFoundException: .+\n$/);
      const usage = await tailIntoHead(['streams', 'tail', 'Remote', '--from', 'yesterday', '--endpoint', endpoint]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--from');
    } finally {
      engine.kill('SIGTERM');
    }
  });
});
