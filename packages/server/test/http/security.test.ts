/**
 * The server's defences, through real HTTP: the token (query → cookie →
 * redirect; Bearer for scripts), the Host check (DNS rebinding), the Origin
 * check (CSRF), loopback by default, and the security headers.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/http/server.js';
import type { RunningServer } from '../../src/http/server.js';
import { createToken, tokenMatches } from '../../src/http/security.js';
import { raw } from './support/http-client.js';
import { standInRegistry } from './support/stand-in-registry.js';

const running: RunningServer[] = [];

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const server = await startServer({ connections: standInRegistry({ main: 'full' }), staticDir: '/nonexistent-web-build', ...options });
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

function cookieOf(setCookie: string | string[] | undefined): string {
  const value = Array.isArray(setCookie) ? setCookie[0]! : setCookie!;
  return value.split(';')[0]!;
}

describe('the token', () => {
  it('is 32 random bytes in base64url, new at every launch, and printed in the URL', async () => {
    const a = await start();
    const b = await start();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.url).toBe(`http://127.0.0.1:${a.port}/?token=${a.token}`);
    expect(a.host).toBe('127.0.0.1');
  });

  it('refuses the API and the pages without it: JSON for the API, a page pointing at the terminal otherwise', async () => {
    const server = await start();
    const api = await raw(server.port, { path: '/api/health' });
    expect(api.status).toBe(401);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(api.body)).toMatchObject({ __type: 'MissingToken' });

    const page = await raw(server.port, { path: '/' });
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('printed in the terminal');

    const wrong = await raw(server.port, { path: '/api/health', headers: { authorization: `Bearer ${createToken()}` } });
    expect(wrong.status).toBe(401);
    const wrongCookie = await raw(server.port, { path: '/api/health', headers: { cookie: `dynotable_token_${server.port}=${createToken()}` } });
    expect(wrongCookie.status).toBe(401);
  });

  it('becomes an HttpOnly SameSite=Strict cookie on the first page load, with a redirect that drops it from the URL', async () => {
    const server = await start();
    const first = await raw(server.port, { path: `/tables/x?view=grid&token=${server.token}` });
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/tables/x?view=grid');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain(`=${server.token}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);

    const cookie = cookieOf(first.headers['set-cookie']);
    const page = await raw(server.port, { path: '/tables/x?view=grid', headers: { cookie } });
    expect(page.status).toBe(200);
    const health = await raw(server.port, { path: '/api/health', headers: { cookie } });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, readOnly: false });
  });

  it('redirects only within this server, however the path is written', async () => {
    const server = await start();
    for (const path of [`/.//evil.example/?token=${server.token}`, `//evil.example/x?token=${server.token}`, `/\\evil.example?token=${server.token}`]) {
      const response = await raw(server.port, { path });
      expect(response.status, path).toBe(302);
      expect(response.headers.location, path).toMatch(/^\/(?!\/)/);
    }
  });

  it('in the query of a page gives no cookie when it is wrong, and is never accepted by the API', async () => {
    const server = await start();
    const wrong = await raw(server.port, { path: `/?token=${createToken()}` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const api = await raw(server.port, { path: `/api/health?token=${server.token}` });
    expect(api.status).toBe(401);
  });

  it('as a Bearer header lets scripts in without a cookie', async () => {
    const server = await start();
    const response = await fetch(`${server.origin}/api/health`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(response.status).toBe(200);
    // A script's POST carries no Origin; a cross-site page cannot send this header without a preflight.
    const post = await raw(server.port, { method: 'POST', path: '/api/unknown', headers: { authorization: `Bearer ${server.token}` } });
    expect(post.status).toBe(404);
  });

  it('is compared whole: prefixes, extensions and other lengths do not match', () => {
    const token = createToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token.slice(0, -1), token)).toBe(false);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    expect(tokenMatches(undefined, token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
  });
});

describe('the Host header (DNS rebinding)', () => {
  it('must be a loopback name or address with the right port', async () => {
    const server = await start();
    const auth = { authorization: `Bearer ${server.token}` };
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`, `LOCALHOST:${server.port}`]) {
      expect((await raw(server.port, { path: '/api/health', headers: { ...auth, host } })).status, host).toBe(200);
    }
    for (const host of [`evil.example:${server.port}`, `127.0.0.1:${server.port + 1}`, '127.0.0.1', `localhost.evil.example:${server.port}`]) {
      const response = await raw(server.port, { path: '/api/health', headers: { ...auth, host } });
      expect(response.status, host).toBe(421);
      expect(JSON.parse(response.body).__type).toBe('MisdirectedRequest');
    }
  });

  it('is checked before the token is looked at, so a rebound page cannot even set the cookie', async () => {
    const server = await start();
    const response = await raw(server.port, { path: `/?token=${server.token}`, headers: { host: `evil.example:${server.port}` } });
    expect(response.status).toBe(421);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

/** The response to exactly these bytes, as text. */
function rawBytes(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP layer cannot read as a URL', () => {
  it('without a Host, or with one no URL can hold, are refused like another Host (421, with the security headers)', async () => {
    const server = await start();
    const auth = `Authorization: Bearer ${server.token}\r\nConnection: close\r\n`;
    for (const request of [`GET /api/health HTTP/1.0\r\n${auth}\r\n`, `GET /api/health HTTP/1.1\r\nHost: evil example\r\n${auth}\r\n`]) {
      const answer = await rawBytes(server.port, request);
      expect(answer, request).toMatch(/^HTTP\/1\.1 421 /);
      expect(answer, request).toMatch(/content-security-policy: default-src 'self'/i);
      expect(answer, request).toContain('"__type":"MisdirectedRequest"');
    }
  });

  it('read a backslash in the path as a browser does, as a slash', async () => {
    const server = await start();
    const health = await raw(server.port, { path: '/api\\health', headers: { authorization: `Bearer ${server.token}` } });
    expect(health.status).toBe(200);
  });
});

