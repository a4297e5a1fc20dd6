/**
 * First run: a new embedded engine gets the three example models' tables
 * (audit log, ticket desk, leaderboard) filled with realistic data, so the
 * workbench has something to explore at once. Deterministic; never touches an
 * engine that already has tables, and never a connection other than the
 * embedded engine.
 */
import { BatchWriteItemCommand, CreateTableCommand, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, CreateTableCommandInput, DynamoDBClient, WriteRequest } from '@aws-sdk/client-dynamodb';
import { auditLogSeed } from './audit-log-data.js';
import { leaderboardSeed } from './leaderboard-data.js';
import { createInput, type SeedTable } from './seed-table.js';
import { ticketDeskSeed } from './ticket-desk-data.js';

export interface SeedResult {
  readonly seeded: boolean;
  readonly tables: ReadonlyArray<{ readonly name: string; readonly items: number }>;
}

/** BatchWriteItem's limit. */
const BATCH = 25;

export function exampleSeedTables(): SeedTable[] {
  return [auditLogSeed(), ticketDeskSeed(), leaderboardSeed()];
}

/** The engine's in-process request handler says so in its metadata; nothing else is seeded. */
function isEmbeddedEngine(client: DynamoDBClient): boolean {
  const handler = client.config.requestHandler as { metadata?: { handlerProtocol?: unknown } } | undefined;
  return handler?.metadata?.handlerProtocol === 'in-process';
}

async function writeAll(client: DynamoDBClient, table: string, requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let round = 0; pending.length > 0; round++) {
    if (round > 20) throw new Error(`seeding ${table}: items stayed unprocessed`);
    const next: WriteRequest[] = [];
    for (let start = 0; start < pending.length; start += BATCH) {
      const output = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending.slice(start, start + BATCH) } }));
      next.push(...(output.UnprocessedItems?.[table] ?? []));
    }
    pending = next;
  }
}

async function seedOne(client: DynamoDBClient, seed: SeedTable): Promise<number> {
  const name = seed.table.name;
  await client.send(new CreateTableCommand(createInput(seed) as unknown as CreateTableCommandInput));
  if (seed.table.timeToLiveAttribute !== undefined) {
    await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { Enabled: true, AttributeName: seed.table.timeToLiveAttribute } }));
  }
  // Core's items are DynamoDB's attribute values already (numbers as text, binary as bytes).
  await writeAll(client, name, seed.items.map((item) => ({ PutRequest: { Item: item as Record<string, AttributeValue> } })));
  return seed.items.length;
}

export async function seedEmbeddedEngine(client: DynamoDBClient): Promise<SeedResult> {
  if (!isEmbeddedEngine(client)) return { seeded: false, tables: [] };
  const existing = await client.send(new ListTablesCommand({ Limit: 1 }));
  if ((existing.TableNames ?? []).length > 0) return { seeded: false, tables: [] };
  const tables: Array<{ name: string; items: number }> = [];
  for (const seed of exampleSeedTables()) tables.push({ name: seed.table.name, items: await seedOne(client, seed) });
  return { seeded: true, tables };
}
