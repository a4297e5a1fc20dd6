/**
 * Standard output as a pipe's writer sees it: the reader can go at any time
 * (`dynotable data export T -o - | head -1`). Node ignores SIGPIPE and reports
 * EPIPE as an error event, which without a listener is a stack trace. Here it
 * marks the output closed: the next write throws OutputClosedError, which stops
 * the work, and the command ends quietly with 141 (128 + SIGPIPE), the status a
 * shell gives any program its pipe's reader left (docs/cli.md).
 */
import { once } from 'node:events';

export const EXIT_OUTPUT_CLOSED = 141;

const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** Standard output can take no more: its reader has gone (quiet), or writing failed (said). */
export class OutputClosedError extends Error {
  constructor(readonly reason: NodeJS.ErrnoException | undefined) {
    super(`cannot write standard output: ${reason?.message ?? 'it was closed'}`);
  }

  get readerGone(): boolean {
    return READER_GONE.has(this.reason?.code ?? '');
  }
}

export interface StandardOutput {
  write(text: string): void;
  /** Resolves when the stream can take more (after a write it had to buffer); throws OutputClosedError once the reader has gone. */
  ready(): Promise<void>;
  /** Resolves when everything written has reached the reader; throws OutputClosedError if it went first. */
  flush(): Promise<void>;
  /** Why writing stopped: the reader went (EPIPE), or another failure; undefined while all is well. */
  readonly closed: () => OutputClosedError | undefined;
}

export function standardOutput(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean } = process.stdout): StandardOutput {
  let closed: NodeJS.ErrnoException | undefined;
  // Kept for the life of the process: a failed write is reported after the command has returned.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    closed ??= error;
  });
  const check = () => {
    if (closed !== undefined) throw new OutputClosedError(closed);
  };
  return {
    write(text) {
      check();
      stream.write(text);
    },
    async ready() {
      check();
      if (stream.writableNeedDrain === true) await Promise.race([once(stream, 'drain'), once(stream, 'close')]).catch(() => {});
      check();
    },
    async flush() {
      check();
      await new Promise<void>((resolve) => stream.write('', () => resolve()));
      check();
    },
    closed: () => (closed === undefined ? undefined : new OutputClosedError(closed)),
  };
}
