import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../src/data/model-apply/apply-types.js';
import type { ApplyPreview } from '../../src/data/shapes.js';
import type { JobSnapshot } from '../../src/data/job-types.js';
import { DataError } from '../../src/data/errors.js';
import { modelApplyRoutes } from '../../src/api/model-apply-routes.js';
import { InvalidModelError } from '../../src/api/tools/model-input.js';
import { refuseReadOnly } from '../../src/http/write-safety.js';
import { mapError } from '../../src/http/error-mapping.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { MemoryJournalStore } from '../../src/journal/store.js';
import { targetOf } from '../../src/journal/target.js';
import { runUndo } from '../../src/journal/undo-run.js';
import { examplePath } from '../support/examples.js';
import { call, finished, scanAll, send, testContext } from '../transfer/support.js';

const { context: base, connections } = testContext();
const journal = new WriteJournal(new MemoryJournalStore());
const context = { ...base, journal };
const engine = connections.open('engine');
const ticketDesk = readFileSync(examplePath('ticket-desk'), 'utf8');
const withGsi3 = ticketDesk.replace('        projection: ALL\n\nentities:', '        projection: ALL\n      GSI3:\n        partitionKey: { name: GSI3PK, type: S }\n        projection: KEYS_ONLY\n\nentities:');

const post = (path: string, input: unknown, params: Record<string, string> = { connectionId: 'engine' }) => call(modelApplyRoutes, context, 'POST', path, params, input);
const route = (path: string) => modelApplyRoutes.find((each) => each.path === path)!;

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number; type?: string; kind?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

async function applied(input: Record<string, unknown>): Promise<JobSnapshot & { result: ApplyResult }> {
  const started = (await post('/api/connections/:connectionId/apply', input)) as JobSnapshot;
  expect(started.kind).toBe('apply');
  return (await finished(context, started.id)) as JobSnapshot & { result: ApplyResult };
}

afterAll(async () => {
  await connections.closeAll();
});

