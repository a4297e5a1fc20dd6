/**
 * The MCP server's tools through the SDK's own client (in memory): every tool
 * listed with its input and output schemas, each called with what an agent
 * sends, schema validation errors, DynamoDB's message for a bad expression as
 * a tool error, connections not exposed staying invisible, and writes staged,
 * never run. Over stdio and HTTP, through the shipped command: test/e2e/mcp-*.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplePath } from '../support/examples.js';
import { callTool, mcpSession, type McpSession } from './mcp-session.js';
import { RecordingProposalQueue } from './proposal-queue-double.js';

const AUDIT_LOG = readFileSync(examplePath('audit-log'), 'utf8');
const queue = new RecordingProposalQueue();
let session: McpSession;

beforeAll(async () => {
  session = await mcpSession({ proposals: queue, modelFiles: [{ name: 'audit-log.yaml', text: AUDIT_LOG }] });
});
afterAll(() => session.close());

const call = (name: string, args: Record<string, unknown>) => callTool(session.client, name, args);

async function anActor(): Promise<string> {
  const page = await call('scan', { connection: 'embedded', table: 'AuditLog', scan: true, limit: 1 });
  const items = page.data['items'] as { actorId: { S: string } }[];
  return items[0]!.actorId.S;
}

describe('the tool list', () => {
  it('has every tool, each with an input and an output schema', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'list_connections', 'list_tables', 'describe_table', 'get_item', 'query', 'scan', 'run_access_pattern',
        'design_model', 'lint_model', 'cost_model', 'verify_model', 'diff_table', 'generate_code',
        'compile_expression', 'partiql_check', 'partiql_run',
        'propose_put', 'propose_update', 'propose_delete', 'propose_transaction', 'propose_apply_model', 'proposal_status',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
    }
    const scan = tools.find((tool) => tool.name === 'scan')!;
    expect(scan.inputSchema.required).toEqual(expect.arrayContaining(['scan', 'limit']));
    expect(tools.find((tool) => tool.name === 'propose_put')!.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((tool) => tool.name === 'query')!.annotations?.readOnlyHint).toBe(true);
  });
});

describe('table tools', () => {
  it('list only the exposed connections, and their tables', async () => {
    const connections = await call('list_connections', {});
    expect(connections.data).toEqual({ connections: [{ id: 'embedded', name: 'Embedded engine (in memory)', kind: 'embedded', safety: 'full' }] });
    const tables = await call('list_tables', { connection: 'embedded' });
    expect((tables.data['tables'] as { name: string }[]).map((table) => table.name)).toEqual(expect.arrayContaining(['AuditLog', 'Leaderboard', 'TicketDesk']));
  });

  it('describe a table with its linked model', async () => {
    const described = await call('describe_table', { connection: 'embedded', table: 'AuditLog' });
    expect(described.isError, described.text).toBe(false);
    expect((described.data['table'] as { TableName: string }).TableName).toBe('AuditLog');
    expect(described.data['linkedModel']).toMatchObject({ name: 'audit-log', modelTable: 'AuditLog', accessPatterns: ['listActorEvents', 'actorEventsInWindow'] });
  });

  it('query with friendly text: the exact request, the items, the consumed capacity and the read efficiency', async () => {
    const actor = await anActor();
    const answer = await call('query', { connection: 'embedded', table: 'AuditLog', key: `PK = "ACTOR#${actor}"`, filter: `actorId = "${actor}"`, limit: 5 });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data['request']).toEqual({
      operation: 'Query',
      wire: {
        TableName: 'AuditLog',
        KeyConditionExpression: 'PK = :v0',
        FilterExpression: 'actorId = :v1',
        ExpressionAttributeValues: { ':v0': { S: `ACTOR#${actor}` }, ':v1': { S: actor } },
        Limit: 5,
        ReturnConsumedCapacity: 'INDEXES',
      },
    });
    const items = answer.data['items'] as { actorId: { S: string } }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.actorId.S === actor)).toBe(true);
    expect(answer.data['readEfficiency']).toBe(100);
    expect((answer.data['consumed'] as { readUnits: number }).readUnits).toBeGreaterThan(0);
  });

  it('get an item by its key', async () => {
    const actor = await anActor();
    const page = await call('query', { connection: 'embedded', table: 'AuditLog', key: `PK = "ACTOR#${actor}"`, limit: 1 });
    const first = (page.data['items'] as Record<string, unknown>[])[0]!;
    const got = await call('get_item', { connection: 'embedded', table: 'AuditLog', key: { PK: first['PK'], SK: first['SK'] } });
    expect(got.data['item']).toEqual(first);
    expect((got.data['request'] as { operation: string }).operation).toBe('GetItem');
  });

  it('scan only with scan: true and a limit, with a warning', async () => {
    const scanned = await call('scan', { connection: 'embedded', table: 'Leaderboard', scan: true, limit: 3 });
    expect(scanned.data['count']).toBe(3);
    expect(scanned.data['warning']).toMatch(/reads every item/);
    const withoutScan = await call('scan', { connection: 'embedded', table: 'Leaderboard', limit: 3 });
    expect(withoutScan.isError).toBe(true);
    expect(withoutScan.text).toMatch(/Input validation error: .*pass scan: true to say you mean it/);
    const withoutLimit = await call('scan', { connection: 'embedded', table: 'Leaderboard', scan: true });
    expect(withoutLimit.text).toMatch(/Input validation error: .* at limit/);
  });

  it("run the linked model's access pattern by name with its parameters", async () => {
    const actor = await anActor();
    const answer = await call('run_access_pattern', { connection: 'embedded', table: 'AuditLog', pattern: 'listActorEvents', parameters: { actorId: actor } });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data).toMatchObject({ pattern: 'listActorEvents', operation: 'Query' });
    expect((answer.data['request'] as { wire: { ScanIndexForward?: boolean; TableName: string } }).wire).toMatchObject({ TableName: 'AuditLog', ScanIndexForward: false });
    expect((answer.data['items'] as unknown[]).length).toBeGreaterThan(0);
    const missing = await call('run_access_pattern', { connection: 'embedded', table: 'AuditLog', pattern: 'listActorEvents' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/missing actorId/);
    const unknown = await call('run_access_pattern', { connection: 'embedded', table: 'AuditLog', pattern: 'nope' });
    expect(unknown.text).toMatch(/has listActorEvents, actorEventsInWindow/);
  });

  it('refuse a connection that is not exposed, as if it did not exist', async () => {
    session.exposure.setExposed('embedded', false);
    try {
      expect((await call('list_connections', {})).data).toEqual({ connections: [] });
      const refused = await call('list_tables', { connection: 'embedded' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/^ConnectionNotExposed: No connection 'embedded' is exposed to agents; none is/);
    } finally {
      session.exposure.setExposed('embedded', true);
    }
  });
});

describe('model tools', () => {
  const QUESTIONS = ['get a customer by customerId', 'list orders of a customer by date'];

  it('design from access patterns in words, lint with fixes as edits, cost, verify and generate code', async () => {
    const designed = await call('design_model', { questions: QUESTIONS, name: 'shop' });
    expect(designed.isError, designed.text).toBe(false);
    const yaml = designed.data['yaml'] as string;
    expect(yaml).toMatch(/^name: shop/);
    expect((designed.data['plans'] as { operation: string }[]).map((plan) => plan.operation)).toEqual(['GetItem', 'Query']);

    const lint = await call('lint_model', { model: yaml, fix: true });
    expect(lint.isError, lint.text).toBe(false);
    expect(lint.data['summary']).toBeDefined();
    expect(typeof lint.data['fixedModel']).toBe('string');

    const cost = await call('cost_model', { model: yaml });
    expect((cost.data['report'] as { totals: { onDemandMonthly: number } }).totals.onDemandMonthly).toBeGreaterThan(0);

    const verified = await call('verify_model', { model: yaml, items: 50 });
    expect(verified.isError, verified.text).toBe(false);
    expect(verified.data).toMatchObject({ passed: true, where: 'a private in-memory embedded engine' });

    const code = await call('generate_code', { model: yaml });
    const files = code.data['files'] as { fileName: string; source: string }[];
    expect(files.length).toBe(2);
    expect(files[0]!.source).toMatch(/Data access for the model "shop"/);
    expect(files[0]!.source).toMatch(/export function createDataAccess/);
  });

  it('lint: each mechanical fix comes as model edits', async () => {
    const broken = readFileSync(new URL('../../../../examples/broken/leaderboard-unpadded-rating.yaml', import.meta.url), 'utf8');
    const lint = await call('lint_model', { model: broken });
    const withEdits = (lint.data['findings'] as { autofix?: { edits: unknown[] } }[]).filter((finding) => finding.autofix !== undefined);
    expect(withEdits.length).toBeGreaterThan(0);
    expect(withEdits[0]!.autofix!.edits.length).toBeGreaterThan(0);
  });

  it('a model with problems fails with every problem and its path', async () => {
    const failed = await call('lint_model', { model: 'name: x\ntables:\n  T:\n    partitionKey: { name: PK, type: X }\nentities: {}\n' });
    expect(failed.isError).toBe(true);
    expect(failed.text).toMatch(/^InvalidModel: /);
    expect(failed.text).toMatch(/"path": "tables\.T\.partitionKey\.type"/);
  });

  it('diff a model against a live table; verify on an exposed connection', async () => {
    const same = await call('diff_table', { model: AUDIT_LOG, connection: 'embedded', table: 'AuditLog' });
    expect(same.isError, same.text).toBe(false);
    expect(same.data).toMatchObject({ table: 'AuditLog', modelTable: 'AuditLog', equal: true, differences: [] });
    const other = await call('diff_table', { model: AUDIT_LOG.replace('timeToLiveAttribute: expiresAt', 'timeToLiveAttribute: gone'), connection: 'embedded', table: 'AuditLog' });
    expect(other.data['equal']).toBe(false);
    const onConnection = await call('verify_model', { model: AUDIT_LOG, connection: 'embedded', items: 40 });
    expect(onConnection.isError, onConnection.text).toBe(false);
    expect(onConnection.data).toMatchObject({ passed: true, where: 'Embedded engine (in memory)' });
  });
});

describe('expression tools', () => {
  it('friendly text to the request fields', async () => {
    const compiled = await call('compile_expression', { key: 'PK = "A" and begins_with(SK, "B#")', filter: 'status = "open"' });
    expect(compiled.data).toEqual({
      KeyConditionExpression: 'PK = :v0 AND begins_with(SK, :v1)',
      FilterExpression: '#status = :v2',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':v0': { S: 'A' }, ':v1': { S: 'B#' }, ':v2': { S: 'open' } },
    });
  });

  it("a bad expression: DynamoDB's message, as a tool error", async () => {
    const bad = await call('compile_expression', { filter: 'status = = "open"' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/^ValidationException: Invalid FilterExpression: Syntax error; token: "=", near: "= = "open""\n/);
    const query = await call('query', { connection: 'embedded', table: 'AuditLog', key: 'PK = ' });
    expect(query.isError).toBe(true);
    expect(query.text).toMatch(/^ValidationException: Invalid KeyConditionExpression: Syntax error/);
  });

  it('PartiQL: a statement checked, a SELECT run, a write refused', async () => {
    const actor = await anActor();
    const checked = await call('partiql_check', { connection: 'embedded', statement: `SELECT * FROM "AuditLog" WHERE PK = 'ACTOR#${actor}'` });
    expect(checked.isError, checked.text).toBe(false);
    expect((checked.data['plan'] as { operation: string }).operation).toBe('Query');
    const run = await call('partiql_run', { connection: 'embedded', statement: 'SELECT * FROM "AuditLog" WHERE PK = ?', parameters: [{ S: `ACTOR#${actor}` }] });
    expect(run.isError, run.text).toBe(false);
    expect((run.data['items'] as unknown[]).length).toBeGreaterThan(0);
    const write = await call('partiql_run', { connection: 'embedded', statement: `DELETE FROM "AuditLog" WHERE PK = 'x' AND SK = 'y'` });
    expect(write.isError).toBe(true);
    expect(write.text).toMatch(/^WriteNotAllowed: /);
    const bad = await call('partiql_check', { connection: 'embedded', statement: 'SELEC * FROM "AuditLog"' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/^ValidationException: /);
  });
});

describe('write tools', () => {
  it('stage every write, run none, and report its status', async () => {
    const key = { PK: { S: 'ACTOR#mcp-test' }, SK: { S: 'EVT#1' } };
    const before = await call('get_item', { connection: 'embedded', table: 'AuditLog', key });
    expect(before.data['item']).toBeUndefined();
    const put = await call('propose_put', { connection: 'embedded', table: 'AuditLog', Item: { ...key, actorId: { S: 'mcp-test' } }, reason: 'a test event' });
    expect(put.isError, put.text).toBe(false);
    expect(put.data).toMatchObject({ status: 'pending', kind: 'put', connection: 'embedded', table: 'AuditLog', reason: 'a test event' });
    expect(queue.staged.at(-1)).toEqual({ connection: 'embedded', table: 'AuditLog', kind: 'put', input: { Item: { ...key, actorId: { S: 'mcp-test' } } }, reason: 'a test event' });
    const after = await call('get_item', { connection: 'embedded', table: 'AuditLog', key });
    expect(after.data['item'], 'a proposal writes nothing').toBeUndefined();

    const update = await call('propose_update', { connection: 'embedded', table: 'AuditLog', key, before: key, after: { ...key, note: { S: 'x' } } });
    expect(update.data).toMatchObject({ kind: 'update', status: 'pending' });
    const remove = await call('propose_delete', { connection: 'embedded', table: 'AuditLog', Key: key, condition: 'attribute_exists(PK)' });
    expect(queue.staged.at(-1)?.input).toEqual({ Key: key, condition: 'attribute_exists(PK)' });
    expect(remove.data['kind']).toBe('delete');
    const actions = [{ put: { Item: key } }, { delete: { table: 'Leaderboard', Key: key } }];
    const transaction = await call('propose_transaction', { connection: 'embedded', table: 'AuditLog', actions });
    expect(transaction.data).toMatchObject({ kind: 'transaction', table: 'AuditLog' });
    expect(queue.staged.at(-1)?.input).toEqual({ actions });
    const wrongShape = await call('propose_transaction', { connection: 'embedded', table: 'AuditLog', actions: [{ Put: { TableName: 'AuditLog', Item: key } }] });
    expect(wrongShape.isError, 'the review queue\'s own action shape, checked by the tool\'s schema').toBe(true);
    const apply = await call('propose_apply_model', { connection: 'embedded', model: AUDIT_LOG, prefix: 'agent-' });
    expect(apply.data).toMatchObject({ kind: 'apply-model', table: 'agent-AuditLog' });

    const id = put.data['id'] as string;
    expect((await call('proposal_status', { id })).data['status']).toBe('pending');
    queue.decide(id, 'rejected', 'not now');
    expect((await call('proposal_status', { id })).data).toMatchObject({ status: 'rejected', message: 'not now' });
    expect((await call('proposal_status', { id: 'nope' })).text).toMatch(/^ProposalNotFound: /);
  });

  it('refuse to stage on a connection that is not exposed', async () => {
    const count = queue.staged.length;
    const refused = await call('propose_put', { connection: 'hidden', table: 'T', Item: { PK: { S: 'a' } } });
    expect(refused.text).toMatch(/^ConnectionNotExposed: /);
    expect(queue.staged.length).toBe(count);
  });

  it('without a review queue, refuse with a clear error', async () => {
    const bare = await mcpSession();
    try {
      const refused = await callTool(bare.client, 'propose_put', { connection: 'embedded', table: 'AuditLog', Item: { PK: { S: 'a' }, SK: { S: 'b' } } });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/^WritesNeedReview: .*review queue/);
    } finally {
      await bare.close();
    }
  });
});

describe('schema validation', () => {
  it('refuses arguments that do not fit the input schema, naming the field', async () => {
    for (const [name, args, field] of [
      ['query', { connection: 'embedded', table: 'AuditLog' }, 'key'],
      ['get_item', { connection: 'embedded', table: 'AuditLog', key: 'PK=1' }, 'key'],
      ['design_model', { questions: [] }, 'questions'],
      ['verify_model', { model: 'x', items: 0 }, 'items'],
    ] as const) {
      const refused = await call(name, args);
      expect(refused.isError, name).toBe(true);
      expect(refused.text, name).toMatch(new RegExp(`^MCP error -32602: Input validation error: Invalid arguments for tool ${name}: .* at ${field}`));
    }
  });
});

describe('resources and prompts', () => {
  it('offer the table schemas, the linked models and the model files', async () => {
    const { resources } = await session.client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(expect.arrayContaining(['dynotable://connections/embedded/tables/AuditLog/schema', 'dynotable://connections/embedded/tables/AuditLog/model', 'dynotable://models/audit-log.yaml']));
    const schema = await session.client.readResource({ uri: 'dynotable://connections/embedded/tables/AuditLog/schema' });
    expect(JSON.parse((schema.contents[0] as { text: string }).text).table.KeySchema).toEqual([{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }]);
    const model = await session.client.readResource({ uri: 'dynotable://connections/embedded/tables/AuditLog/model' });
    expect((model.contents[0] as { text: string }).text).toMatch(/listActorEvents/);
    const file = await session.client.readResource({ uri: 'dynotable://models/audit-log.yaml' });
    expect((file.contents[0] as { text: string }).text).toBe(AUDIT_LOG);
  });

  it('give the design prompt with the access patterns in it', async () => {
    const { prompts } = await session.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['design_table']);
    const prompt = await session.client.getPrompt({ name: 'design_table', arguments: { patterns: '- get a ticket by id\n- list tickets of an assignee', name: 'desk' } });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/^Design a DynamoDB table named desk/);
    expect(text).toContain('- get a ticket by id\n- list tickets of an assignee');
    expect(text).toMatch(/design_model[\s\S]*lint_model[\s\S]*verify_model[\s\S]*generate_code/);
  });
});
