/**
 * `dynotable mcp` as an agent launches it: the shipped command (the bundle,
 * cold then warm) spawned by the SDK's own StdioClientTransport. The tools
 * answer on the in-memory engine it exposes; schema and expression errors
 * come back as tool errors; a connection it was not told to expose stays
 * invisible; and with AWS credentials in a profile and the environment, and
 * an endpoint that quotes the caller's token back, no tool result and no
 * line of its output holds a secret.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand, CACHE_STATES, type BundledCommand } from './support/bundled-command.js';
import { launchStdioAgent, type StdioAgent } from './support/stdio-agent.js';

const command = bundledCommand();

/** The shipped `dynotable mcp` (support/stdio-agent.ts), by default the bundle of this file's command. */
function launch(args: readonly string[], env: NodeJS.ProcessEnv = process.env, bundle: BundledCommand = command): Promise<StdioAgent> {
  return launchStdioAgent(bundle, args, env);
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { text: string }[]).map((part) => part.text).join('\n');
}

afterAll(() => command.remove());

describe.each(CACHE_STATES)('dynotable mcp over stdio, run %s', (state) => {
  it('lists the tools and answers them; bad input comes back as tool errors', async () => {
    const afterRun = command.expectCache(state);
    const agent = await launch([]);
    try {
      const { tools } = await agent.client.listTools();
      expect(tools.length).toBe(22);
      const connections = await agent.client.callTool({ name: 'list_connections', arguments: {} });
      expect(connections.structuredContent).toEqual({ connections: [{ id: 'embedded', name: 'Embedded engine (in memory)', kind: 'embedded', safety: 'full' }] });
      const designed = await agent.client.callTool({ name: 'design_model', arguments: { questions: ['get a ticket by ticketId', 'list tickets of an assignee by date'], name: 'desk' } });
      expect(designed.isError, text(designed)).toBeFalsy();
      expect((designed.structuredContent as { yaml: string }).yaml).toMatch(/^name: desk/);
      const bad = await agent.client.callTool({ name: 'query', arguments: { connection: 'embedded', table: 'TicketDesk', key: 'PK = "a" or PK = "b"' } });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toBe("ValidationException: Invalid operator used in KeyConditionExpression: OR");
      const invalid = await agent.client.callTool({ name: 'get_item', arguments: { connection: 'embedded', table: 'TicketDesk' } });
      expect(invalid.isError).toBe(true);
      expect(text(invalid)).toMatch(/Input validation error: .* at key/);
      const write = await agent.client.callTool({ name: 'propose_put', arguments: { connection: 'embedded', table: 'TicketDesk', Item: { PK: { S: 'A' }, SK: { S: 'B' } } } });
      // The session's own engine in memory: no workbench could review a write proposed on it.
      expect(text(write)).toMatch(/^WritesNeedReview: Connection 'embedded' is this session's engine in memory: no workbench can see it/);
      expect(agent.stderr()).toMatch(/serving MCP on stdio\. Exposed to the agent: embedded/);
    } finally {
      await agent.close();
    }
    afterRun();
  });
});

describe('dynotable mcp: what a person did not expose', () => {
  it('an endpoint connection stays invisible without --expose, and is there with it', async () => {
    const endpoint = 'http://127.0.0.1:9';
    const hidden = await launch(['--endpoint', endpoint]);
    try {
      const listed = await hidden.client.callTool({ name: 'list_connections', arguments: {} });
      expect((listed.structuredContent as { connections: { id: string }[] }).connections.map((each) => each.id)).toEqual(['embedded']);
      const refused = await hidden.client.callTool({ name: 'list_tables', arguments: { connection: '127-0-0-1-9' } });
      expect(text(refused)).toMatch(/^ConnectionNotExposed: No connection '127-0-0-1-9' is exposed to agents; the exposed ones are 'embedded'/);
    } finally {
      await hidden.close();
    }
    const shown = await launch(['--endpoint', endpoint, '--expose', '127-0-0-1-9']);
    try {
      const listed = await shown.client.callTool({ name: 'list_connections', arguments: {} });
      expect((listed.structuredContent as { connections: { id: string }[] }).connections.map((each) => each.id)).toEqual(['embedded', '127-0-0-1-9']);
    } finally {
      await shown.close();
    }
  });

  it('an engine on disk (--data) is not exposed unless named; two agents on one folder each reach it, the folder being free between calls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dynotable-mcp-data-'));
    const first = await launch(['--data', dir]);
    try {
      const listed = await first.client.callTool({ name: 'list_connections', arguments: {} });
      expect(listed.structuredContent).toEqual({ connections: [] });
      const second = await launch(['--data', dir, '--expose', 'embedded']);
      try {
        const tables = await second.client.callTool({ name: 'list_tables', arguments: { connection: 'embedded' } });
        expect(tables.isError, text(tables)).toBeFalsy();
        expect((tables.structuredContent as { tables: { name: string }[] }).tables.map((table) => table.name)).toContain('TicketDesk');
        expect(second.stderr()).not.toMatch(/in use by another DynoTable/);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unknown --expose stops the command with the connections it has', async () => {
    const result = await command.run(['mcp', '--expose', 'prod']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--expose prod: there is no such connection; the connections are embedded/);
  });
});

