/**
 * Standard output as a pipe's writer sees it: the reader can go at any time
 * (`dynotable data export T -o - | head -1`). Node ignores SIGPIPE and reports
 * EPIPE as an error event, which without a listener is a stack trace. Here it
 * marks the output closed: the next write throws OutputClosedError, which stops
 * the work, and the command ends quietly with status 0, no message and no count
 * of work the reader never got (docs/data-command.md). 0, not 141 (a death by
 * SIGPIPE): a reader that stopped on purpose (`head`) wanted no more, and one
 * that failed (`gzip` on a full disk) gives its own status, which `set -o
 * pipefail` reports; a 141 here would fail every `| head` under pipefail.
 */
import { once } from 'node:events';
import { EXIT_FAILURE, EXIT_OK, type Output } from './io.js';

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
  /** A write (or a wait) of the command's was refused: its work stopped because its output did. */
  readonly refused: () => boolean;
  /** Why writing stopped: the reader went (EPIPE), or another failure; undefined while all is well. */
  readonly closed: () => OutputClosedError | undefined;
}

export function standardOutput(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean } = process.stdout): StandardOutput {
  let closed: NodeJS.ErrnoException | undefined;
  // Kept for the life of the process: a failed write is reported after the command has returned.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    closed ??= error;
  });
  let refused = false;
  const check = () => {
    if (closed === undefined) return;
    refused = true;
    throw new OutputClosedError(closed);
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
    refused: () => refused,
  };
}

/** The command's status once what it wrote has reached the reader: its own, even if the reader left (`lint | head` still fails on findings). */
export async function flushedStatus(code: number, io: Output): Promise<number> {
  try {
    await io.flush?.();
    return code;
  } catch (error) {
    if (!(error instanceof OutputClosedError)) throw error;
    if (error.readerGone) return code;
    io.stderr(`dynotable: ${error.message}\n`);
    return EXIT_FAILURE;
  }
}

/**
 * For a command that failed: when its work stopped at a write that standard
 * output refused, that is why (an export wraps the refusal in its own
 * message). Its reader left: 0 and nothing said; writing failed otherwise: the
 * reason, 1. Undefined for a failure of its own (a model that does not parse).
 */
export function closedOutputStatus(error: unknown, io: Output): number | undefined {
  if (!(error instanceof OutputClosedError) && io.outputRefused?.() !== true) return undefined;
  const closed = error instanceof OutputClosedError ? error : io.outputClosed?.();
  if (closed === undefined || closed.readerGone) return EXIT_OK;
  io.stderr(`dynotable: ${closed.message}\n`);
  return EXIT_FAILURE;
}
