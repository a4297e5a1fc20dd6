/** What the `dynotable data` commands share: the --filter text, errors as one line, Ctrl-C, the question before writing to AWS. */
import { attributeValueToWire, compileFriendly, DynamoError } from '@dynotable/core';
import { DataError } from '../data/errors.js';
import { TransferInputError } from '../transfer/errors.js';
import { FileLineError } from '../transfer/file-line-error.js';
import type { ReadRequest } from '../transfer/read-pages.js';
import { renderExpressionError } from './render-error.js';
import { CommandFailure, type Output } from './io.js';

/** `--filter` in the workbench's friendly text, as a Scan's FilterExpression in DynamoDB JSON. */
export function filterScan(text: string | undefined): ReadRequest | undefined {
  if (text === undefined) return undefined;
  let compiled;
  try {
    compiled = compileFriendly({ filter: text });
  } catch (error) {
    if (error instanceof DynamoError) throw new CommandFailure(`--filter: ${renderExpressionError(error, { label: 'filter', text }).trimEnd()}`);
    throw error;
  }
  const input: Record<string, unknown> = { FilterExpression: compiled.FilterExpression };
  if (compiled.ExpressionAttributeNames) input['ExpressionAttributeNames'] = compiled.ExpressionAttributeNames;
  if (compiled.ExpressionAttributeValues) {
    input['ExpressionAttributeValues'] = Object.fromEntries(Object.entries(compiled.ExpressionAttributeValues).map(([name, value]) => [name, attributeValueToWire(value)]));
  }
  return { operation: 'Scan', input };
}

/**
 * Any failure of the work as the command's one-line message. `written` (for
 * commands that write) adds how many items were written before it, unless
 * the error says so itself (the batch writer's errors do).
 */
export function failure(error: unknown, written?: number): CommandFailure {
  if (error instanceof CommandFailure) return error;
  const note = written === undefined ? '' : written === 0 ? ' (nothing was written)' : ` (${written.toLocaleString('en-US')} items were written before this; the rest were not)`;
  if (error instanceof FileLineError) return new CommandFailure(`${error.file}, line ${error.line}: ${error.type}: ${error.detail}${note}`, 'failure', error.type);
  if (error instanceof TransferInputError) return new CommandFailure(`line ${error.line}: ${error.type}: ${error.detail}${note}`, 'failure', error.type);
  if (error instanceof DataError) return new CommandFailure(`${error.type}: ${error.message}`, error.kind === 'not-found' ? 'not-found' : 'failure', error.type);
  if (error instanceof DynamoError) return new CommandFailure(`${error.name}: ${error.message}${note}`, codeOfDynamoError(error), error.name);
  if (error instanceof Error) {
    const coded = error as Error & { code?: string; path?: string };
    if (coded.code === 'ENOENT') return new CommandFailure(`no such file or folder: ${coded.path ?? error.message}${note}`, 'not-found');
    if (coded.code === 'EEXIST') return new CommandFailure(`${coded.path ?? 'the file'} exists already; add --force to replace it`, 'already-exists');
    const name = error.name === 'Error' ? '' : `${error.name}: `;
    return new CommandFailure(`${name}${error.message}${note}`, codeOfDynamoError(error), error.name === 'Error' ? 'CommandFailure' : error.name);
  }
  return new CommandFailure(String(error));
}

/** A missing table is "not found" (3), a table that exists already "already exists" (4): DynamoDB's errors and the SDK's alike. */
function codeOfDynamoError(error: Error): 'not-found' | 'already-exists' | 'failure' {
  if (error.name === 'ResourceNotFoundException') return 'not-found';
  if (error.name === 'ResourceInUseException' && /already exists/i.test(error.message)) return 'already-exists';
  return 'failure';
}

/** An AbortSignal that Ctrl-C fires: the work stops at the next batch and says what was written. */
export function interruptSignal(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  return { signal: controller.signal, release: () => process.removeListener('SIGINT', stop) };
}

/** Writing to AWS: ask on a terminal, or refuse without --yes. */
export async function confirmAws(io: Output, what: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (io.interactive !== true || io.ask === undefined) {
    throw new CommandFailure(`${what} — writing to AWS needs a confirmation: run again with --yes (nothing was written)`);
  }
  const answer = await io.ask(`${what}. Continue? [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}
