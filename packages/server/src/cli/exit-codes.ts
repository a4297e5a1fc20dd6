/**
 * The exit statuses of every `dynotable` command, in one table: the code a
 * script tests, the stable name an error's JSON carries (`error.code`), and
 * what it means. docs/cli.md lists them; a test checks the two agree.
 */
export const EXIT_CODES = {
  ok: { status: 0, meaning: 'Success: the command did what it was asked, and found no problem' },
  failure: { status: 1, meaning: 'The command ran and failed, or found problems (lint findings, a failed verification, a difference)' },
  usage: { status: 2, meaning: 'A usage error: an unknown command or option, a missing or malformed argument' },
  'not-found': { status: 3, meaning: 'Something named does not exist: a file, a folder, a table, an access pattern' },
  'already-exists': { status: 4, meaning: 'What the command would create exists already (a file without --force, a table)' },
  interrupted: { status: 130, meaning: 'Stopped by Ctrl-C (SIGINT); a data command says what it wrote before it stopped' },
} as const;

export type ExitCodeName = keyof typeof EXIT_CODES;

export const EXIT_OK = EXIT_CODES.ok.status;
export const EXIT_FAILURE = EXIT_CODES.failure.status;
export const EXIT_INTERRUPTED = EXIT_CODES.interrupted.status;
