/**
 * `dynotable --model FILE` as a user runs it (the bundle, twice: without and
 * with its code cache): the model's tables are linked to it on every
 * connection, the example tables keep their examples, and a model with
 * problems stops the command before anything starts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examplePath } from '../support/examples.js';
import { bundledCommand, CACHE_STATES } from './support/bundled-command.js';
import { startDynotable } from './support/dynotable-process.js';

const command = bundledCommand();
const dir = mkdtempSync(join(tmpdir(), 'dynotable-model-flag-'));
afterAll(() => {
  command.remove();
  rmSync(dir, { recursive: true, force: true });
});

// The ticket desk's model, its table renamed: a model of a table the examples do not have.
const modelFile = join(dir, 'tickets.yaml');
writeFileSync(modelFile, readFileSync(examplePath('ticket-desk'), 'utf8').replaceAll('TicketDesk', 'Tickets'));
const brokenFile = join(dir, 'broken.yaml');
writeFileSync(brokenFile, 'name: broken\ntables:\n  T:\n    partitionKey: { name: PK, type: X }\nentities: {}\n');

interface LinkAnswer {
  link: { source: string; name: string; modelTable: string } | null;
  model?: { entities: { name: string }[] };
}

describe.each(CACHE_STATES)('dynotable --model, run %s', (state) => {
  it('links the model’s tables to it, keeps the examples linked to theirs, and stops cleanly', async () => {
    const afterRun = command.expectCache(state);
    const session = await startDynotable(['--no-open', '--in-memory', '--port', '0', '--model', modelFile], command);
    const tickets = await session.api<LinkAnswer>('GET', '/api/connections/embedded/tables/Tickets/model');
    expect(tickets.status).toBe(200);
    expect(tickets.body.link).toMatchObject({ source: 'command-line', name: 'tickets.yaml', modelTable: 'Tickets' });
    expect(tickets.body.model?.entities.map((entity) => entity.name)).toEqual(['Ticket']);
    const example = await session.api<LinkAnswer>('GET', '/api/connections/embedded/tables/AuditLog/model');
    expect(example.body.link).toMatchObject({ source: 'example', name: 'audit-log' });
    const none = await session.api<LinkAnswer>('GET', '/api/connections/embedded/tables/Orders/model');
    expect(none.body).toEqual({ link: null });
    const exit = await session.stop();
    expect(exit.code).toBe(0);
    afterRun();
  });
});

describe('dynotable --model with a broken model', () => {
  it('names the problem and exits with status 1 before it serves anything', async () => {
    const result = await command.run(['--no-open', '--in-memory', '--port', '0', '--model', brokenFile]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/broken\.yaml/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toContain('DynoTable is running');
  });
});
