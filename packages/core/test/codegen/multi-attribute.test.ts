/** Generated code for a GSI with a multi-attribute key: typed key builders and query helpers that compile, and refuse misuse. */
import { describe, expect, it } from 'vitest';
import { generateDataAccessModule, generateIntegrationTest } from '../../src/codegen/index.js';
import { planMeaning } from '../../src/design/index.js';
import { parseModel } from '../../src/model/index.js';
import { MULTI_ATTRIBUTE_YAML } from '../interchange/fixtures.js';
import { writeBuildFiles } from './build-folder.js';
import { strictDiagnostics } from './compile.js';

const model = {
  ...parseModel(MULTI_ATTRIBUTE_YAML, 'tickets.yaml'),
  accessPatterns: [{ name: 'listTeamTickets', question: 'list tickets by tenant, team and status, by priority' }],
  writePaths: [{ name: 'changeStatus', entity: 'Ticket', kind: 'update' as const, attributes: ['status'] }],
};
const plan = planMeaning(model, 'listTeamTickets', {
  kind: 'list',
  entity: 'Ticket',
  equals: ['tenantId', 'teamId', 'status'],
  where: [],
  orderBy: 'priority',
  direction: 'descending',
  reading: 'list Ticket where tenantId, teamId, status = ?, ordered by priority descending',
});

/** Uses of the helpers; the lines marked @ts-expect-error must not compile. */
const USAGE = `import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDataAccess, ticketGSI1Key, ticketGSI1Query } from './tickets-data-access.js';

export const key = ticketGSI1Key('acme', '7', 'open', 2);
export const all = new QueryCommand({ TableName: 'Tickets', ...ticketGSI1Query({ tenantId: 'acme', teamId: '7' }) });
export const open = ticketGSI1Query({ tenantId: 'acme', teamId: '7' }, { status: 'open' });
export const urgent = ticketGSI1Query({ tenantId: 'acme', teamId: '7' }, { status: 'open', priority: { le: 2 } });
export async function* teamTickets(client: DynamoDBClient) {
  yield* createDataAccess(client).listTeamTickets({ tenantId: 'acme', teamId: '7', status: 'open' });
}
export const early = ticketGSI1Query({ tenantId: 'acme', teamId: '7' }, { status: { beginsWith: 'o' } });
// @ts-expect-error every partition attribute is needed
export const noTeam = ticketGSI1Query({ tenantId: 'acme' });
// @ts-expect-error a sort attribute cannot be given without the ones before it
export const skipped = ticketGSI1Query({ tenantId: 'acme', teamId: '7' }, { priority: 2 });
// @ts-expect-error only the last sort attribute given may take a range
export const twoRanges = ticketGSI1Query({ tenantId: 'acme', teamId: '7' }, { status: { gt: 'a' }, priority: 2 });
// @ts-expect-error one argument per key attribute, in key order
export const short = ticketGSI1Key('acme', '7', 'open');
`;

describe('generated code for a multi-attribute GSI key', () => {
  const module = generateDataAccessModule(model, { plans: [plan] });

  it('plans the pattern on every partition attribute and the leading sort attribute', () => {
    expect(plan).toMatchObject({
      operation: 'Query',
      index: 'GSI1',
      partitionKeys: [{ attribute: 'tenantId' }, { attribute: 'teamId' }],
      sort: { attribute: 'status', operator: 'equals' },
      scanIndexForward: false,
    });
  });

  it('writes one builder parameter per key attribute and a query helper, with the numbers stored as numbers', () => {
    expect(module.source).toContain('export function ticketGSI1Key(tenantId: NonNullable<Ticket[\'tenantId\']>, teamId: NonNullable<Ticket[\'teamId\']>, status: NonNullable<Ticket[\'status\']>, priority: NonNullable<Ticket[\'priority\']>)');
    expect(module.source).toContain('export function ticketGSI1Query(partition: { readonly tenantId:');
    expect(module.source).toMatch(/priority: NumberValue\.from\(/);
    expect(module.source).toContain("'Tickets': { 'priority': 'N' }");
    expect(module.source).toMatch(/partitions: \[\{ attribute: 'teamId', value: /);
    // status is both the changed attribute and GSI1's key attribute: set once, or DynamoDB refuses overlapping paths.
    const update = module.source.slice(module.source.indexOf('async function changeStatus'));
    expect(update.match(/sets\.push\('#status = /g)).toHaveLength(1);
  });

  it('compiles under tsc --strict with its integration test, and refuses partial or out-of-order keys', { timeout: 120_000 }, () => {
    const test = generateIntegrationTest(model, { plans: [plan] });
    expect(test.source).toContain("KeySchema: [{ AttributeName: 'tenantId', KeyType: 'HASH' }, { AttributeName: 'teamId', KeyType: 'HASH' }, { AttributeName: 'status', KeyType: 'RANGE' }, { AttributeName: 'priority', KeyType: 'RANGE' }]");
    const paths = writeBuildFiles('multi-attribute', { [module.fileName]: module.source, 'usage.ts': USAGE, [test.fileName.replace(/\.test\.ts$/, '.ts')]: test.source });
    expect(strictDiagnostics(Object.values(paths))).toEqual([]);
  });

  it('builds the key condition at run time: partition attributes, = on leading sort attributes, one range on the last', async () => {
    const paths = writeBuildFiles('multi-attribute-run', { [module.fileName]: module.source });
    const generated = (await import(paths[module.fileName]!)) as Record<string, (...args: unknown[]) => Record<string, unknown>>;
    const query = generated['ticketGSI1Query']!;
    const result = query({ tenantId: 'acme', teamId: '7' }, { status: 'open', priority: { between: [1, 2] } });
    expect(result).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: '#k0 = :k0 AND #k1 = :k1 AND #k2 = :k2 AND #k3 BETWEEN :k3 AND :k3b',
      ExpressionAttributeNames: { '#k0': 'tenantId', '#k1': 'teamId', '#k2': 'status', '#k3': 'priority' },
    });
    const values = result['ExpressionAttributeValues'] as Record<string, unknown>;
    expect(values[':k2']).toBe('open');
    expect(String((values[':k3'] as { value: string }).value)).toBe('1');
    expect(() => query({ tenantId: 'acme', teamId: '7' }, { priority: 2 })).toThrow(/priority is given after status/);
    expect(generated['ticketGSI1Key']!('acme', '7', 'open', 3)).toMatchObject({ tenantId: 'acme', teamId: '7', status: 'open' });
  });
});
