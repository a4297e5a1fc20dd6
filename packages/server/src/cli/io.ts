/** Where a command writes; the real process streams, or buffers in tests. */
export interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Exit statuses: 1 for a failed command (bad expression), 2 for bad usage. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called; printed with a hint, exit status 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint = 'Run `dynotable --help` for usage.',
  ) {
    super(message);
  }
}
