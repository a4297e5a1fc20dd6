/**
 * Export files live in the temporary folder until they are downloaded — and
 * no longer than the process: a real `dynotable` stopped cleanly (SIGTERM or
 * SIGINT) leaves no export behind, downloaded or not, and neither does a
 * process that ends normally without stopping its store (the exit hook).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynotable, type DynotableSession } from './support/dynotable-process.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOWNLOADS = pathToFileURL(fileURLToPath(new URL('../../src/transfer/downloads.ts', import.meta.url))).href;

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dynotable-export-cleanup-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** An environment whose temporary folder is a new folder of its own. */
function withTemporaryFolder(name: string): { env: NodeJS.ProcessEnv; temporary: string } {
  const temporary = mkdtempSync(join(root, `${name}-`));
  // The child's TypeScript loader would keep its cache there too: not DynoTable's files.
  return { env: { ...process.env, TMPDIR: temporary, TMP: temporary, TEMP: temporary, TSX_DISABLE_CACHE: '1' }, temporary };
}

const exportsIn = (folder: string) => readdirSync(folder).filter((name) => name.startsWith('dynotable-export-'));

async function exportWaiting(session: DynotableSession, table: string, format: string): Promise<string> {
  const started = await session.api<{ id: string }>('POST', `/api/connections/embedded/tables/${table}/export`, { format, limit: 200 });
  const final = (await session.jobEvents(started.body.id)).at(-1)!;
  expect(final.state).toBe('succeeded');
  return (final.result as { download: { id: string } }).download.id;
}

describe('export files', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`are removed when dynotable stops on ${signal}`, async () => {
      const { env, temporary } = withTemporaryFolder(signal);
      const session = await startDynotable(['--no-open', '--in-memory', '--port', '0'], 'bundle', env);
      let stopped = false;
      try {
        await exportWaiting(session, 'Leaderboard', 'dynamodb-json');
        await exportWaiting(session, 'TicketDesk', 'csv');
        const downloaded = await exportWaiting(session, 'AuditLog', 'jsonl');
        expect(exportsIn(temporary)).toHaveLength(3);
        expect((await session.text(`/api/downloads/${downloaded}`)).status).toBe(200);
        // The download's file goes once it has been sent.
        await expect.poll(() => exportsIn(temporary).length).toBe(2);
        const exit = await session.stop(signal);
        stopped = true;
        expect(exit.code, exit.stderr).toBe(0);
        expect(exportsIn(temporary)).toEqual([]);
      } finally {
        if (!stopped) await session.stop();
      }
    });
  }

  it('are removed when the process ends normally without a shutdown', async () => {
    const { env, temporary } = withTemporaryFolder('exit');
    const script = [
      `import { DownloadStore } from ${JSON.stringify(DOWNLOADS)};`,
      'const store = new DownloadStore();',
      // Files being written when the process ends (an export job cut short).
      'await store.prepare("T.json", "application/json");',
      'await store.prepare("U.csv", "text/csv");',
      'const { readdirSync } = await import("node:fs");',
      'const { tmpdir } = await import("node:os");',
      'process.stdout.write(`made ${readdirSync(tmpdir()).filter((name) => name.startsWith("dynotable-export-")).length}\\n`);',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...env, TSX_TSCONFIG_PATH: 'tsconfig.test.json' } });
    expect(stdout).toBe('made 2\n');
    expect(exportsIn(temporary)).toEqual([]);
  });
});
