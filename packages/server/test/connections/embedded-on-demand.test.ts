/**
 * The embedded engine on disk opened only for each burst of requests (what
 * `dynotable mcp` uses): the data folder is free between bursts, so another
 * DynoTable opening it gets it; while that one holds it, each request is
 * refused with what to do, and once it lets go requests work again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';
import { DataError } from '../../src/data/errors.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-on-demand-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function registry(options: Parameters<typeof createConnectionRegistry>[0] = {}): ConnectionRegistry {
  const created = createConnectionRegistry({ seedExamples: false, env: {}, ...options });
  cleanups.push(() => created.closeAll());
  return created;
}

const table = {
  TableName: 'Notes',
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
  BillingMode: 'PAY_PER_REQUEST' as const,
};

async function tableNames(connections: ConnectionRegistry, id: string): Promise<string[]> {
  return (await connections.get(id).client.send(new ListTablesCommand({}))).TableNames ?? [];
}

describe('an embedded engine opened on demand', () => {
  it('lets the folder go between bursts: a workbench-like registry opens it after a call, and sees what the call wrote', async () => {
    const dir = tempDir();
    const agent = registry({ embeddedOnDemand: { idleMs: 20 } });
    const { id } = await agent.add({ kind: 'embedded', dataDir: dir });
    await agent.get(id).client.send(new CreateTableCommand(table));

    // Opening the folder waits for the burst to end instead of refusing it.
    const workbench = registry();
    const held = await workbench.add({ kind: 'embedded', dataDir: dir });
    expect(await tableNames(workbench, held.id)).toEqual(['Notes']);
  });

  it('while another holds the folder, says so at start and refuses each request with what to do; once it lets go, answers again', async () => {
    const dir = tempDir();
    const workbench = registry();
    const held = await workbench.add({ kind: 'embedded', dataDir: dir });
    await workbench.get(held.id).client.send(new CreateTableCommand(table));

    const notes: string[] = [];
    const agent = registry({ embeddedOnDemand: { idleMs: 20, onHeldElsewhere: (message) => notes.push(message) } });
    const { id } = await agent.add({ kind: 'embedded', dataDir: dir });
    expect(notes).toHaveLength(1);
    const refused = await tableNames(agent, id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataError);
    expect((refused as DataError).type).toBe('DataDirectoryInUse');
    expect((refused as DataError).message).toBe(notes[0]);
    expect(notes[0]).toMatch(/^The data folder .* is in use by another DynoTable, usually the workbench on it, so this dynotable mcp cannot open its embedded engine now\. While the workbench runs, reach the embedded engine through the workbench's MCP endpoint/);

    await workbench.remove(held.id);
    expect(await tableNames(agent, id)).toEqual(['Notes']);
  });
});
