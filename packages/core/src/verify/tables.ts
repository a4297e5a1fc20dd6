/** The model's tables on the target under a temporary prefix: created, awaited until ACTIVE, removed. */
import type { Model, Projection, TableSpec } from '../model/types.js';
import type { VerifyTarget } from './target.js';

export function createTableInput(table: TableSpec, name: string): Record<string, unknown> {
  const keys = [
    table.partitionKey,
    table.sortKey,
    ...table.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ...table.localSecondaryIndexes.map((index) => index.sortKey),
  ];
  const definitions = new Map<string, string>();
  for (const key of keys) if (key) definitions.set(key.name, key.type);
  const keySchema = (partition: string, sort?: string) => [
    { AttributeName: partition, KeyType: 'HASH' },
    ...(sort ? [{ AttributeName: sort, KeyType: 'RANGE' }] : []),
  ];
  const input: Record<string, unknown> = {
    TableName: name,
    AttributeDefinitions: [...definitions].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: keySchema(table.partitionKey.name, table.sortKey?.name),
    // Verification tables are short-lived: on-demand costs nothing while idle.
    BillingMode: 'PAY_PER_REQUEST',
  };
  if (table.globalSecondaryIndexes.length > 0) {
    input['GlobalSecondaryIndexes'] = table.globalSecondaryIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: keySchema(index.partitionKey.name, index.sortKey?.name),
      Projection: projectionInput(index.projection),
    }));
  }
  if (table.localSecondaryIndexes.length > 0) {
    input['LocalSecondaryIndexes'] = table.localSecondaryIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: keySchema(table.partitionKey.name, index.sortKey.name),
      Projection: projectionInput(index.projection),
    }));
  }
  return input;
}

function projectionInput(projection: Projection): Record<string, unknown> {
  return projection.type === 'INCLUDE' ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projection.attributes] } : { ProjectionType: projection.type };
}

export async function createTables(model: Model, target: VerifyTarget, nameOf: (table: string) => string): Promise<void> {
  for (const table of model.tables) await target.execute('CreateTable', createTableInput(table, nameOf(table.name)));
  for (const table of model.tables) await waitUntilActive(target, nameOf(table.name));
}

async function waitUntilActive(target: VerifyTarget, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const output = (await target.execute('DescribeTable', { TableName: name })) as { Table?: { TableStatus?: string; GlobalSecondaryIndexes?: { IndexStatus?: string }[] } };
    const table = output.Table;
    const ready = table?.TableStatus === 'ACTIVE' && (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');
    if (ready) return;
    if (attempt > 600) throw new Error(`table ${name} did not become ACTIVE`);
    await target.sleep(Math.min(2000, 50 * 2 ** attempt));
  }
}

export async function deleteTables(model: Model, target: VerifyTarget, nameOf: (table: string) => string): Promise<string[]> {
  const failures: string[] = [];
  for (const table of model.tables) {
    try {
      await target.execute('DeleteTable', { TableName: nameOf(table.name) });
    } catch (error) {
      failures.push(`${nameOf(table.name)}: ${(error as Error).message}`);
    }
  }
  return failures;
}
