/**
 * `dynotable` on a custom endpoint, as `npx dynotable` runs it (the bundle,
 * cold then warm): the endpoint is `dynotable engine --port 0 --in-memory`,
 * started as a process of its own, standing for any DynamoDB-compatible
 * endpoint. The workbench with `--endpoint URL` (the seed scenarios on copies
 * of the example tables), then `data copy`, `data export`,
 * `data import` and `verify --endpoint`. The same suites run against DynamoDB
 * Local in dynamodb-local.oracle.test.ts.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe } from 'vitest';
import { bundledCommand } from './support/bundled-command.js';
import { connectionSuite } from './support/connection-suite.js';
import { dataCommandSuite } from './support/data-commands.js';

const engineCommand = bundledCommand();
let engine: ChildProcessWithoutNullStreams;
let endpoint: string;

beforeAll(async () => {
  engine = engineCommand.start(['engine', '--port', '0', '--in-memory']);
  let output = '';
  endpoint = await new Promise<string>((resolve, reject) => {
    engine.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    engine.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    engine.once('exit', (code) => reject(new Error(`dynotable engine exited with ${String(code)}:\n${output}`)));
  });
});

afterAll(async () => {
  if (engine !== undefined && engine.exitCode === null && engine.signalCode === null) {
    const exited = new Promise((resolve) => engine.once('exit', resolve));
    engine.kill('SIGTERM');
    await exited;
  }
  engineCommand.remove();
});

describe('the workbench with --endpoint on a running dynotable engine', () =>
  connectionSuite({
    tablePrefix: '',
    kind: 'endpoint',
    endpoint: () => endpoint,
    args: () => ['--endpoint', endpoint],
    // Started with --endpoint: the connection is there, named after the endpoint's host and port.
    connect: async (session) => {
      const listed = await session.api<{ connections: Array<{ id: string; kind: string }> }>('GET', '/api/connections');
      return listed.body.connections.find((connection) => connection.kind === 'endpoint')!.id;
    },
    // The round trip runs on DynamoDB Local and on the embedded engine; here `data export` and `data import` move the items.
    roundTripCompare: 'exact',
  }));

describe('the data commands and verify on a running dynotable engine', () => dataCommandSuite({ tablePrefix: 'cli', endpoint: () => endpoint }));
