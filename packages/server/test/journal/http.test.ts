/** The undo route behind the server's write guard: confirm-writes asks first, read-only refuses; the list is not a write. */
import { describe, expect, it } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import { startServer } from '../../src/http/server.js';
import { WriteJournal } from '../../src/journal/journal.js';
import { MemoryJournalStore } from '../../src/journal/store.js';
import { serverApi } from '../support/server-api.js';

async function serve(safety: 'confirm-writes' | 'read-only') {
  const connections = createConnectionRegistry({ seedExamples: false });
  await connections.add({ kind: 'embedded', inMemory: true, safety: 'full' });
  const server = await startServer({ port: 0, connections, journal: new WriteJournal(new MemoryJournalStore()) });
  const api = serverApi(server);
  await api('POST', '/api/connections/embedded/tables', { name: 'guarded', partitionKey: { name: 'id', type: 'S' } });
  await api('POST', '/api/connections/embedded/tables/guarded/items/put', { Item: { id: { S: 'a' } } });
  connections.setSafety('embedded', safety);
  return {
    api,
    async stop() {
      await server.close();
      await connections.closeAll();
    },
  };
}

describe('POST /api/journal/undo through the server', () => {
  it('asks for confirm on a confirm-writes connection, then undoes', async () => {
    const { api, stop } = await serve('confirm-writes');
    try {
      const asked = await api('POST', '/api/journal/undo', { connectionId: 'embedded', last: 1 });
      expect(asked.status).toBe(409);
      expect(asked.json['__type']).toBe('ConfirmationRequired');
      const listed = await api('GET', '/api/journal?connectionId=embedded');
      expect((listed.json['operations'] as { state: string }[])[0]!.state).toBe('done');
      const done = await api('POST', '/api/journal/undo', { connectionId: 'embedded', last: 1, confirm: true });
      expect(done.status).toBe(200);
      const scan = await api('POST', '/api/connections/embedded/tables/guarded/items/scan', {});
      expect(scan.json['count']).toBe(0);
    } finally {
      await stop();
    }
  });

  it('refuses on a read-only connection and writes nothing', async () => {
    const { api, stop } = await serve('read-only');
    try {
      const refused = await api('POST', '/api/journal/undo', { connectionId: 'embedded', last: 1, confirm: true });
      expect(refused.status).toBe(403);
      expect(refused.json['__type']).toBe('ReadOnlyConnection');
      const scan = await api('POST', '/api/connections/embedded/tables/guarded/items/scan', {});
      expect(scan.json['count']).toBe(1);
      const invalid = await api('POST', '/api/journal/undo/preview', { connectionId: 'embedded', last: 1, operationId: 'x' });
      expect(invalid.status).toBe(400);
      expect(invalid.json['message']).toContain('operationId or last, not both');
    } finally {
      await stop();
    }
  });
});
