/** Reading and writing model files for the model commands, with failures as plain messages. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ModelError, parseModel, type Model } from '@dynotable/core';
import { CommandFailure } from './io.js';

/** `-`: standard input, as the shell convention has it. */
export const STANDARD_STREAM = '-';

/** How messages and model errors name standard input. */
const STDIN_NAME = '<stdin>';

let stdinText: string | undefined;

/** Standard input read to its end, once: a second reader gets the same text. */
function readStandardInput(what: string): string {
  try {
    stdinText ??= readFileSync(0, 'utf8');
    return stdinText;
  } catch (error) {
    throw new CommandFailure(`cannot read ${what} from standard input: ${(error as Error).message}`);
  }
}

export function readTextFile(path: string, what: string): string {
  if (path === STANDARD_STREAM) return readStandardInput(what);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new CommandFailure(`cannot read ${what} '${path}': ${reason}`, code === 'ENOENT' ? 'not-found' : 'failure');
  }
}

export function readModelFile(path: string): Model {
  const text = readTextFile(path, 'model file');
  try {
    return parseModel(text, path === STANDARD_STREAM ? STDIN_NAME : path);
  } catch (error) {
    if (error instanceof ModelError) throw new CommandFailure(error.message);
    throw error;
  }
}

/** Writes a new file; an existing one is kept unless `force`, so no work is lost by accident. */
export function writeNewFile(path: string, text: string, force: boolean): void {
  // Never a file named '-': the commands that can write to standard output take it before this.
  if (path === STANDARD_STREAM) throw new CommandFailure(`'-' (standard output) is not a file this command can write: it prints its report there; give a file name`);
  if (!force && existsSync(path)) throw new CommandFailure(`'${path}' already exists; pass --force to replace it`, 'already-exists');
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new CommandFailure(`cannot write '${path}': ${(error as Error).message}`);
  }
}

export function looksLikeModelFile(argument: string): boolean {
  return argument === STANDARD_STREAM || /\.(ya?ml|json)$/i.test(argument) || existsSync(argument);
}
