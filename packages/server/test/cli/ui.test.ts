/**
 * `dynotable` / `dynotable ui`: flags, usage errors, and the command run in
 * this process with a stand-in connection registry — it prints the URL with
 * the token, opens the browser unless told not to, falls back from a taken
 * default port, and stops cleanly.
 */
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../src/connections/data-dir.js';
import { isUiFlag, parseUiArgs, shouldOpenBrowser, UI_DEFAULT_PORT } from '../../src/cli/ui-args.js';
import { connectionRequests, runUi } from '../../src/cli/ui.js';
import type { UiDependencies } from '../../src/cli/ui.js';
import { standInRegistry } from '../http/support/stand-in-registry.js';
import type { StandInRegistry } from '../http/support/stand-in-registry.js';
import { main } from '../../src/cli/main.js';
import { run } from './capture.js';

async function waitForOutput(read: () => string, pattern: RegExp): Promise<RegExpMatchArray> {
  for (;;) {
    const match = read().match(pattern);
    if (match) return match;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Starts the command with a stand-in registry; `stop()` ends it as a signal would. */
function startUi(args: string[], extra: UiDependencies = {}) {
  let stdout = '';
  let stderr = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const opened: string[] = [];
  let registry: StandInRegistry | undefined;
  const exit = runUi(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) }, {
    env: {},
    createRegistry: async () => (registry = standInRegistry()),
    openBrowser: async (url) => {
      opened.push(url);
    },
    stopped: () => stopped,
    staticDir: '/nonexistent',
    ...extra,
  });
  return {
    exit,
    opened,
    registry: () => registry!,
    stdout: () => stdout,
    stderr: () => stderr,
    async url() {
      const [, url] = await waitForOutput(() => stdout, /(http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43})/);
      return new URL(url!);
    },
    stop,
  };
}

function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('dynotable ui flags', () => {
  it('refuse a non-loopback host without --allow-remote', async () => {
    const result = await run('ui', '--host', '0.0.0.0');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--allow-remote');
    expect(result.stdout).toBe('');
    expect(parseUiArgs(['--host', '0.0.0.0', '--allow-remote'], {}).host).toBe('0.0.0.0');
    expect(parseUiArgs(['--host', 'localhost'], {}).host).toBe('localhost');
  });

  it('refuse contradictions and malformed values', async () => {
    for (const args of [
      ['--in-memory', '--data', 'x'],
      ['--profile', 'dev'],
      ['--endpoint', 'http://localhost:8000', '--profile', 'dev', '--region', 'us-east-1'],
      ['--endpoint', 'localhost:8000'],
      ['--port', 'eighty'],
      ['--port', '70000'],
      ['extra'],
      ['--bogus'],
    ]) {
      const result = await run('ui', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('dynotable ui --help');
    }
  });

  it('default to port 8600 on 127.0.0.1, the per-user data folder, and opening the browser', () => {
    const env = { XDG_DATA_HOME: '/home/u/data' };
    const options = parseUiArgs([], env);
    expect(options).toMatchObject({ port: UI_DEFAULT_PORT, portGiven: false, host: '127.0.0.1', allowRemote: false, readOnly: false, open: true });
    expect(UI_DEFAULT_PORT).toBe(8600);
    expect(options.dataDir).toBe(defaultDataDir(env));
    expect(parseUiArgs(['--in-memory'], env).dataDir).toBeUndefined();
    expect(parseUiArgs(['--data', 'tables'], env).dataDir).toBe(join(process.cwd(), 'tables'));
    expect(parseUiArgs(['--profile', 'dev'], { AWS_REGION: 'eu-west-1' })).toMatchObject({ profile: 'dev', region: 'eu-west-1' });
  });

  it('do not open the browser with --no-open, BROWSER=none or on CI', () => {
    expect(shouldOpenBrowser(false, {})).toBe(true);
    expect(shouldOpenBrowser(true, {})).toBe(false);
    expect(shouldOpenBrowser(false, { BROWSER: 'none' })).toBe(false);
    expect(shouldOpenBrowser(false, { CI: 'true' })).toBe(false);
    expect(shouldOpenBrowser(false, { CI: 'false' })).toBe(true);
    expect(shouldOpenBrowser(false, { BROWSER: 'firefox' })).toBe(true);
  });

  it('ask for the embedded engine always, plus the endpoint or the AWS account', () => {
    expect(connectionRequests(parseUiArgs(['--in-memory'], {}))).toEqual([{ kind: 'embedded', inMemory: true }]);
    expect(connectionRequests(parseUiArgs(['--data', '/d', '--endpoint', 'http://localhost:8000'], {}))).toEqual([
      { kind: 'embedded', dataDir: '/d' },
      { kind: 'endpoint', endpoint: 'http://localhost:8000' },
    ]);
    expect(connectionRequests(parseUiArgs(['--in-memory', '--profile', 'dev', '--region', 'eu-west-1'], {}))).toEqual([
      { kind: 'embedded', inMemory: true },
      { kind: 'aws', profile: 'dev', region: 'eu-west-1' },
    ]);
    expect(connectionRequests(parseUiArgs(['--in-memory', '--region', 'us-east-2'], {}))[1]).toEqual({ kind: 'aws', region: 'us-east-2' });
  });

  it('keep --help working: `dynotable --help` is the main help, `dynotable ui --help` the command’s', async () => {
    const main = await run('--help');
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/^dynotable: a DynamoDB modeling workbench/);
    expect(main.stdout).toContain('ui         Open the workbench');
    const ui = await run('ui', '--help');
    expect(ui.stdout).toMatch(/^dynotable ui: open the workbench/);
    // The workbench's flags without a command belong to the workbench; other options are unknown.
    const flag = await run('--port', 'eighty');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--port must be a whole number');
    expect(flag.stderr).toContain('dynotable ui --help');
    const bogus = await run('--bogus');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain("unknown option '--bogus'");
    expect(isUiFlag('--no-open')).toBe(true);
    expect(isUiFlag('--port=9000')).toBe(true);
    expect(isUiFlag('-p')).toBe(true);
    expect(isUiFlag('--verbose')).toBe(false);
    expect(isUiFlag('-v')).toBe(false);
  });
});

