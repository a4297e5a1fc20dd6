/**
 * Setup file of the `unit` project: a unit test spawns no process and opens no
 * socket (a server's or a client's). Any attempt throws, naming the test file,
 * so that the file goes to the `e2e` project (see the globs in vitest.config.ts)
 * instead of slowing the inner loop. `DYNOTABLE_UNIT_GUARD=log:FILE` records the attempts in FILE
 * instead of throwing (to survey a tree), `DYNOTABLE_UNIT_GUARD=off` disables it.
 */
import childProcess from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { expect } from 'vitest';

const mode = process.env.DYNOTABLE_UNIT_GUARD ?? 'throw';
const patched = Symbol.for('dynotable.unitGuard');

function refuse(what: string): void {
  const file = expect.getState().testPath ?? '(unknown file)';
  if (mode.startsWith('log:')) {
    appendFileSync(mode.slice('log:'.length), `${file}\t${what}\n`);
    return;
  }
  throw new Error(
    `${what} in a unit test (${file}): unit tests spawn no process and open no socket; ` +
      'name the file *.e2e.test.ts or add it to the e2e globs in vitest.config.ts (the `e2e` project)',
  );
}

const registry = globalThis as { [patched]?: boolean };
if (mode !== 'off' && !registry[patched]) {
  registry[patched] = true;
  const cp = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    const original = cp[name]!;
    cp[name] = function guarded(this: unknown, ...args: unknown[]) {
      refuse(`child_process.${name}(${JSON.stringify(args[0])})`);
      return original.apply(this, args);
    };
  }
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function guarded(this: net.Server, ...args: unknown[]) {
    refuse('a server listening on a socket');
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
    refuse('a socket connection');
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  syncBuiltinESMExports();
}
