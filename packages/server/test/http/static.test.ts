/**
 * The web UI's files through real HTTP: content types, index.html for the
 * UI's own paths, nothing outside the build directory however the path is
 * written, and a built-in page when the UI is not built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import { resolveInside } from '../../src/http/static-files.js';
import { raw } from './support/http-client.js';
import { standInRegistry } from './support/stand-in-registry.js';

let root: string;
let webDist: string;
const SECRET = 'top secret contents';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dynotable-static-'));
  webDist = join(root, 'web', 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>DynoTable</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'assets', 'app-1a2b.css'), 'body{}');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webDist, '.env'), SECRET);
  writeFileSync(join(root, 'web', 'secret.txt'), SECRET);
  writeFileSync(join(root, 'secret.txt'), SECRET);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function start(staticDir: string) {
  const server = await startServer({ connections: standInRegistry(), staticDir });
  running.push(server);
  const get = (path: string, method = 'GET') => raw(server.port, { method, path, headers: { authorization: `Bearer ${server.token}` } });
  return { server, get };
}

describe('the web UI’s files', () => {
  it('are served with their content types; hashed assets may be cached, the page may not', async () => {
    const { get } = await start(webDist);
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toContain('<div id="root">');
    expect(index.headers['cache-control']).toBe('no-cache');

    const js = await get('/assets/app-1a2b.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log("app")');
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await get('/assets/app-1a2b.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/favicon.svg')).headers['content-type']).toBe('image/svg+xml');

    const head = await get('/assets/app-1a2b.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String('console.log("app")'.length));
  });

  it('fall back to index.html for the UI’s own paths, but not for missing files', async () => {
    const { get } = await start(webDist);
    for (const path of ['/connections/c1/tables/Orders', '/tables?view=grid', '/deep/link/']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain('<div id="root">');
    }
    expect((await get('/assets/missing-9f9f.js')).status).toBe(404);
  });

  it('never leave the build directory, however the path is written', async () => {
    const { get } = await start(webDist);
    for (const path of [
      '/../secret.txt',
      '/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5c..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      `/${encodeURIComponent(join(root, 'secret.txt'))}`,
      '/.env',
      '/assets/%00.js',
      '/%E0%A4%A',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain(SECRET);
    }
  });

  it('resolve only inside the root', () => {
    expect(resolveInside('/srv/web', '/a/b.js')).toBe('/srv/web/a/b.js');
    expect(resolveInside('/srv/web', '/')).toBe('/srv/web');
    expect(resolveInside('/srv/web', '/a/../b.js')).toBeUndefined();
    expect(resolveInside('/srv/web', '/%2E%2E/web2/x')).toBeUndefined();
    expect(resolveInside('/srv/web', '/.git/config')).toBeUndefined();
  });
});

describe('without a build of the web UI', () => {
  it('serves a page saying how to build it and listing the API routes', async () => {
    const { get } = await start(join(root, 'not-built'));
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('not built yet');
    expect(page.body).toContain('npm run build --workspace @dynotable/web');
    expect(page.body).toContain('/api/routes');
    expect(page.body).toContain('/api/jobs/:jobId/events');
    expect((await get('/tables/x')).status).toBe(200);
    expect((await get('/assets/app.js')).status).toBe(404);
  });
});