describe('apply routes', () => {
  it('previews every CreateTable request and the sample, and says no table exists yet', async () => {
    const preview = (await post('/api/connections/:connectionId/apply/preview', { model: ticketDesk, prefix: 'a_', sample: 25 })) as ApplyPreview;
    expect(preview.existing).toEqual([]);
    expect(preview.plan.tables).toEqual([expect.objectContaining({ name: 'a_TicketDesk', modelTable: 'TicketDesk', sample: [{ entity: 'Ticket', items: 25 }] })]);
    expect(preview.plan.tables[0]!.request).toMatchObject({ TableName: 'a_TicketDesk', BillingMode: 'PAY_PER_REQUEST', GlobalSecondaryIndexes: [{ IndexName: 'GSI1' }, { IndexName: 'GSI2' }] });
    expect(await send(engine, 'ListTables', {})).toMatchObject({ TableNames: [] });
  });

  it('creates the tables and loads the sample as a job, journaled so undo takes the load back', async () => {
    const done = await applied({ model: ticketDesk, prefix: 'a_', sample: 25 });
    expect(done.state).toBe('succeeded');
    expect(done.result).toMatchObject({ model: 'ticket-desk', loaded: 25, planned: 25, cancelled: false, tables: [{ name: 'a_TicketDesk', modelTable: 'TicketDesk', outcome: 'created', loaded: 25 }] });
    expect(done.progress).toEqual({ phase: 'load sample items', done: 25, total: 25 });
    expect(await scanAll(engine, 'a_TicketDesk')).toHaveLength(25);

    const target = targetOf(engine.info, journal.session);
    const { operations } = await journal.operations({ target, table: 'a_TicketDesk' });
    expect(operations.map((operation) => [operation.operation, operation.changes.length, operation.changes.every((change) => change.before === null)])).toEqual([['sample-load', 25, true]]);
    const undone = await runUndo({ client: engine.client, journal, target }, { last: 1, table: 'a_TicketDesk' });
    expect(undone.operations.map((operation) => operation.outcome)).toEqual(['reverted']);
    expect(await scanAll(engine, 'a_TicketDesk')).toHaveLength(0);
  });

  it('refuses, naming the table, when a table exists; with skipExisting it leaves it as it is', async () => {
    const preview = (await post('/api/connections/:connectionId/apply/preview', { model: ticketDesk, prefix: 'a_' })) as ApplyPreview;
    expect(preview.existing).toEqual(['a_TicketDesk']);
    const refused = await failure(post('/api/connections/:connectionId/apply', { model: ticketDesk, prefix: 'a_', sample: 5 }));
    expect(refused).toBeInstanceOf(DataError);
    expect(mapError(refused).status).toBe(409);
    expect(refused.message).toMatch(/^table a_TicketDesk exists already, so nothing was created/);
    const skipped = await applied({ model: ticketDesk, prefix: 'a_', sample: 5, skipExisting: true });
    expect(skipped.result).toMatchObject({ loaded: 0, tables: [{ name: 'a_TicketDesk', outcome: 'skipped', loaded: 0 }] });
    expect(await scanAll(engine, 'a_TicketDesk')).toHaveLength(0);
  });

  it('refuses writes on a read-only connection; preview and diff are reads', () => {
    connections.open('ro');
    connections.setSafety('ro', 'read-only');
    const error = (() => {
      try {
        refuseReadOnly(route('/api/connections/:connectionId/apply'), context, { connectionId: 'ro' }, {});
      } catch (caught) {
        return caught as Error & { status?: number; type?: string };
      }
      return undefined;
    })();
    expect(error).toMatchObject({ status: 403, type: 'ReadOnlyConnection' });
    expect(route('/api/connections/:connectionId/apply/preview').write).toBeUndefined();
    expect(route('/api/connections/:connectionId/tables/:table/diff').write).toBeUndefined();
  });

  it('compares a model with the live table: equal, then a GSI the model gained with its UpdateTable', async () => {
    const params = { connectionId: 'engine', table: 'a_TicketDesk' };
    const same = (await post('/api/connections/:connectionId/tables/:table/diff', { model: ticketDesk }, params)) as { equal: boolean; modelTable: string };
    expect(same).toMatchObject({ equal: true, table: 'a_TicketDesk', modelTable: 'TicketDesk', differences: [], requests: [] });
    const grown = (await post('/api/connections/:connectionId/tables/:table/diff', { model: withGsi3 }, params)) as { equal: boolean; differences: { kind: string; index: string }[]; requests: { operation: string; input: Record<string, unknown> }[] };
    expect(grown.equal).toBe(false);
    expect(grown.differences).toEqual([expect.objectContaining({ kind: 'index-missing', index: 'GSI3', fix: 'update' })]);
    expect(grown.requests).toHaveLength(1);
    await send(engine, grown.requests[0]!.operation, grown.requests[0]!.input);
    expect(await post('/api/connections/:connectionId/tables/:table/diff', { model: withGsi3 }, params)).toMatchObject({ equal: true });
  });

  it('answers a missing table with 404 and a bad model with its problems', async () => {
    const missing = await failure(post('/api/connections/:connectionId/tables/:table/diff', { model: ticketDesk }, { connectionId: 'engine', table: 'Nope' }));
    expect(mapError(missing)).toMatchObject({ status: 404 });
    expect(missing.message).toBe('there is no table Nope on engine');
    const keyless = ticketDesk.replace(/\n {4}keys:\n(?: {6}.*\n)+/, '\n').replace(/\n {4}keysWhen:\n(?: {6}.*\n)+/, '\n');
    const invalid = await failure(post('/api/connections/:connectionId/apply/preview', { model: keyless, sample: 3 }));
    expect(invalid).toBeInstanceOf(InvalidModelError);
    expect((invalid as InvalidModelError).problems).toEqual([expect.objectContaining({ path: 'entities.Ticket.keys' })]);
    const badPrefix = await failure(post('/api/connections/:connectionId/apply/preview', { model: ticketDesk, prefix: 'a b' }));
    expect(badPrefix.message).toContain('prefix');
  });
});