describe('dynotable mcp and secrets', () => {
  const FILE_ACCESS_KEY = 'AKIAFILEPROFILEKEY77';
  const FILE_SECRET_KEY = 'mcp-file-secret-key/with+odd=chars-7777';
  const FILE_SESSION_TOKEN = 'MCP-FILE-SESSION-TOKEN-value-0123456789-abcdef';
  const ENV_SECRET_KEY = 'mcp-env-secret-access-key-value-000';
  const SECRETS = [FILE_ACCESS_KEY, FILE_SECRET_KEY, FILE_SESSION_TOKEN, ENV_SECRET_KEY];
  let home: string;
  let careless: Server;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'dynotable-mcp-secrets-'));
    mkdirSync(join(home, '.aws'));
    writeFileSync(join(home, '.aws', 'config'), '[profile keys]\nregion = eu-west-1\n');
    writeFileSync(join(home, '.aws', 'credentials'), `[keys]\naws_access_key_id = ${FILE_ACCESS_KEY}\naws_secret_access_key = ${FILE_SECRET_KEY}\naws_session_token = ${FILE_SESSION_TOKEN}\n`);
    // DynamoDB as a careless proxy would answer: the caller's token and signature quoted back.
    careless = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.statusCode = 400;
        response.setHeader('content-type', 'application/x-amz-json-1.0');
        response.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#AccessDeniedException', message: `Denied for ${String(request.headers['x-amz-security-token'])} (${String(request.headers['authorization'])})` }));
      });
    });
    await new Promise<void>((resolve) => careless.listen(0, '127.0.0.1', resolve));
    env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
    Object.assign(env, {
      HOME: home,
      AWS_CONFIG_FILE: join(home, '.aws', 'config'),
      AWS_SHARED_CREDENTIALS_FILE: join(home, '.aws', 'credentials'),
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(careless.address() as AddressInfo).port}`,
      AWS_SECRET_ACCESS_KEY: ENV_SECRET_KEY,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => careless?.close(resolve));
    rmSync(home, { recursive: true, force: true });
  });

  it('no tool result, resource or output line holds a key, a secret or a session token', async () => {
    const agent = await launch(['--profile', 'keys', '--region', 'eu-west-1', '--expose', 'aws-keys-eu-west-1'], env);
    const seen: string[] = [];
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['list_connections', {}],
        ['list_tables', { connection: 'aws-keys-eu-west-1' }],
        ['describe_table', { connection: 'aws-keys-eu-west-1', table: 'Orders' }],
        ['get_item', { connection: 'aws-keys-eu-west-1', table: 'Orders', key: { PK: { S: 'a' } } }],
        ['query', { connection: 'aws-keys-eu-west-1', table: 'Orders', key: 'PK = "a"' }],
        ['scan', { connection: 'aws-keys-eu-west-1', table: 'Orders', scan: true, limit: 1 }],
        ['partiql_run', { connection: 'aws-keys-eu-west-1', statement: 'SELECT * FROM "Orders"' }],
        ['diff_table', { connection: 'aws-keys-eu-west-1', table: 'Orders', model: 'name: m\ntables:\n  Orders:\n    partitionKey: { name: PK, type: S }\nentities: {}\n' }],
        ['verify_model', { connection: 'aws-keys-eu-west-1', model: 'name: m\ntables:\n  Orders:\n    partitionKey: { name: PK, type: S }\nentities: {}\n' }],
      ];
      for (const [name, args] of calls) {
        const result = await agent.client.callTool({ name, arguments: args });
        seen.push(`${name}: ${JSON.stringify(result)}`);
      }
      const connections = JSON.parse(seen[0]!.slice('list_connections: '.length)) as { structuredContent: { connections: { id: string; kind: string }[] } };
      expect(connections.structuredContent.connections.map((each) => [each.id, each.kind])).toEqual([['embedded', 'embedded'], ['aws-keys-eu-west-1', 'aws']]);
      // The endpoint answered, quoting the caller's session token: the tool error passes DynamoDB's type on, without it.
      expect(seen[1]).toMatch(/AccessDeniedException: Denied for \[redacted\]/);
      seen.push(JSON.stringify(await agent.client.listResources()));
    } finally {
      await agent.close();
    }
    seen.push(agent.stderr());
    for (const line of seen) for (const secret of SECRETS) expect(line, `holds ${secret}`).not.toContain(secret);
  });
});
