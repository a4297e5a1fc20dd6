/**
 * The common order: an agent launches `dynotable mcp --data D` when its
 * session starts, before the person starts the workbench on D. Both shipped
 * commands, side by side. The agent's command opens D's embedded engine only
 * for each burst of calls, so: the agent reads the embedded engine and
 * proposes an UpdateItem on it; the workbench then starts on D (it is not
 * refused), shows the proposal in its queue, and the person approves it; the
 * agent's next read on the embedded engine says the workbench holds the
 * folder and what to do, and proposal_status still reads the decision.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledCommand } from './support/bundled-command.js';
import { launchStdioAgent, type Json } from './support/stdio-agent.js';
import { startDynotable, type DynotableSession } from './support/dynotable-process.js';

const TABLE = 'TicketDesk';

const command = bundledCommand();


const dir = mkdtempSync(join(tmpdir(), 'dynotable-mcp-start-order-'));
const data = join(dir, 'data');

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  command.remove();
});

describe('dynotable mcp started before the workbench on the same data folder', () => {
  it('the workbench still starts, reviews the agent’s proposal on the embedded engine, and the agent is told how to reach that engine meanwhile', async () => {
    const agent = await launchStdioAgent(command, ['--data', data, '--expose', 'embedded']);
    let workbench: DynotableSession | undefined;
    try {
      // A new folder: the agent's command made its database with the example tables.
      const tables = await agent.call('list_tables', { connection: 'embedded' });
      expect(tables.isError, tables.text).toBe(false);
      const names = (tables.data['tables'] as { name: string }[]).map((table) => table.name);
      expect(names).toContain(TABLE);
      const scanned = await agent.call('scan', { connection: 'embedded', table: TABLE, scan: true, limit: 1 });
      expect(scanned.isError, scanned.text).toBe(false);
      const item = (scanned.data['items'] as Json[])[0] as Json;
      const key = { PK: item['PK'], SK: item['SK'] };
      expect(key.PK).toBeDefined();
      const edited = { ...item, status: { S: 'agent-edited' } };
      const proposed = await agent.call('propose_update', { connection: 'embedded', table: TABLE, key, before: item, after: edited, reason: 'proposed before the workbench ran' });
      expect(proposed.isError, proposed.text).toBe(false);
      const id = proposed.data['id'] as string;

      // The agent's command is still running: the workbench gets the folder all the same.
      workbench = await startDynotable(['--no-open', '--port', '0', '--data', data, '--journal', join(dir, 'journal.jsonl')], command);
      const queue = await workbench.api<{ proposals: Json[]; pending: number }>('GET', '/api/agents/proposals');
      expect(queue.body.proposals).toEqual([expect.objectContaining({ id, status: 'pending', connection: 'embedded', table: TABLE, reason: 'proposed before the workbench ran' })]);
      // --expose was the agent's command's; in the workbench the person exposes the connection before approving on it.
      expect((await workbench.api('PUT', '/api/agents/exposure/embedded', { exposed: true })).status).toBe(200);
      const approved = await workbench.api<{ proposal: Json }>('POST', `/api/agents/proposals/${id}/approve`, {});
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      const read = await workbench.api<{ item: Json }>('POST', `/api/connections/embedded/tables/${TABLE}/items/get`, { Key: key });
      expect(read.body.item).toEqual(edited);
      expect((await agent.call('proposal_status', { id })).data).toMatchObject({ id, status: 'approved' });

      // The workbench holds the folder now: a read on its engine says what is happening and what to do.
      const refused = await agent.call('get_item', { connection: 'embedded', table: TABLE, key });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/^DataDirectoryInUse: The data folder .* is in use by another DynoTable, usually the workbench on it, so this dynotable mcp cannot open its embedded engine now\./);
      expect(refused.text).toMatch(/start the workbench with dynotable --mcp \(or switch MCP on in it\) and connect the agent to its \/mcp/);
      expect(agent.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      await agent.close();
      await workbench?.stop();
    }
  });
});
