import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseModel } from '@dynotable/core';
import type { ConnectionInfo } from '../../src/data/shapes.js';
import { DataError } from '../../src/data/errors.js';
import { FileLinkStore, MemoryLinkStore } from '../../src/links/link-store.js';
import { linkStoreForUi } from '../../src/links/links-location.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { newLink } from '../../src/links/new-link.js';
import { exampleLink } from '../../src/seed/example-links.js';
import { examplePath } from '../support/examples.js';

const dir = mkdtempSync(join(tmpdir(), 'dynotable-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const embedded: ConnectionInfo = { id: 'c1', name: 'Embedded', kind: 'embedded', safety: 'full', dataDir: '/data/a' };
const otherEmbedded: ConnectionInfo = { ...embedded, dataDir: '/data/b' };
const local: ConnectionInfo = { id: 'c2', name: 'Local', kind: 'endpoint', safety: 'full', endpoint: 'http://127.0.0.1:8000' };
const ticketText = readFileSync(examplePath('ticket-desk'), 'utf8');
const ticketModel = parseModel(ticketText);

describe('which model a table is linked to', () => {
  it('links the example tables of the embedded engine to their examples, and nothing else', () => {
    const links = new ModelLinks({ example: exampleLink });
    expect(links.get(embedded, 'TicketDesk')).toMatchObject({ source: 'example', name: 'ticket-desk', modelTable: 'TicketDesk' });
    expect(links.get(embedded, 'AuditLog')?.name).toBe('audit-log');
    expect(links.get(embedded, 'Leaderboard')?.name).toBe('leaderboard');
    expect(links.get(embedded, 'Orders')).toBeUndefined();
    expect(links.get(local, 'TicketDesk')).toBeUndefined();
  });

  it('puts a link set by a person before the command line model and the example, and keeps an unlink', () => {
    const links = new ModelLinks({ example: exampleLink, commandLine: { name: 'desk.yaml', model: ticketText, tables: ['TicketDesk'] } });
    expect(links.get(local, 'TicketDesk')).toMatchObject({ source: 'command-line', name: 'desk.yaml' });
    expect(links.get(embedded, 'TicketDesk')?.source).toBe('command-line');
    links.set(local, 'TicketDesk', newLink('TicketDesk', { model: ticketModel, text: ticketText, source: 'design' }));
    expect(links.get(local, 'TicketDesk')?.source).toBe('design');
    links.unlink(embedded, 'TicketDesk');
    expect(links.get(embedded, 'TicketDesk')).toBeUndefined();
    expect(links.get(otherEmbedded, 'TicketDesk')?.source).toBe('command-line');
  });

  it('keeps links in a file that a new session reads, written whole', () => {
    const path = join(dir, 'model-links.json');
    const first = new ModelLinks({ store: new FileLinkStore(path) });
    first.set(local, 'Tickets', newLink('Tickets', { model: ticketModel, text: ticketText, source: 'file', name: 'desk.yaml', modelTable: 'TicketDesk' }));
    const second = new ModelLinks({ store: new FileLinkStore(path) });
    expect(second.get(local, 'Tickets')).toMatchObject({ source: 'file', name: 'desk.yaml', modelTable: 'TicketDesk', model: ticketText });
    // The connection's id is per launch: the link follows where it points.
    expect(second.get({ ...local, id: 'another-launch' }, 'Tickets')?.name).toBe('desk.yaml');
    expect(second.get({ ...local, endpoint: 'http://127.0.0.1:9000' }, 'Tickets')).toBeUndefined();
  });

  it('starts empty from a damaged file instead of failing', () => {
    const path = join(dir, 'damaged.json');
    writeFileSync(path, '{"half": ');
    expect(new FileLinkStore(path).load()).toEqual({});
  });
});

describe('a new link', () => {
  it('takes the model table of the same name, or the only one, or the one named', () => {
    expect(newLink('TicketDesk', { model: ticketModel, text: ticketText, source: 'design' }).modelTable).toBe('TicketDesk');
    expect(newLink('Anything', { model: ticketModel, text: ticketText, source: 'design' }).modelTable).toBe('TicketDesk');
  });

  it('refuses a model table the model lacks, naming the ones it has', () => {
    const refused = () => newLink('T', { model: ticketModel, text: ticketText, source: 'design', modelTable: 'Nope' });
    expect(refused).toThrow(DataError);
    expect(refused).toThrow('The model has no table Nope; its tables are TicketDesk.');
  });
});

describe('where the workbench keeps links', () => {
  it('in memory under --read-only and for a throwaway session, else beside the journal', () => {
    expect(linkStoreForUi({ dataDir: '/x', journal: undefined, readOnly: true }, {})).toBeInstanceOf(MemoryLinkStore);
    expect(linkStoreForUi({ dataDir: undefined, journal: undefined, readOnly: false }, {})).toBeInstanceOf(MemoryLinkStore);
    const store = linkStoreForUi({ dataDir: undefined, journal: join(dir, 'j', 'journal.jsonl'), readOnly: false }, {});
    expect(store).toBeInstanceOf(FileLinkStore);
    expect((store as FileLinkStore).path).toBe(join(dir, 'j', 'journal.model-links.json'));
  });
});
