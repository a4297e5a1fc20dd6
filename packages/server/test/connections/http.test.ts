/**
 * The connection routes through the real server: JSON in and out, an expired
 * SSO session as a 401 with the login command, no secret in any answer or in
 * the server log, and --read-only holding.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import { startServer, type RunningServer } from '../../src/http/server.js';

const SSO_TOKEN = 'sso-access-token-that-must-stay-private';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
});

async function serve(readOnly = false): Promise<{ server: RunningServer; log: string[] }> {
  const log: string[] = [];
  const connections = createConnectionRegistry({ readOnly, seedExamples: false });
  const server = await startServer({ port: 0, readOnly, connections, log: (line) => log.push(line) });
  cleanups.push(async () => {
    await server.close();
    await connections.closeAll();
  });
  return { server, log };
}

async function api(server: RunningServer, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const response = await fetch(new URL(path, server.origin), {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown>, text };
}

describe('connections over HTTP', () => {
  it('adds, lists, pings and removes', async () => {
    const { server } = await serve();
    const added = await api(server, 'POST', '/api/connections', { kind: 'embedded', inMemory: true });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ connection: { id: 'embedded', name: 'Embedded engine (in memory)', kind: 'embedded', safety: 'full' } });
    expect((await api(server, 'GET', '/api/connections')).json).toEqual({ connections: [added.json['connection']], readOnly: false });
    expect((await api(server, 'POST', '/api/connections/embedded/ping')).json).toMatchObject({ ok: true });
    const invalid = await api(server, 'POST', '/api/connections', { kind: 'aws', region: 'Ireland' });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({ __type: 'ValidationException', message: 'region: must be an AWS region such as us-east-1 or eu-west-1' });
    expect((await api(server, 'DELETE', '/api/connections/embedded')).json).toEqual({ removed: 'embedded' });
    expect((await api(server, 'DELETE', '/api/connections/embedded')).status).toBe(404);
  });

  it('answers an expired SSO session with 401 and the login command, leaking nothing', async () => {
    const home = mkdtempSync(join(tmpdir(), 'dynotable-http-sso-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    mkdirSync(join(home, '.aws', 'sso', 'cache'), { recursive: true });
    const startUrl = 'https://corp.awsapps.com/start';
    writeFileSync(join(home, 'config'), `[profile corp]\nsso_start_url = ${startUrl}\nsso_region = eu-west-1\nsso_account_id = 123456789012\nsso_role_name = ReadOnly\n`);
    writeFileSync(join(home, 'credentials'), `[other]\naws_access_key_id = ${ACCESS_KEY}\naws_secret_access_key = ${SECRET_KEY}\n`);
    writeFileSync(join(home, '.aws', 'sso', 'cache', `${createHash('sha1').update(startUrl).digest('hex')}.json`), JSON.stringify({ accessToken: SSO_TOKEN, expiresAt: '2020-01-01T00:00:00Z' }));
    vi.stubEnv('HOME', home);
    vi.stubEnv('AWS_CONFIG_FILE', join(home, 'config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, 'credentials'));
    vi.stubEnv('AWS_PROFILE', undefined);
    const { server, log } = await serve();
    const added = await api(server, 'POST', '/api/connections', { kind: 'aws', profile: 'corp', region: 'eu-west-1' });
    expect(added.json['connection']).toMatchObject({ id: 'aws-corp-eu-west-1', safety: 'confirm-writes', profile: 'corp' });
    const ping = await api(server, 'POST', '/api/connections/aws-corp-eu-west-1/ping');
    expect(ping.status).toBe(401);
    expect(ping.json).toEqual({ __type: 'ExpiredSession', message: 'The SSO session of profile corp has expired. Run `aws sso login --profile corp`, then retry — nothing was lost.' });
    const profiles = await api(server, 'GET', '/api/aws-profiles');
    expect(profiles.json).toEqual({ profiles: [{ name: 'corp' }, { name: 'other' }] });
    const everything = [added.text, ping.text, profiles.text, (await api(server, 'GET', '/api/connections')).text, ...log].join('\n');
    for (const secret of [SSO_TOKEN, SECRET_KEY, ACCESS_KEY]) expect(everything).not.toContain(secret);
  });

  it('keeps every connection read-only under --read-only', async () => {
    const { server } = await serve(true);
    await api(server, 'POST', '/api/connections', { kind: 'embedded', inMemory: true });
    const lifted = await api(server, 'PATCH', '/api/connections/embedded', { safety: 'full' });
    expect(lifted.status).toBe(403);
    expect(lifted.json['__type']).toBe('ReadOnlyConnection');
    expect((await api(server, 'GET', '/api/connections')).json).toEqual({
      connections: [{ id: 'embedded', name: 'Embedded engine (in memory)', kind: 'embedded', safety: 'read-only' }],
      readOnly: true,
    });
  });
});
