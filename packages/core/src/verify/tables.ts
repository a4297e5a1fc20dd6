/** The model's tables on the target under a temporary prefix: created, awaited until ACTIVE, removed. */
import { createTableRequest } from '../apply/create-table.js';
import type { Model, TableSpec } from '../model/types.js';
import type { VerifyTarget } from './target.js';

/** A model table under another name, as a short-lived table: on demand, whatever the model says. */
export function createTableInput(table: TableSpec, name: string): Record<string, unknown> {
  return { ...createTableRequest(table, { name, shortLived: true }) };
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
