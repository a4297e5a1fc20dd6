/** Reads every table and every secondary index back in full, page by page. */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import type { Item } from './canonical.js';
import type { TableDef } from './schema.js';
import type { Snapshot } from './verify.js';

/** Small pages, so paging is exercised after every restart too. */
const PAGE = 40;

async function scanAll(client: DynamoDBClient, input: ScanCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  try {
    do {
      const page = await client.send(new ScanCommand({ ...input, Limit: PAGE, ...(start !== undefined && { ExclusiveStartKey: start }) }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
  } catch (error) {
    const what = input.IndexName === undefined ? `table ${input.TableName}` : `index ${input.TableName}/${input.IndexName}`;
    throw new Error(`scanning ${what} failed: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });
  }
  return items;
}

export async function readSnapshot(client: DynamoDBClient, tables: readonly TableDef[]): Promise<Snapshot> {
  const snapshot: Snapshot = { tables: new Map(), indexes: new Map() };
  for (const table of tables) {
    snapshot.tables.set(table.name, await scanAll(client, { TableName: table.name, ConsistentRead: true }));
    for (const index of table.indexes) {
      snapshot.indexes.set(`${table.name}/${index.name}`, await scanAll(client, { TableName: table.name, IndexName: index.name }));
    }
  }
  return snapshot;
}
