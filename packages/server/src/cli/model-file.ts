/** Reading and writing model files for the model commands, with failures as plain messages. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ModelError, parseModel, type Model } from '@dynotable/core';
import { CommandFailure } from './io.js';

export function readTextFile(path: string, what: string): string {
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
    return parseModel(text, path);
  } catch (error) {
    if (error instanceof ModelError) throw new CommandFailure(error.message);
    throw error;
  }
}

/** Writes a new file; an existing one is kept unless `force`, so no work is lost by accident. */
export function writeNewFile(path: string, text: string, force: boolean): void {
  if (!force && existsSync(path)) throw new CommandFailure(`'${path}' already exists; pass --force to replace it`, 'already-exists');
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new CommandFailure(`cannot write '${path}': ${(error as Error).message}`);
  }
}

export function looksLikeModelFile(argument: string): boolean {
  return /\.(ya?ml|json)$/i.test(argument) || existsSync(argument);
}
