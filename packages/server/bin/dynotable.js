#!/usr/bin/env -S node --max-semi-space-size=1 --single-threaded-gc
// A 1 MB young generation keeps the embedded engine's resident memory low
// (about 35 MB less with 50,000 items) for slightly more frequent minor GCs.
// GC stays on the main thread: with helper threads, on a busy machine a minor
// GC waited for a helper to be scheduled (3 ms on average instead of 0.5 ms,
// measured under load), and one answer in every few dozen came that late.
//
// Runs the one-file bundle (npm run build makes it; it starts about twice as
// fast), unless TypeScript has compiled something since it was made: then the
// compiled files, so a bundle left behind never runs stale code (run-bundle.js
// decides). `dynotable engine` has a bundle of its own, a third of the size,
// which starts sooner.
//
// CommonJS (bin/package.json), as is run-bundle.js: an ES module here would
// start Node's ES module loader and load every export of each node: module it
// imports, some 20 ms of a start the engine wants under 250 ms.
'use strict';
const { currentBundle, runBundle } = require('./run-bundle.js');

const bundle = currentBundle(__dirname, process.argv[2]);
if (bundle !== undefined) {
  runBundle(bundle);
} else {
  // The compiled files are ES modules.
  void import('../dist/cli/run.js');
}
