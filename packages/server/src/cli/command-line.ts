/**
 * What every way of running the command shares around a subcommand: its
 * status once its output has been flushed, a quiet end when standard
 * output's reader has left, and every other failure printed as a message
 * (as JSON under --json) with its exit status.
 */
import { printError, reportOf, wantsJson } from './error-output.js';
import type { Output } from './io.js';
import { closedOutputStatus, flushedStatus } from './standard-output.js';

export async function runCommandLine(args: string[], io: Output, dispatch: (args: string[], io: Output) => Promise<number>): Promise<number> {
  try {
    return await flushedStatus(await dispatch(args, io), io);
  } catch (error) {
    // Work stopped because standard output's reader left: quiet (standard-output.ts).
    const closed = closedOutputStatus(error, io);
    if (closed !== undefined) return closed;
    return printError(reportOf(error), wantsJson(args), io);
  }
}
