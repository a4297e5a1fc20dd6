/**
 * `dynotable engine --credentials`, as `npx dynotable` runs it (the bundle):
 * a client signing with the right secret is served, one with a wrong secret
 * gets DynamoDB's InvalidSignatureException, and the secret appears nowhere
 * in the command's output.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand } from './support/bundled-command.js';

const SECRET = 'bundle-secret-4f1c';
const command = bundledCommand();
let engine: ChildProcessWithoutNullStreams;
let endpoint: string;
let output = '';

beforeAll(async () => {
  engine = command.start(['engine', '--credentials', `AKIDBUNDLE:${SECRET}`, '--port', '0', '--in-memory']);
  endpoint = await new Promise<string>((resolve, reject) => {
    engine.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    engine.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}:\n${output}`)));
  });
});

afterAll(async () => {
  if (engine !== undefined && engine.exitCode === null && engine.signalCode === null) {
    const exited = new Promise((resolve) => engine.once('exit', resolve));
    engine.kill('SIGTERM');
    await exited;
  }
  command.remove();
});

function client(secretAccessKey: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'AKIDBUNDLE', secretAccessKey }, maxAttempts: 1 });
}

describe('dynotable engine --credentials', () => {
  it('serves a client signing with the right secret and refuses a wrong one', async () => {
    const right = client(SECRET);
    const wrong = client('not-the-secret');
    try {
      expect((await right.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(wrong.send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'InvalidSignatureException', $metadata: { httpStatusCode: 400 } });
    } finally {
      right.destroy();
      wrong.destroy();
    }
    expect(output).toContain('AKIDBUNDLE');
    expect(output).not.toContain(SECRET);
  });
});
