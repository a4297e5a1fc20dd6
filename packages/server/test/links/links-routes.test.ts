import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelLinkView } from '../../src/data/shapes.js';
import { linkRoutes } from '../../src/api/links-routes.js';
import { InvalidModelError } from '../../src/api/tools/model-input.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { exampleLink } from '../../src/seed/example-links.js';
import { examplePath } from '../support/examples.js';
import { call, testContext } from '../transfer/support.js';

const base = testContext();
const context = { ...base.context, links: new ModelLinks({ example: exampleLink }) };
base.connections.open('embedded');
base.connections.open('local', 'endpoint');
afterAll(() => base.connections.closeAll());

const path = '/api/connections/:connectionId/tables/:table/model';
const linkCall = (method: string, connectionId: string, table: string, input: unknown = {}) =>
  call(linkRoutes, context, method, path, { connectionId, table }, input) as Promise<ModelLinkView>;
const leaderboard = readFileSync(examplePath('leaderboard'), 'utf8');

describe('the links API', () => {
  it('answers the example link of an example table, and null for any other', async () => {
    expect((await linkCall('GET', 'embedded', 'TicketDesk')).link).toMatchObject({ source: 'example', name: 'ticket-desk', modelTable: 'TicketDesk' });
    expect((await linkCall('GET', 'local', 'TicketDesk')).link).toBeNull();
  });

  it('links a table to a model text, keeps it, and unlinks it', async () => {
    const linked = await linkCall('PUT', 'local', 'Scores', { model: leaderboard, source: 'file', name: 'leaderboard.yaml' });
    expect(linked.link).toMatchObject({ source: 'file', name: 'leaderboard.yaml', modelTable: 'Leaderboard', model: leaderboard });
    expect(linked.model?.entities.map((entity) => entity.name)).toEqual(['Player', 'Match']);
    expect((await linkCall('GET', 'local', 'Scores')).link?.name).toBe('leaderboard.yaml');
    expect((await linkCall('DELETE', 'local', 'Scores')).link).toBeNull();
    expect((await linkCall('GET', 'local', 'Scores')).link).toBeNull();
  });

  it('refuses a model with problems, listing them, and links nothing', async () => {
    await expect(linkCall('PUT', 'local', 'Broken', { model: 'tables: {}\nentities: 5\n', source: 'design' })).rejects.toBeInstanceOf(InvalidModelError);
    expect((await linkCall('GET', 'local', 'Broken')).link).toBeNull();
  });

  it('refuses an unknown connection', async () => {
    await expect(linkCall('GET', 'nowhere', 'T')).rejects.toMatchObject({ status: 404 });
  });
});
