#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded-gc
// A 1 MB young generation keeps the embedded engine's resident memory low
// (about 35 MB less with 50,000 items) for slightly more frequent minor GCs.
// GC stays on the main thread: with helper threads, on a busy machine a minor
// GC waited for a helper to be scheduled (3 ms on average instead of 0.5 ms,
// measured under load), and one answer in every few dozen came that late.
//
// Runs the one-file bundle (npm run build makes it; it starts about twice as
// fast), unless TypeScript has compiled something since it was made: then the
// compiled files, so a bundle left behind never runs stale code.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const modified = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const bundled = modified('../dist/bundle/dynotable.cjs');
const compiled = Math.max(...['../tsconfig.tsbuildinfo', '../../core/tsconfig.tsbuildinfo', '../../engine/tsconfig.tsbuildinfo'].map(modified));
if (bundled > 0 && bundled >= compiled) {
  const { runBundle } = await import('./run-bundle.js');
  runBundle(fileURLToPath(new URL('../dist/bundle/dynotable.cjs', import.meta.url)));
} else {
  await import('../dist/cli/run.js');
}