describe('dynotable ui', () => {
  it('starts the server, prints the URL with the token, opens the browser, and stops cleanly', async () => {
    const ui = startUi(['--port', '0', '--in-memory']);
    const url = await ui.url();
    expect(ui.opened).toEqual([url.href]);
    expect(ui.registry().added).toEqual([{ kind: 'embedded', inMemory: true }]);
    expect(ui.stdout()).toContain('embedded');
    const token = url.searchParams.get('token')!;
    const health = await fetch(new URL('/api/health', url), { headers: { authorization: `Bearer ${token}` } });
    expect(await health.json()).toMatchObject({ ok: true, readOnly: false });
    expect((await fetch(new URL('/api/health', url))).status).toBe(401);

    ui.stop();
    expect(await ui.exit).toBe(0);
    expect(ui.stdout()).toContain('DynoTable stopped.');
    expect(ui.registry().closed).toBe(true);
    await expect(fetch(new URL('/api/health', url))).rejects.toThrow();
  });

  it('does not open the browser with --no-open, and passes --read-only to the server', async () => {
    const ui = startUi(['--port', '0', '--in-memory', '--no-open', '--read-only']);
    const url = await ui.url();
    const health = await fetch(new URL('/api/health', url), { headers: { authorization: `Bearer ${url.searchParams.get('token')}` } });
    expect(await health.json()).toMatchObject({ readOnly: true });
    expect(ui.opened).toEqual([]);
    ui.stop();
    expect(await ui.exit).toBe(0);
  });

  it('says so and uses a free port when the default one is taken', async () => {
    // Held by this test, unless something else already holds it: taken either way.
    const holder = await listenOn(UI_DEFAULT_PORT);
    try {
      const ui = startUi(['--in-memory', '--no-open']);
      const url = await ui.url();
      expect(url.port).not.toBe(String(UI_DEFAULT_PORT));
      expect(ui.stderr()).toContain(`Port ${UI_DEFAULT_PORT} is in use; using port ${url.port} instead.`);
      ui.stop();
      expect(await ui.exit).toBe(0);
    } finally {
      holder?.close();
    }
  });

  it('fails when a port given with --port is taken', async () => {
    const holder = (await listenOn(0))!;
    const port = (holder.address() as { port: number }).port;
    try {
      const ui = startUi(['--port', String(port), '--in-memory', '--no-open']);
      await expect(ui.exit).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
      expect(ui.registry().closed).toBe(true);
    } finally {
      holder.close();
    }
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('stops cleanly on %s', async (signal) => {
    // Test files share this process, so other files' listeners come and go: follow the command's own.
    const before = new Set(process.listeners(signal));
    const ui = startUi(['--port', '0', '--in-memory', '--no-open'], { stopped: undefined });
    const url = await ui.url();
    const added = process.listeners(signal).filter((listener) => !before.has(listener));
    expect(added).toHaveLength(1);
    process.emit(signal, signal);
    expect(await ui.exit).toBe(0);
    expect(process.listeners(signal)).not.toContain(added[0]);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('runs as `dynotable --in-memory --no-open` with the real connection registry', async () => {
    let stdout = '';
    const exit = main(['--in-memory', '--no-open', '--port', '0'], { stdout: (t) => (stdout += t), stderr: () => {} });
    const [, href] = await waitForOutput(() => stdout, /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/);
    const url = new URL(href!);
    expect(stdout).toMatch(/writes allowed; its tables are lost when DynoTable stops/);
    const health = await fetch(new URL('/api/health', url), { headers: { authorization: `Bearer ${url.searchParams.get('token')}` } });
    expect(health.status).toBe(200);
    process.emit('SIGTERM', 'SIGTERM');
    expect(await exit).toBe(0);
  });
});
