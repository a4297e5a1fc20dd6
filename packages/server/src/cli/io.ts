import type { ExitCodeName } from './exit-codes.js';

/** Where a command writes; the real process streams, or buffers in tests. */
import type { OutputClosedError } from './standard-output.js';

export interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** A terminal is attached: progress bars are drawn and questions can be asked. */
  interactive?: boolean;
  /** Asks a question on the terminal and resolves with the answer. */
  ask?: (question: string) => Promise<string>;
  /** Standard error is a terminal that can draw a progress bar (not TERM=dumb). */
  progress?: boolean;
  /** Standard output is a terminal: a bar drawn beside data written there would mix with it. */
  stdoutIsTerminal?: boolean;
  /** Waits while standard output is full; throws OutputClosedError once its reader has gone (standard-output.ts). */
  drain?: () => Promise<void>;
  /** Waits until standard output has taken everything; throws OutputClosedError once its reader has gone. */
  flush?: () => Promise<void>;
  /** A write of the command's was refused because standard output was closed (standard-output.ts). */
  outputRefused?: () => boolean;
  /** Why standard output was closed, once it was. */
  outputClosed?: () => OutputClosedError | undefined;
}

/** The exit statuses live in exit-codes.ts; the commands take them from here as they always have. */
export { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK } from './exit-codes.js';

/** A mistake in how the command was called; printed with a hint, exit status 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint = 'Run `dynotable --help` for usage.',
  ) {
    super(message);
  }
}

/**
 * A command that ran but failed (an invalid model, a file that cannot be
 * read); exit status 1, or the status of `code` (exit-codes.ts), no usage hint.
 * `type` names the error for `--json` (DynamoDB's exception name, when it is one).
 */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly code: Exclude<ExitCodeName, 'ok' | 'usage'> = 'failure',
    readonly type = 'CommandFailure',
  ) {
    super(message);
  }
}

/** Prints a block of text, ending it with a newline if it has none, so the shell prompt starts on its own line. */
export function printBlock(io: Output, text: string): void {
  io.stdout(text.endsWith('\n') ? text : text + '\n');
}
