/**
 * The folder DynamoDB's export to S3 writes (DYNAMODB_JSON output format):
 * `manifest-summary.json`, `manifest-files.json` (one JSON line per data file)
 * and `data/<id>.json.gz`, each data file gzip-compressed DynamoDB JSON lines
 * wrapped in `Item`. Reading takes such a folder (its manifest, or else every
 * data file), a `data/` folder itself, or one data file; writing makes a
 * folder with one data file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

const DATA_FILE = /\.json(\.gz)?$/;

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Folders up to two levels down holding a manifest (an S3 download: `AWSDynamoDB/<export id>/`). */
async function manifestFolders(folder: string, depth = 2): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  if (entries.some((entry) => entry.isFile() && entry.name === 'manifest-files.json')) return [folder];
  if (depth === 0) return [];
  const found: string[] = [];
  for (const entry of entries) if (entry.isDirectory() && entry.name !== 'data') found.push(...(await manifestFolders(join(folder, entry.name), depth - 1)));
  return found;
}

/**
 * The data files of an export folder, in the manifest's order (or by name);
 * empty when there are none. The folder may be the export's (with the
 * manifests), its `data/` folder, or a folder above holding exactly one export
 * (`AWSDynamoDB/<export id>/`).
 */
export async function exportDataFiles(folder: string): Promise<string[]> {
  const own = await folderDataFiles(folder);
  if (own.length > 0) return own;
  const exports = await manifestFolders(folder);
  return exports.length === 1 ? folderDataFiles(exports[0]!) : [];
}

async function folderDataFiles(folder: string): Promise<string[]> {
  const dataFolder = (await isDirectory(join(folder, 'data'))) ? join(folder, 'data') : folder;
  let manifest: string | undefined;
  try {
    manifest = await readFile(join(folder, 'manifest-files.json'), 'utf8');
  } catch {
    manifest = undefined;
  }
  if (manifest !== undefined) {
    const keys = manifest
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { dataFileS3Key?: string }).dataFileS3Key)
      .filter((key): key is string => typeof key === 'string');
    if (keys.length > 0) return keys.map((key) => join(dataFolder, basename(key)));
  }
  const names = (await readdir(dataFolder)).filter((name) => DATA_FILE.test(name) && !name.startsWith('manifest-')).sort();
  return names.map((name) => join(dataFolder, name));
}

/** The files an export folder is made of (what --force replaces, and what a failed export removes): the manifests and the data files. */
export async function removeExportFiles(folder: string): Promise<void> {
  await rm(join(folder, 'manifest-summary.json'), { force: true });
  await rm(join(folder, 'manifest-files.json'), { force: true });
  let names: string[];
  try {
    names = await readdir(join(folder, 'data'));
  } catch {
    return;
  }
  for (const name of names) if (DATA_FILE.test(name)) await rm(join(folder, 'data', name), { force: true });
}

export interface S3ExportWritten {
  readonly dataFile: string;
  readonly bytes: number;
}

/** DynamoDB names its data files with 26 lower-case letters and digits. */
function dataFileId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return [...randomBytes(26)].map((byte) => alphabet[byte % 32]).join('');
}

/**
 * Writes the text (DynamoDB JSON lines) as an export folder: the gzip data
 * file as it streams, then the manifests with `items()` — the count known
 * once the text has ended.
 */
export async function writeS3ExportFolder(folder: string, text: AsyncIterable<string>, items: () => number, startTime: Date): Promise<S3ExportWritten> {
  await mkdir(join(folder, 'data'), { recursive: true });
  const key = `data/${dataFileId()}.json.gz`;
  const dataFile = join(folder, key);
  const md5 = createHash('md5');
  let bytes = 0;
  const hash = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.from(text), createGzip(), hash, createWriteStream(dataFile, { flags: 'wx' }));
  } catch (error) {
    await rm(dataFile, { force: true });
    throw error;
  }
  const count = items();
  const md5Checksum = md5.digest('base64');
  await writeFile(join(folder, 'manifest-files.json'), `${JSON.stringify({ itemCount: count, md5Checksum, dataFileS3Key: key })}\n`);
  const summary = {
    version: '2020-06-30',
    startTime: startTime.toISOString(),
    endTime: new Date().toISOString(),
    manifestFilesS3Key: 'manifest-files.json',
    billedSizeBytes: bytes,
    itemCount: count,
    outputFormat: 'DYNAMODB_JSON',
    exportType: 'FULL_EXPORT',
  };
  await writeFile(join(folder, 'manifest-summary.json'), `${JSON.stringify(summary)}\n`);
  return { dataFile, bytes };
}

