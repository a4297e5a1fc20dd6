#!/usr/bin/env node
/**
 * Runs the MCP conformance suite's server scenarios that apply to DynoTable
 * (@modelcontextprotocol/conformance) against the workbench's /mcp: the
 * shipped command started with `--in-memory --mcp --expose embedded`, behind
 * a small loopback proxy that adds the MCP token (the suite's client sends no
 * headers of its own) and passes every other header on, so the Host check is
 * the server's. Scenarios that need the suite's own fixture tools
 * (test_simple_text, test_image_content, …), sampling, elicitation or
 * subscriptions do not apply.
 *
 *   node packages/server/scripts/mcp-conformance.js   (Node.js 22 or later: the suite needs fs.globSync)
 *
 * Prints one line per scenario and exits 1 when one of them fails.
 */
import { spawn } from 'node:child_process';
import { request, createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection'];

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SUITE = `${ROOT}node_modules/@modelcontextprotocol/conformance/dist/index.js`;

function startWorkbench() {
  const child = spawn(process.execPath, [`${ROOT}packages/server/bin/dynotable.js`, '--no-open', '--in-memory', '--port', '0', '--mcp', '--expose', 'embedded'], {
    env: { ...process.env, BROWSER: 'none', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text) => {
      out += text;
      const match = /(http:\/\/127\.0\.0\.1:(\d+))\/mcp\n {2}Authorization: Bearer (\S+)\n/.exec(out);
      if (match) resolve({ child, port: Number(match[2]), token: match[3] });
    });
    child.once('exit', (code) => reject(new Error(`dynotable exited (${code}) before it printed the MCP endpoint:\n${out}`)));
  });
}

/** Passes each request on with the token; a Host or Origin naming the proxy names the server instead, any other stays as sent. */
function startProxy(target) {
  const server = createServer((incoming, outgoing) => {
    const own = new RegExp(`^(http://)?(localhost|127\\.0\\.0\\.1):${server.address().port}$`);
    const headers = { ...incoming.headers, authorization: `Bearer ${target.token}` };
    for (const name of ['host', 'origin']) {
      if (typeof headers[name] === 'string') headers[name] = headers[name].replace(own, `$1$2:${target.port}`);
    }
    const forwarded = request({ host: '127.0.0.1', port: target.port, path: incoming.url, method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function runSuite(args) {
  const child = spawn(process.execPath, [SUITE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, stdout, stderr })));
}

async function main() {
  const [major] = process.versions.node.split('.').map(Number);
  if (major < 22) {
    process.stderr.write(`The conformance suite needs Node.js 22 or later (this is ${process.version}).\n`);
    return 2;
  }
  const workbench = await startWorkbench();
  const proxy = await startProxy(workbench);
  const url = `http://localhost:${proxy.address().port}/mcp`;
  let failed = 0;
  try {
    for (const scenario of APPLICABLE) {
      // Not spawnSync: the proxy runs in this process and must keep answering.
      const run = await runSuite(['server', '--url', url, '--scenario', scenario]);
      const passed = run.status === 0;
      if (!passed) failed += 1;
      process.stdout.write(`${passed ? 'PASS' : 'FAIL'} ${scenario}\n`);
      if (!passed) process.stdout.write(`${run.stdout}${run.stderr}\n`);
    }
  } finally {
    proxy.close();
    workbench.child.kill('SIGTERM');
    await new Promise((resolve) => workbench.child.once('exit', resolve));
  }
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
