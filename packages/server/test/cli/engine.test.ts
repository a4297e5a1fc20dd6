/**
 * `dynotable engine`: started in this process on a free port, reached through
 * the AWS SDK, then stopped as a signal would stop it.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { parseEngineArgs } from '../../src/cli/engine-args.js';
import { runEngine } from '../../src/cli/engine.js';
import { run } from './capture.js';

function controlledStop() {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  return { stopped: () => stopped, stop };
}

async function waitForOutput(read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('dynotable engine', () => {
  it('serves the engine until stopped, printing its endpoint and an AWS CLI example', async () => {
    let stdout = '';
    let stderr = '';
    const control = controlledStop();
    const exit = runEngine(['--port', '0'], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, control.stopped);

    const [, url] = await waitForOutput(() => stdout, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(stdout).toContain(`aws dynamodb list-tables --endpoint-url ${url}`);

    // Two different credentials see the same tables.
    const client = (accessKeyId: string) =>
      new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId, secretAccessKey: 's' }, maxAttempts: 1 });
    const alice = client('alice');
    const bob = client('bob');
    await alice.send(
      new CreateTableCommand({
        TableName: 'cli-engine',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    expect((await bob.send(new ListTablesCommand({}))).TableNames).toEqual(['cli-engine']);
    alice.destroy();
    bob.destroy();

    control.stop();
    expect(await exit).toBe(0);
    expect(stdout).toContain('stopped');
    expect(stderr).toBe('');
    await expect(fetch(url!)).rejects.toThrow();
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('stops cleanly on %s', async (signal) => {
    let stdout = '';
    const listeners = process.listenerCount(signal);
    const exit = runEngine(['--port', '0'], { stdout: (t) => (stdout += t), stderr: () => {} });
    const [, url] = await waitForOutput(() => stdout, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(process.listenerCount(signal)).toBe(listeners + 1);
    // Delivered as the process would deliver it to its listeners.
    process.emit(signal, signal);
    expect(await exit).toBe(0);
    expect(process.listenerCount(signal)).toBe(listeners);
    await expect(fetch(url!)).rejects.toThrow();
  });

  it('says --data is not available yet instead of starting', async () => {
    const result = await run('engine', '--data', './tables');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--data is not available yet');
    expect(result.stdout).toBe('');
  });

  it('reports a port already in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const { port } = blocker.address() as AddressInfo;
    const result = await run('engine', '--port', String(port));
    blocker.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
  });

  it('warns when listening beyond this machine', async () => {
    let stderr = '';
    const control = controlledStop();
    const exit = runEngine(['--port', '0', '--host', '0.0.0.0'], { stdout: () => {}, stderr: (t) => (stderr += t) }, control.stopped);
    await waitForOutput(() => stderr, /Warning/);
    expect(stderr).toContain('anyone who can reach this port');
    control.stop();
    expect(await exit).toBe(0);
  });

  it('shows its help, also from the main help', async () => {
    const help = await run('engine', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('dynotable engine [--port 8000]');
    expect((await run('--help')).stdout).toMatch(/engine\s+Run the embedded DynamoDB-compatible engine/);
  });

  it.each([
    [['--port', 'eighty'], "--port must be a whole number from 0 to 65535 (got 'eighty')"],
    [['--port', '70000'], "--port must be a whole number from 0 to 65535 (got '70000')"],
    [['--port', '-1'], "--port"],
    [['extra'], "unexpected argument 'extra'"],
    [['--in-memory', '--data', 'x'], '--in-memory and --data cannot be given together'],
    [['--nope'], "'--nope'"],
  ])('refuses %j as a usage error', async (args, message) => {
    const result = await run('engine', ...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('dynotable engine --help');
  });

  it('defaults to port 8000 on 127.0.0.1', () => {
    expect(parseEngineArgs([])).toEqual({ help: false, port: 8000, host: '127.0.0.1', dataDir: undefined });
    expect(parseEngineArgs(['-p', '9001', '--host', '::1', '--in-memory'])).toMatchObject({ port: 9001, host: '::1' });
  });
});
