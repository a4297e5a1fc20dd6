/**
 * Triggers across restarts, through the shipped command (the bundle) on a
 * data folder, each started three times:
 *
 * - `dynotable engine --data DIR --trigger …`: every record is delivered
 *   once over the three runs — none again after a restart, none lost,
 *   including records written just before a stop and records written while
 *   the trigger (started at LATEST) had not yet seen any;
 * - the workbench (`dynotable --data DIR`): a trigger added through the API is
 *   there again after a restart, goes on where it stopped, and once removed
 *   stays removed.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledCommand } from './support/bundled-command.js';
import { startDynotable } from './support/dynotable-process.js';
import { ORDERS_WITH_STREAM } from '../triggers/support/orders-table.js';

const command = bundledCommand();
const root = mkdtempSync(join(tmpdir(), 'dynotable-trigger-restarts-'));
afterAll(() => {
  command.remove();
  rmSync(root, { recursive: true, force: true });
});

/** A handler that writes down the keys of each call, one JSON line per call. */
function handlerIn(dir: string): { handler: string; keys: () => string[] } {
  mkdirSync(dir, { recursive: true });
  const handler = join(dir, 'handler.mjs');
  writeFileSync(
    handler,
    `import { appendFileSync } from 'node:fs';
export const handler = async (event) => {
  appendFileSync(new URL('./calls.jsonl', import.meta.url), JSON.stringify(event.Records.map((record) => record.dynamodb.Keys.pk.S)) + '\\n');
  return {};
};
`,
  );
  const calls = join(dir, 'calls.jsonl');
  const keys = () =>
    existsSync(calls)
      ? readFileSync(calls, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .flatMap((line) => JSON.parse(line) as string[])
      : [];
  return { handler, keys };
}

async function listening(engine: ChildProcessWithoutNullStreams): Promise<{ endpoint: string; output: () => string }> {
  let text = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    engine.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = text.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    engine.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}:\n${text}`)));
  });
  return { endpoint, output: () => text };
}

async function stop(engine: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise<number | null>((resolve) => engine.once('exit', resolve));
  engine.kill('SIGTERM');
  expect(await exited).toBe(0);
}

const sdk = (endpoint: string) => new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, maxAttempts: 1 });

async function put(client: DynamoDBClient, TableName: string, keys: readonly string[]): Promise<void> {
  for (const key of keys) await client.send(new PutItemCommand({ TableName, Item: { pk: { S: key } } }));
}

/** Each key once, in order, whatever the batches were. */
async function deliveredOnce(keys: () => string[], expected: readonly string[]): Promise<void> {
  await expect.poll(keys, { timeout: 20_000 }).toHaveLength(expected.length);
  // Any record delivered twice would show up here, given a moment.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(keys()).toEqual(expected);
}

describe('triggers across restarts of the shipped command', () => {
  it('dynotable engine --trigger goes on from its checkpoint after each restart: nothing again, nothing lost', async () => {
    const dataDir = join(root, 'engine-data');
    const { handler, keys } = handlerIn(join(root, 'engine-handler'));
    // LATEST (the default): what was written before the trigger first started is never delivered.
    const args = ['engine', '--port', '0', '--data', dataDir, '--trigger', `Orders=${handler},batchSize=2`];

    // Before any trigger: the table, its stream and a record.
    let engine = command.start(['engine', '--port', '0', '--data', dataDir]);
    let { endpoint } = await listening(engine);
    let client = sdk(endpoint);
    await client.send(new CreateTableCommand(ORDERS_WITH_STREAM));
    await put(client, 'Orders', ['before']);
    client.destroy();
    await stop(engine);

    // Run 1: the trigger starts at the stream's end, kept as its checkpoint before anything arrives.
    engine = command.start(args);
    ({ endpoint } = await listening(engine));
    client = sdk(endpoint);
    const triggerFile = join(dataDir, 'triggers.json');
    await expect.poll(() => existsSync(triggerFile) && readFileSync(triggerFile, 'utf8').includes('shardId-'), { timeout: 20_000 }).toBe(true);
    await put(client, 'Orders', ['a', 'b', 'c']);
    await deliveredOnce(keys, ['a', 'b', 'c']);
    // Written just before the stop: delivered now or after the restart, but once.
    await put(client, 'Orders', ['d', 'e']);
    client.destroy();
    await stop(engine);

    // Run 2: what the first run left is delivered, then new records; nothing earlier again.
    engine = command.start(args);
    ({ endpoint } = await listening(engine));
    client = sdk(endpoint);
    await put(client, 'Orders', ['f']);
    await deliveredOnce(keys, ['a', 'b', 'c', 'd', 'e', 'f']);
    client.destroy();
    await stop(engine);

    // Run 3: nothing to deliver again; a new record only.
    engine = command.start(args);
    ({ endpoint } = await listening(engine));
    client = sdk(endpoint);
    await put(client, 'Orders', ['g']);
    await deliveredOnce(keys, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    client.destroy();
    await stop(engine);
  });

  it("the workbench keeps the triggers added in it, each going on where it stopped, and a removed one stays removed", async () => {
    const dataDir = join(root, 'ui-data');
    const { handler, keys } = handlerIn(join(root, 'ui-handler'));
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: join(root, 'xdg-data'), DYNOTABLE_JOURNAL: join(root, 'journal.jsonl'), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
    const start = () => startDynotable(['--no-open', '--port', '0', '--data', dataDir], { execArgv: command.execArgv }, env);
    const ITEMS = '/api/connections/embedded/tables/Orders/items/put';
    const putItems = async (session: Awaited<ReturnType<typeof start>>, keysToPut: readonly string[]) => {
      for (const key of keysToPut) expect((await session.api('POST', ITEMS, { Item: { pk: { S: key } } })).status).toBe(200);
    };

    let session = await start();
    const created = await session.api('POST', '/api/connections/embedded/tables', {
      name: 'Orders',
      partitionKey: { name: 'pk', type: 'S' },
      stream: { enabled: true, viewType: 'NEW_IMAGE' },
    });
    expect(created.status).toBe(200);
    const added = await session.api<{ id: string }>('POST', '/api/connections/embedded/triggers', { table: 'Orders', handler, start: 'TRIM_HORIZON' });
    expect(added.status).toBe(200);
    await putItems(session, ['a', 'b']);
    await deliveredOnce(keys, ['a', 'b']);
    await putItems(session, ['c']);
    expect((await session.stop()).code).toBe(0);

    // Restarted: the trigger is there with its id and settings, and goes on after what it delivered.
    session = await start();
    const listed = await session.api<{ triggers: { id: string; settings: { table: string; handler: string; start: string } }[] }>('GET', '/api/connections/embedded/triggers');
    expect(listed.body.triggers.map((trigger) => [trigger.id, trigger.settings.table, trigger.settings.handler, trigger.settings.start])).toEqual([
      [added.body.id, 'Orders', handler, 'TRIM_HORIZON'],
    ]);
    await putItems(session, ['d']);
    await deliveredOnce(keys, ['a', 'b', 'c', 'd']);
    const removed = await session.api('DELETE', `/api/connections/embedded/triggers/${added.body.id}`);
    expect(removed.status).toBe(200);
    expect((await session.stop()).code).toBe(0);

    // Removed: not started again, and nothing more is delivered.
    session = await start();
    const after = await session.api<{ triggers: unknown[] }>('GET', '/api/connections/embedded/triggers');
    expect(after.body.triggers).toEqual([]);
    await putItems(session, ['e']);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(keys()).toEqual(['a', 'b', 'c', 'd']);
    expect((await session.stop()).code).toBe(0);
  });
});
