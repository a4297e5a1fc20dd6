/**
 * One engine per data directory: a second engine (a process of its own, or
 * `dynotable engine --data`) is refused with a clear message while the first
 * runs and leaves the data untouched; once the first is SIGKILLed, its lock
 * dies with it and the next start succeeds at once.
 */
import { CreateTableCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngine } from '../../../server/src/cli/engine.js';
import { EngineProcess, prepareRunner, startEngine } from './child.js';
import type { Runner } from './child.js';
import { REFUSED_EXIT_CODE } from './child-protocol.js';
import { crashClient } from './client.js';
import { createTableInput, USERS } from './schema.js';

const IN_USE = /The data directory .* is in use by another DynoTable engine \(process \d+\)\. Stop that engine first/;

async function stored(client: DynamoDBClient, pk: string): Promise<string | undefined> {
  const { Item } = await client.send(new GetItemCommand({ TableName: USERS.name, Key: { pk: { S: pk } }, ConsistentRead: true }));
  return Item?.w?.S;
}

describe('a data directory in use', () => {
  let runner: Runner;
  let dataDir: string;
  const running: EngineProcess[] = [];
  beforeAll(async () => {
    runner = await prepareRunner();
    dataDir = mkdtempSync(join(tmpdir(), 'dynotable-lock-'));
  });
  afterAll(async () => {
    for (const engine of running) await engine.kill();
    runner?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second engine while the first runs, and not after the first is SIGKILLed', async () => {
    const first = await startEngine(runner, ['--data', dataDir]);
    running.push(first.engine);
    const client = crashClient(`http://127.0.0.1:${first.port}`);
    await client.send(new CreateTableCommand(createTableInput(USERS)));
    await client.send(new PutItemCommand({ TableName: USERS.name, Item: { pk: { S: 'a' }, w: { S: 'first' } } }));

    const second = new EngineProcess(runner, ['--data', dataDir]);
    running.push(second);
    const exit = await second.exited;
    expect(await second.ready).toBeUndefined();
    expect(exit.code).toBe(REFUSED_EXIT_CODE);
    expect(second.stderr).toMatch(IN_USE);
    expect(second.stderr).toContain(dataDir);
    expect(second.stderr).toContain(`process ${first.engine.pid}`);

    // The command line says the same, and does not start.
    // (runEngine throws the failure; the command's main prints it and exits non-zero.)
    await expect(runEngine(['--data', dataDir, '--port', '0'], { stdout: () => {}, stderr: () => {} }, async () => {})).rejects.toThrow(IN_USE);

    // The first engine is untouched and still serves.
    expect(await stored(client, 'a')).toBe('first');
    await client.send(new PutItemCommand({ TableName: USERS.name, Item: { pk: { S: 'b' }, w: { S: 'after-refusal' } } }));
    client.destroy();

    const killed = await first.engine.kill();
    expect(killed.signal).toBe('SIGKILL');
    const restarted = await startEngine(runner, ['--data', dataDir]);
    running.push(restarted.engine);
    const again = crashClient(`http://127.0.0.1:${restarted.port}`);
    expect(await stored(again, 'a')).toBe('first');
    expect(await stored(again, 'b')).toBe('after-refusal');
    again.destroy();
  });
});
