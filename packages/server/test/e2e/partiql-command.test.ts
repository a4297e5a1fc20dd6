/**
 * `dynotable partiql` through the shipped command, cold then warm: on an
 * embedded engine's data folder and on an endpoint served by `dynotable
 * engine` in another process. The plan line goes to standard error (a Scan
 * flagged with the key condition it needs, the rewrite a Query), items to
 * standard output as DynamoDB JSON lines; an UPDATE lands in the journal;
 * refusals are DynamoDB's words with exit status 1, bad flags 2.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../../src/connections/embedded.js';
import { bundledCommand, CACHE_STATES, type BundledCommand } from './support/bundled-command.js';
import { pipedIntoHead, startShippedEngine } from './support/shipped-processes.js';

const commands: BundledCommand[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const command of commands) command.remove();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'dynotable-partiql-'));
  folders.push(made);
  return made;
}

/** 40 items over 4 partitions. */
async function fill(client: DynamoDBClient): Promise<void> {
  await client.send(
    new CreateTableCommand({
      TableName: 'Orders',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'N' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  for (let start = 0; start < 40; start += 20) {
    const requests = Array.from({ length: 20 }, (_, i) => ({ PutRequest: { Item: { PK: { S: `C${(start + i) % 4}` }, SK: { N: String(start + i) }, qty: { N: '1' } } } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { Orders: requests } }));
  }
}

/** 300 items of 1 KB: more output than a pipe holds, so a closed pipe is met on a write. */
async function fillPadded(client: DynamoDBClient): Promise<void> {
  await client.send(
    new CreateTableCommand({ TableName: 'Padded', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST' }),
  );
  for (let start = 0; start < 300; start += 25) {
    const requests = Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { pk: { S: `item-${start + i}` }, pad: { S: 'x'.repeat(1000) } } } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { Padded: requests } }));
  }
}

async function suite(command: BundledCommand, where: readonly string[], journal: string): Promise<void> {
  for (const state of CACHE_STATES) {
    const afterRun = command.expectCache(state);
    const scan = await command.run(['partiql', 'SELECT SK FROM "Orders" WHERE qty = ?', '--param', '1', ...where]);
    afterRun();
    expect(scan.code, scan.stderr).toBe(0);
    expect(scan.stderr).toMatch(/^full Scan of 40 items, [\d.]+ RCU — add a key condition on PK \(WHERE PK = \?\)/);
    expect(scan.stdout.trimEnd().split('\n')).toHaveLength(40);

    const query = await command.run(['partiql', 'SELECT SK FROM "Orders" WHERE PK = ? AND qty = ?', '--param', '{"S":"C1"}', '--param', '1', ...where]);
    expect(query.code, query.stderr).toBe(0);
    expect(query.stderr.split('\n')[0]).toBe('Query on Orders, 0.5 RCU');
    expect(query.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(Array.from({ length: 10 }, (_, i) => ({ SK: { N: String(1 + 4 * i) } })));
  }

  const update = await command.run(['partiql', `UPDATE "Orders" SET qty = qty + 2 WHERE PK = 'C0' AND SK = 0 RETURNING MODIFIED NEW *`, '--journal', journal, ...where]);
  expect(update.code, update.stderr).toBe(0);
  expect(update.stderr.split('\n')[0]).toBe('UpdateItem, 1 WCU');
  expect(JSON.parse(update.stdout)).toEqual({ qty: { N: '3' } });
  const lines = readFileSync(journal, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.at(-1)).toMatchObject({ table: 'Orders', operation: 'update', change: { before: { qty: { N: '1' } }, after: { qty: { N: '3' } } } });

  const json = await command.run(['partiql', `SELECT qty FROM "Orders" WHERE PK = 'C0' AND SK = 0`, '--json', ...where]);
  expect(JSON.parse(json.stdout)).toMatchObject({ plan: { operation: 'GetItem', line: 'GetItem, 0.5 RCU' }, items: [{ qty: { N: '3' } }], count: 1 });

  const refused = await command.run(['partiql', `INSERT INTO "Orders" VALUE {'PK': 'C0', 'SK': 0}`, '--journal', journal, ...where]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('dynotable: DuplicateItemException: Duplicate primary key exists in table\n');
  const invalid = await command.run(['partiql', `SELECT * FROM "Orders" WHERE PK = ?`, ...where]);
  expect(invalid.code).toBe(1);
  expect(invalid.stderr).toBe("dynotable: ValidationException: Number of parameters in request and statement don't match.\n");
  // What DynamoDB parses and then refuses: COUNT(*) in the SELECT list.
  const count = await command.run(['partiql', 'SELECT COUNT(*) FROM "Orders"', ...where]);
  expect(count.code).toBe(1);
  expect(count.stderr).toBe('dynotable: ValidationException: Unexpected path component at 1:8:5\n');
  const usage = await command.run(['partiql', 'SELECT * FROM "Orders"', '--param', 'C1', ...where]);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('--param #1 is not JSON');
}

describe('dynotable partiql', () => {
  it('runs on a data folder: the Scan flagged, the Query on the key, the UPDATE journaled', async () => {
    const dataDir = folder();
    const opened = openEmbedded(dataDir);
    try {
      await fill(opened.client);
      await fillPadded(opened.client);
    } finally {
      opened.close();
    }
    const command = bundledCommand();
    commands.push(command);
    await suite(command, ['--data', dataDir], join(folder(), 'journal.jsonl'));

    // Piped into `head -1`: the first line, and a quiet end when head goes away.
    const piped = await pipedIntoHead(command, ['partiql', 'SELECT * FROM "Padded"', '--all', '--data', dataDir]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(piped.stderr).not.toContain('EPIPE');
  });

  it('runs the same on an endpoint (`dynotable engine` in another process)', async () => {
    const command = bundledCommand();
    commands.push(command);
    const { endpoint, stop } = await startShippedEngine();
    try {
      const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
      await fill(client);
      client.destroy();
      await suite(command, ['--endpoint', endpoint], join(folder(), 'journal.jsonl'));
    } finally {
      stop();
    }
  });
});
