/**
 * How a failed command says so: `dynotable: <message>` on standard error, or
 * under `--json` one line of JSON on standard error, in a shape that stays
 * the same: {"error": {"code", "type", "message", "exitCode"}}. Standard
 * output keeps only what the command produced, so a pipe never reads an error
 * as data.
 */
import { scrubSecrets } from '../connections/secrets.js';
import { EXIT_CODES, type ExitCodeName } from './exit-codes.js';
import { CommandFailure, UsageError, type Output } from './io.js';

export interface ErrorReport {
  readonly code: ExitCodeName;
  readonly type: string;
  readonly message: string;
  readonly hint?: string;
}

/** Any error as its report; the message has every secret the process knows and every secret-shaped string removed. */
export function reportOf(error: unknown): ErrorReport {
  if (error instanceof CommandFailure) return { code: error.code, type: error.type, message: scrubSecrets(error.message) };
  if (error instanceof UsageError) return { code: 'usage', type: 'UsageError', message: scrubSecrets(error.message), hint: error.hint };
  // Never a stack trace: a bug still gets one readable line.
  return { code: 'failure', type: 'UnexpectedError', message: `unexpected error: ${scrubSecrets(error instanceof Error ? error.message : String(error))}` };
}

/** Prints the report and returns the exit status its code stands for. */
export function printError(report: ErrorReport, json: boolean, io: Output): number {
  const exitCode = EXIT_CODES[report.code].status;
  if (json) io.stderr(`${JSON.stringify({ error: { code: report.code, type: report.type, message: report.message, exitCode } })}\n`);
  else io.stderr(`dynotable: ${report.message}\n${report.hint !== undefined ? `${report.hint}\n` : ''}`);
  return exitCode;
}

/** `--json` anywhere before `--`. */
export function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--json');
}
