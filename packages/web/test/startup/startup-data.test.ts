/** The first view's requests: which are sent for each page, and how each answer is handed over once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const CONNECTIONS = { connections: [{ id: 'embedded' }, { id: 'other' }], readOnly: false };
const tablesOf = (id: string) => ({ tables: [{ name: `${id}-table` }] });

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    const match = /^\/api\/connections\/([^/]+)\/tables/.exec(url);
    return new Response(JSON.stringify(match === null ? CONNECTIONS : tablesOf(decodeURIComponent(match[1]!))), { status: 200 });
  });
});

afterEach(() => vi.unstubAllGlobals());

/** The module keeps the answers: a fresh copy for each page load. */
async function load() {
  vi.resetModules();
  return import('../../src/app/startup-data.js');
}

describe('the startup requests', () => {
  it("on the home page, ask for the first connection's tables as soon as the connection list arrives", async () => {
    const startup = await load();
    await startup.requestStartupData('/');
    expect(requested).toEqual(['/api/connections', '/api/connections/embedded/tables?details=true']);
    expect(startup.arrivedStartupConnections()).toEqual(CONNECTIONS);
    expect(startup.takeStartupConnections()).toBeUndefined();
    await expect(startup.takeStartupTables('embedded', '')).resolves.toEqual(tablesOf('embedded'));
    expect(startup.takeStartupTables('embedded', '')).toBeUndefined();
  });

  it("on a connection's page, ask for its tables at once, beside the connection list", async () => {
    const startup = await load();
    const sent = startup.requestStartupData('/c/other/t/Orders');
    expect(requested).toEqual(['/api/connections', '/api/connections/other/tables?details=true']);
    await sent;
    await vi.waitFor(() => expect(startup.arrivedStartupTables('other', '')).toEqual(tablesOf('other')));
    expect(startup.takeStartupTables('other', '')).toBeUndefined();
  });

  it('on the model tools, ask for the connection list only', async () => {
    const startup = await load();
    await startup.requestStartupData('/design/pricing');
    expect(requested).toEqual(['/api/connections']);
  });

  it('hand over the request in flight when its answer has not arrived', async () => {
    const startup = await load();
    void startup.requestStartupData('/c/embedded');
    expect(startup.arrivedStartupConnections()).toBeUndefined();
    await expect(startup.takeStartupConnections()).resolves.toEqual(CONNECTIONS);
    expect(startup.takeStartupConnections()).toBeUndefined();
  });

  it("drop the tables once a table list asked for another connection's or a search", async () => {
    const startup = await load();
    await startup.requestStartupData('/');
    expect(startup.arrivedStartupTables('other', '')).toBeUndefined();
    expect(startup.takeStartupTables('embedded', 'Ord')).toBeUndefined();
    expect(startup.takeStartupTables('embedded', '')).toBeUndefined();
  });
});
