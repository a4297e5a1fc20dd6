import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Output } from '../../src/cli/io.js';
import { OutputClosedError, standardOutput } from '../../src/cli/standard-output.js';

/** A stream whose reader has left: every write fails as a closed pipe's does. */
function closedPipe(code = 'EPIPE'): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error(`write ${code}`), { code }));
    },
  });
}

function outputOn(stream: Writable): { io: Output; errors: string[] } {
  const stdout = standardOutput(stream);
  const errors: string[] = [];
  const io: Output = {
    stdout: (text) => stdout.write(text),
    stderr: (text) => errors.push(text),
    drain: () => stdout.ready(),
    flush: () => stdout.flush(),
    outputRefused: () => stdout.refused(),
    outputClosed: () => stdout.closed(),
  };
  return { io, errors };
}

describe('standard output whose reader has left', () => {
  it('refuses the next write with OutputClosedError, which says whether the reader left', async () => {
    const stdout = standardOutput(closedPipe());
    stdout.write('first\n');
    await expect(stdout.flush()).rejects.toBeInstanceOf(OutputClosedError);
    expect(() => stdout.write('second\n')).toThrow(OutputClosedError);
    expect(stdout.refused()).toBe(true);
    expect(stdout.closed()?.readerGone).toBe(true);
  });

  it('ends a command quietly with status 0 and its own status when its work was done', async () => {
    const help = outputOn(closedPipe());
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.errors).toEqual([]);
    const usage = outputOn(closedPipe());
    expect(await main(['lint'], usage.io)).toBe(2);
    expect(usage.errors.join('')).toContain('missing the model file');
  });

  it('says why when writing failed for another reason (a full disk), with status 1', async () => {
    const full = outputOn(closedPipe('ENOSPC'));
    expect(await main(['--help'], full.io)).toBe(1);
    expect(full.errors).toEqual(['dynotable: cannot write standard output: write ENOSPC\n']);
  });
});
