/**
 * Files for `dynotable data`: text read from a file as it streams (gunzipped
 * when it starts with gzip's magic bytes, whatever its name), from every data
 * file of an export folder, or from standard input saved to a temporary file
 * first (an import reads its source twice); and text written to a file,
 * gzip-compressed when asked.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline as pipeStreams, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { WireItem } from '@dynotable/core';
import { isDynamoJsonLines, readItems, type DataFormat, type ReadOptions } from './formats.js';
import { TransferInputError } from './errors.js';
import { FileLineError } from './file-line-error.js';
import { exportDataFiles } from './s3-export-files.js';
import { inGroups, type ImportItem } from './table-import.js';
import { readJsonLinePages, readWireLines } from './wire-lines.js';

async function startsWithGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** The text of a file in chunks; gzip is undone on the way. */
export async function* fileText(path: string): AsyncIterable<string> {
  const raw = createReadStream(path);
  const stream = (await startsWithGzip(path)) ? pipeStreams(raw, createGunzip(), () => {}) : raw;
  stream.setEncoding('utf8');
  for await (const chunk of stream) yield chunk as string;
}

/** The first characters of a file's text (for guessing its format). */
export async function fileHead(path: string, size = 4096): Promise<string> {
  let head = '';
  for await (const chunk of fileText(path)) {
    head += chunk;
    if (head.length >= size) break;
  }
  return head;
}

/** The files an import reads: the data files of an export folder, or the one file. */
export async function sourceFiles(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  return exportDataFiles(path);
}

/**
 * The items of the files one after another, some at a time; a bad record
 * names its file when there are several. DynamoDB JSON lines come with the
 * length of each item's text.
 */
export async function* sourceItems(files: readonly string[], format: DataFormat, options: ReadOptions = {}, base?: string): AsyncIterable<readonly ImportItem[]> {
  for (const file of files) {
    const name = files.length > 1 ? (base === undefined ? file : relative(base, file)) : undefined;
    const groups = isDynamoJsonLines(format) ? readJsonLinePages(fileText(file)) : inGroups(readItems(format, fileText(file), options));
    try {
      for await (const group of groups) yield name === undefined ? group : group.map((item) => ({ ...item, file: name }));
    } catch (error) {
      if (name !== undefined && error instanceof TransferInputError) throw new FileLineError(name, error);
      throw error;
    }
  }
}

/** The files' items as DynamoDB JSON, for a source already checked (dynamodb-json and s3-export only). */
export async function* sourceWireItems(files: readonly string[]): AsyncIterable<WireItem[]> {
  for (const file of files) yield* readWireLines(fileText(file));
}

/** Writes the text to a new file (or over one, with `overwrite`), gzip-compressed when asked. */
export async function writeTextFile(path: string, text: AsyncIterable<string>, options: { gzip?: boolean; overwrite?: boolean } = {}): Promise<void> {
  const file = createWriteStream(path, { flags: options.overwrite === true ? 'w' : 'wx' });
  if (options.gzip === true) await pipeline(Readable.from(text), createGzip(), file);
  else await pipeline(Readable.from(text), file);
}

/** A temporary folder removed by `remove()`. */
export async function temporaryFolder(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'dynotable-data-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Saves a stream (standard input) to a file so it can be read twice. */
export async function saveStream(input: NodeJS.ReadableStream, path: string): Promise<void> {
  const file: Writable = createWriteStream(path, { flags: 'wx' });
  await pipeline(input, file);
}
