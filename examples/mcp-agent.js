#!/usr/bin/env node
/**
 * An agent's session with DynoTable's MCP server, played by a script: from
 * four access patterns in words to a designed, linted, verified and costed
 * model and its generated data-access code — using only MCP calls, over
 * stdio to `dynotable mcp`, as Claude Code, Cursor or Codex would.
 *
 *   node examples/mcp-agent.js [--out DIR] [-- <command that starts the server>]
 *
 * The default command is `npx dynotable mcp`. With --out, the model file and
 * the generated files are written there. Exits 1 when the model does not
 * verify. See docs/mcp.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const QUESTIONS = [
  'get a ticket by ticketId',
  'list tickets of a customer, newest first',
  'list tickets of an assignee by date',
  'list open tickets of a team',
];

function readArgs(argv) {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const server = split === -1 ? ['npx', 'dynotable', 'mcp'] : argv.slice(split + 1);
  const outAt = own.indexOf('--out');
  return { out: outAt === -1 ? undefined : own[outAt + 1], server };
}

/** One tool call; a tool error stops the session with the server's message. */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content.map((part) => part.text).join('\n');
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return result.structuredContent;
}

const say = (line) => process.stdout.write(`${line}\n`);

async function main() {
  const { out, server } = readArgs(process.argv.slice(2));
  const [command, ...args] = server;
  const client = new Client({ name: 'dynotable-example-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  try {
    const { tools } = await client.listTools();
    say(`Connected: ${tools.length} tools.`);

    say('1. design_model from the access patterns:');
    for (const question of QUESTIONS) say(`   - ${question}`);
    const design = await call(client, 'design_model', { questions: QUESTIONS, name: 'support desk' });
    for (const plan of design.plans) say(`   ${plan.pattern}: ${plan.operation}${plan.index ? ` on ${plan.index}` : ''}`);

    say('2. lint_model, applying the mechanical fixes:');
    const lint = await call(client, 'lint_model', { model: design.yaml, fix: true });
    const model = lint.fixedModel ?? design.yaml;
    say(`   ${lint.findings.length} finding(s), ${lint.applied?.length ?? 0} fixed`);

    say('3. verify_model on the embedded engine:');
    const verified = await call(client, 'verify_model', { model, items: 200 });
    for (const pattern of verified.report.patterns) say(`   ${pattern.pattern ?? pattern.name}: ${pattern.passed ? 'passed' : 'FAILED'}`);
    say(`   ${verified.passed ? 'verified' : 'NOT verified'} on ${verified.where}`);

    say('4. cost_model:');
    const cost = await call(client, 'cost_model', { model });
    say(`   about $${cost.report.totals.onDemandMonthly.toFixed(2)} a month on demand`);

    say('5. generate_code:');
    const code = await call(client, 'generate_code', { model });
    for (const file of code.files) say(`   ${file.fileName} (${file.source.split('\n').length} lines)`);

    if (out !== undefined) {
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'model.yaml'), model);
      for (const file of code.files) writeFileSync(join(out, file.fileName), file.source);
      say(`Wrote model.yaml and ${code.files.map((file) => file.fileName).join(', ')} to ${out}.`);
    }
    return verified.passed ? 0 : 1;
  } finally {
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`mcp-agent: ${error.message}\n`);
    process.exit(1);
  },
);
