/**
 * Bundles the bench's child-process entries (engine server, floor server,
 * in-process run, streams) into plain JavaScript with esbuild (which tsx ships), so the
 * engine starts like a built program: no TypeScript compiling during cold
 * start. Core is taken from its sources, like the tests do.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface Bundles {
  engineServer: string;
  floorServer: string;
  enginePlainHttp: string;
  floorHoldingEngine: string;
  inProcess: string;
  streams: string;
  remove(): void;
}

/** Each bundle's entry, bench/entries/<name>.ts, bundled as <name>.mjs. */
const ENTRIES = {
  engineServer: 'engine-server',
  floorServer: 'floor-server',
  enginePlainHttp: 'engine-plain-http',
  floorHoldingEngine: 'floor-holding-engine',
  inProcess: 'in-process',
  streams: 'streams',
} as const;

/** The bundles in `dir` (made by buildBundles, here or elsewhere); `remove` deletes the folder when asked. */
export function bundlesIn(dir: string, remove: () => void = () => {}): Bundles {
  const paths = Object.fromEntries(Object.entries(ENTRIES).map(([key, name]) => [key, join(dir, `${name}.mjs`)])) as Record<keyof typeof ENTRIES, string>;
  return { ...paths, remove };
}

export async function buildBundles(): Promise<Bundles> {
  const { build } = await import('esbuild');
  // Inside the repository, so the native module left external resolves from node_modules.
  const parent = here('./.build');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'bundle-'));
  await build({
    entryPoints: Object.values(ENTRIES).map((name) => here(`./entries/${name}.ts`)),
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    alias: { '@dynotable/core': here('../../core/src/index.ts') },
    // A native addon cannot be bundled, and the AWS SDK (CommonJS, for the streams entry) does not
    // bundle as ESM: both load from node_modules.
    external: ['better-sqlite3', '@aws-sdk/*'],
    logLevel: 'error',
  });
  return bundlesIn(dir, () => rmSync(dir, { recursive: true, force: true }));
}
