/**
 * examples/mcp-agent.js, the script that plays an agent, run against the
 * shipped command: from four access patterns in words to a verified model and
 * its generated code, using only MCP calls over stdio.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledCommand, ROOT } from './support/bundled-command.js';

const command = bundledCommand();
const out = mkdtempSync(join(tmpdir(), 'dynotable-mcp-agent-'));
afterAll(() => {
  command.remove();
  rmSync(out, { recursive: true, force: true });
});

function runExample(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'examples/mcp-agent.js'), '--out', out, '--', process.execPath, ...command.execArgv, join(ROOT, 'packages/server/bin/dynotable.js'), 'mcp'], {
    cwd: ROOT,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('examples/mcp-agent.js', () => {
  it('designs, lints, verifies, costs and generates code for four questions, through MCP only', async () => {
    const result = await runExample();
    expect(result.code, result.stderr).toBe(0);
    const PATTERNS = ['getTicketByTicketid', 'listTicketsOfCustomerNewestFirst', 'listTicketsOfAssigneeByDate', 'listOpenTicketsOfTeam'];
    for (const pattern of PATTERNS) expect(result.stdout).toContain(`   ${pattern}: passed`);
    expect(result.stdout).toContain('verified on a private in-memory embedded engine');
    expect(result.stdout).toMatch(/about \$\d+\.\d\d a month on demand/);
    const model = readFileSync(join(out, 'model.yaml'), 'utf8');
    expect(model).toMatch(/^name: support desk/);
    for (const pattern of PATTERNS) expect(model).toContain(`name: ${pattern}`);
    const module = readFileSync(join(out, 'support-desk-data-access.ts'), 'utf8');
    expect(module).toContain('export function createDataAccess');
    for (const pattern of PATTERNS) expect(module).toContain(pattern);
    expect(readFileSync(join(out, 'support-desk-data-access.integration.test.ts'), 'utf8')).toContain('createDataAccess');
  });
});
