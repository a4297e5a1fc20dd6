/**
 * The MCP conformance suite's server scenarios that apply to DynoTable, run
 * by packages/server/scripts/mcp-conformance.js against the shipped
 * command's /mcp. The suite needs Node.js 22 or later (fs.globSync): on
 * Node.js 20 this is skipped, and CI runs it with the bundled command's
 * end-to-end tests on Node.js 22 and 24 (.ci/run).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/bundled-command.js';

const major = Number(process.versions.node.split('.')[0]);

describe('MCP conformance (server scenarios)', () => {
  it.skipIf(major < 22)('passes server-initialize, ping, tools-list, resources-list, prompts-list and dns-rebinding-protection', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'packages/server/scripts/mcp-conformance.js')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);
    expect(output.match(/^PASS \S+$/gm)).toEqual(
      ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection'].map((scenario) => `PASS ${scenario}`),
    );
  }, 600_000);
});