describe('the Origin header (CSRF)', () => {
  async function withCookie() {
    const server = await start();
    const first = await raw(server.port, { path: `/?token=${server.token}` });
    return { server, cookie: cookieOf(first.headers['set-cookie']) };
  }

  it('must be the server’s own origin when present', async () => {
    const { server, cookie } = await withCookie();
    const own = await raw(server.port, { path: '/api/health', headers: { cookie, origin: `http://127.0.0.1:${server.port}` } });
    expect(own.status).toBe(200);
    for (const origin of ['http://evil.example', `http://localhost:${server.port}`, `https://127.0.0.1:${server.port}`, 'null']) {
      const foreign = await raw(server.port, { path: '/api/health', headers: { cookie, origin } });
      expect(foreign.status, origin).toBe(403);
      expect(JSON.parse(foreign.body).__type).toBe('CrossOriginRequest');
    }
    const bearer = await raw(server.port, { path: '/api/health', headers: { authorization: `Bearer ${server.token}`, origin: 'http://evil.example' } });
    expect(bearer.status).toBe(403);
  });

  it('is required on state-changing requests made with the cookie, unless Sec-Fetch-Site says same-origin', async () => {
    const { server, cookie } = await withCookie();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refused = await raw(server.port, { method, path: '/api/jobs/x', headers: { cookie } });
      expect(refused.status, method).toBe(403);
      const crossSite = await raw(server.port, { method, path: '/api/jobs/x', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.status, method).toBe(403);
    }
    // With a same-origin proof the request reaches the router (no such job: 404).
    const sameOrigin = await raw(server.port, { method: 'DELETE', path: '/api/jobs/x', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(404);
    const withOrigin = await raw(server.port, { method: 'DELETE', path: '/api/jobs/x', headers: { cookie, origin: `http://127.0.0.1:${server.port}` } });
    expect(withOrigin.status).toBe(404);
  });
});

describe('where it listens', () => {
  it('binds 127.0.0.1 by default and refuses another host without allowRemote', async () => {
    const server = await start();
    expect(server.host).toBe('127.0.0.1');
    await expect(startServer({ connections: standInRegistry(), host: '0.0.0.0' })).rejects.toThrow(/allowRemote/);
  });

  it('with allowRemote on every interface, still requires the token and a known Host', async () => {
    const server = await start({ host: '0.0.0.0', allowRemote: true });
    expect((await raw(server.port, { path: '/api/health' })).status).toBe(401);
    expect((await raw(server.port, { path: '/api/health', headers: { authorization: `Bearer ${server.token}` } })).status).toBe(200);
    expect((await raw(server.port, { path: '/api/health', headers: { authorization: `Bearer ${server.token}`, host: `evil.example:${server.port}` } })).status).toBe(421);
  });
});

describe('security headers', () => {
  it('are on every response: pages, API answers and refusals', async () => {
    const server = await start();
    for (const response of [
      await raw(server.port, { path: '/' }),
      await raw(server.port, { path: '/api/health', headers: { authorization: `Bearer ${server.token}` } }),
      await raw(server.port, { path: '/api/health', headers: { host: 'evil.example' } }),
    ]) {
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
