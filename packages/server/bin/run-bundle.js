/**
 * Picks the bundle a command runs, when it is current (`currentBundle`), and
 * runs the CommonJS bundle (scripts/bundle.js) with V8's code cache: the first
 * run compiles it and, as it exits, leaves the compiled code in a file beside
 * it; later runs skip most of the compiling. A cache V8 refuses (a new bundle)
 * is written anew; one that cannot be written (a read-only install) is simply
 * not kept, and neither is one under --read-only, which promises that nothing
 * is written anywhere. The bundle calls no import() (scripts/bundle.js sees to it): a
 * function V8 takes from the code cache has lost the script's import() callback, so
 * the script is given none.
 */
'use strict';
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

/**
 * FNV-1a, 64 bits, in hexadecimal: a name, not a secret, and node:crypto
 * would cost the start more than the whole hash (it loads OpenSSL's state).
 */
function fnv1a64(text) {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

/** V8 takes a cache only from the same Node version run with the same flags: one file for each. */
function cacheFileOf(file, version = process.version, execArgv = process.execArgv) {
  return `${file}.${fnv1a64(`${version} ${execArgv.join(' ')}`).slice(0, 12)}.v8-cache`;
}

/** Which cache file is there now (its inode), or undefined when there is none. */
function cacheIdentity(cacheFile) {
  try {
    return statSync(cacheFile).ino;
  } catch {
    return undefined;
  }
}

/** TypeScript's build records, relative to bin/: tsc rewrites them whenever it compiles, even with --noEmit. */
const COMPILED = ['../tsconfig.tsbuildinfo', '../../core/tsconfig.tsbuildinfo', '../../engine/tsconfig.tsbuildinfo'];

/**
 * The bundle that `dynotable <command>` runs from `binDir` (`engine` has one
 * of its own), or undefined when there is none or TypeScript has compiled
 * something since it was made: then the compiled files run instead.
 */
function currentBundle(binDir, command) {
  const modified = (path) => statSync(join(binDir, path), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const bundle = `../dist/bundle/${command === 'engine' ? 'dynotable-engine.cjs' : 'dynotable.cjs'}`;
  const bundled = modified(bundle);
  return bundled > 0 && bundled >= Math.max(...COMPILED.map(modified)) ? join(binDir, bundle) : undefined;
}

function runBundle(file) {
  const cacheFile = cacheFileOf(file);
  const found = cacheIdentity(cacheFile);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const source = readFileSync(file, 'utf8');
  // The wrapper Node itself puts around a CommonJS module.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const readOnly = process.argv.slice(2).includes('--read-only');
  if (!readOnly && (cachedData === undefined || script.cachedDataRejected === true)) {
    // At exit the cache also holds every function the run compiled.
    process.once('exit', () => {
      // Another run wrote a cache meanwhile (runs side by side): keep that one, V8 takes it.
      if (cacheIdentity(cacheFile) !== found) return;
      try {
        const temporary = `${cacheFile}.${process.pid}`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // Not kept: the next run compiles again.
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
}

module.exports = { cacheFileOf, currentBundle, runBundle };
