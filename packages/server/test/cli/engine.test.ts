/**
 * `dynotable engine`: started in this process on a free port, reached through
 * the AWS SDK, then stopped as a signal would stop it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
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

function sdkClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, maxAttempts: 1 });
}

/** Starts `dynotable engine` with `args` and waits until it listens. */
async function startWith(args: string[]) {
  let stdout = '';
  const control = controlledStop();
  const exit = runEngine(args, { stdout: (t) => (stdout += t), stderr: () => {} }, control.stopped);
  const [, url] = await waitForOutput(() => stdout, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  return {
    url: url!,
    stdout: () => stdout,
    async stop() {
      control.stop();
      return exit;
    },
  };
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

  it('keeps tables on disk with --data, creating the directory, and finds them at the next start', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'dynotable-cli-')), 'nested', 'tables');
    try {
      const first = await startWith(['--port', '0', '--data', dataDir]);
      expect(first.stdout()).toContain(`(on disk: tables are kept in ${dataDir})`);
      const client = sdkClient(first.url);
      await client.send(
        new CreateTableCommand({
          TableName: 'kept',
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      await client.send(new PutItemCommand({ TableName: 'kept', Item: { pk: { S: 'a' }, n: { N: '1' } } }));
      client.destroy();

      // A second engine on the same directory is refused while the first runs.
      const refused = await run('engine', '--port', '0', '--data', dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The data directory ${dataDir} is in use by another DynoTable engine (process ${process.pid})`);
      expect(await first.stop()).toBe(0);

      const second = await startWith(['--port', '0', '--data', dataDir]);
      const again = sdkClient(second.url);
      expect((await again.send(new ListTablesCommand({}))).TableNames).toEqual(['kept']);
      expect((await again.send(new GetItemCommand({ TableName: 'kept', Key: { pk: { S: 'a' } } }))).Item).toEqual({ pk: { S: 'a' }, n: { N: '1' } });
      again.destroy();
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(dirname(dirname(dataDir)), { recursive: true, force: true });
    }
  });

  it('says it keeps tables in memory by default and with --in-memory', async () => {
    for (const args of [[], ['--in-memory']]) {
      const started = await startWith(['--port', '0', ...args]);
      expect(started.stdout()).toContain('(in memory: the tables are lost when it stops)');
      expect(await started.stop()).toBe(0);
    }
  });

  it('refuses a data directory it cannot use', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'dynotable-cli-'));
    try {
      const file = join(parent, 'a-file');
      writeFileSync(file, 'not a directory');
      const result = await run('engine', '--port', '0', '--data', file);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`cannot use '${file}' as the data directory`);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
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
    expect(parseEngineArgs([])).toEqual({ help: false, port: 8000, host: '127.0.0.1', dataDir: undefined, triggers: [], json: false });
    expect(parseEngineArgs(['-p', '9001', '--host', '::1', '--in-memory'])).toMatchObject({ port: 9001, host: '::1' });
  });

  it('reads --credentials repeated or comma-separated, else from DYNOTABLE_ENGINE_CREDENTIALS', () => {
    expect(parseEngineArgs([], {}).credentials).toBeUndefined();
    expect(parseEngineArgs(['--credentials', 'A:a', '--credentials', 'B:b/+=,C:c:with:colons'], {}).credentials).toEqual([
      { accessKeyId: 'A', secretAccessKey: 'a' },
      { accessKeyId: 'B', secretAccessKey: 'b/+=' },
      { accessKeyId: 'C', secretAccessKey: 'c:with:colons' },
    ]);
    expect(parseEngineArgs([], { DYNOTABLE_ENGINE_CREDENTIALS: 'E:e,F:f' }).credentials).toEqual([
      { accessKeyId: 'E', secretAccessKey: 'e' },
      { accessKeyId: 'F', secretAccessKey: 'f' },
    ]);
    // The flag wins over the environment.
    expect(parseEngineArgs(['--credentials', 'A:a'], { DYNOTABLE_ENGINE_CREDENTIALS: 'E:e' }).credentials).toEqual([{ accessKeyId: 'A', secretAccessKey: 'a' }]);
    for (const bad of ['no-colon-secret', 'KEY:', ':secret-only']) {
      let message = '';
      try {
        parseEngineArgs(['--credentials', bad], {});
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/--credentials takes ACCESS_KEY:SECRET/);
      // A mistyped entry may be a secret: it is never repeated back.
      expect(message).not.toContain('secret');
    }
  });

  it('checks signatures with --credentials, naming the keys but never a secret', async () => {
    const engine = await startWith(['--port', '0', '--credentials', 'AKIDCLI:cli-secret-value']);
    const signed = (secretAccessKey: string) =>
      new DynamoDBClient({ endpoint: engine.url, region: 'us-east-1', credentials: { accessKeyId: 'AKIDCLI', secretAccessKey }, maxAttempts: 1 });
    const right = signed('cli-secret-value');
    const wrong = signed('other');
    try {
      expect((await right.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(wrong.send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
      await expect(sdkClient(engine.url).send(new ListTablesCommand({}))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      right.destroy();
      wrong.destroy();
    }
    expect(engine.stdout()).toContain('AKIDCLI');
    expect(engine.stdout()).not.toContain('cli-secret-value');
    expect(await engine.stop()).toBe(0);
  });
});
