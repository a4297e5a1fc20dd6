/**
 * Files made by export jobs, waiting to be downloaded, each known by a random
 * id, removed once it has been downloaded or after a while (an hour by
 * default), whichever comes first.
 *
 * On disk (the default), each file is in a temporary directory of its own,
 * removed at the latest when the process ends: `clear()` on a clean shutdown
 * removes every directory the store made (files still being written too), and
 * whatever is left when the process exits is removed then.
 *
 * In memory (`inMemory`, what `--read-only` asks for, since it writes nothing
 * anywhere, the temporary folder included), up to a limit (256 MiB by
 * default) for an export and its spool; past it the export fails with
 * ExportTooLarge, saying what to do instead.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataError } from '../data/errors.js';

export interface DownloadInfo {
  readonly id: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly expiresAt: string;
}

/** Where a file's bytes are: a path on disk, or chunks in memory. */
type Content = { readonly kind: 'disk'; readonly dir: string; readonly path: string } | { readonly kind: 'memory'; readonly chunks: Buffer[] };

interface Entry {
  info: DownloadInfo;
  readonly content: Content;
  readonly timer: ReturnType<typeof setTimeout>;
  taken: boolean;
}

/** Text written once and read back (the CSV export's spool of items, before it knows every column). */
export interface ScratchText {
  write(text: AsyncIterable<string>): Promise<void>;
  read(): AsyncIterable<string>;
  remove(): Promise<void>;
}

export interface PreparedFile {
  readonly id: string;
  /** Writes the file from text, as UTF-8. */
  write(text: AsyncIterable<string>): Promise<void>;
  /** Scratch text beside the file, gone with it. */
  scratch(): ScratchText;
  /** Makes the file downloadable once written; returns what the job reports. */
  publish(): Promise<DownloadInfo>;
  /** Forgets the file (the job failed or was cancelled). */
  discard(): Promise<void>;
}

export interface PrepareOptions {
  /** Keep the file in memory: nothing is written to disk (`--read-only`). */
  readonly inMemory?: boolean;
}

export interface OpenedDownload {
  readonly info: DownloadInfo;
  readonly body: Readable;
  /** Call once the body has been sent: the file is removed. */
  done(): Promise<void>;
  /** Call when sending failed: the file stays for another try. */
  release(): void;
}

/** Every export directory of this process not yet removed: what the exit hook removes. */
const liveDirectories = new Set<string>();
let exitHookInstalled = false;

function removeLeftoversAtExit(): void {
  for (const dir of liveDirectories) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // The process is ending; nothing more can be done about it.
    }
  }
  liveDirectories.clear();
}

async function makeDirectory(): Promise<string> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', removeLeftoversAtExit);
  }
  const dir = await mkdtemp(join(tmpdir(), 'dynotable-export-'));
  liveDirectories.add(dir);
  return dir;
}

async function removeDirectory(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  liveDirectories.delete(dir);
}

async function writeText(path: string, text: AsyncIterable<string>): Promise<void> {
  await pipeline(Readable.from(text), createWriteStream(path, { encoding: 'utf8' }));
}

async function* readText(path: string): AsyncIterable<string> {
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) yield chunk as string;
}

const MIB = 1024 * 1024;

export class DownloadStore {
  private readonly entries = new Map<string, Entry>();
  /** Directories made by prepare() and not yet removed, published or not. */
  private readonly directories = new Set<string>();

  constructor(
    private readonly ttlMs = 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
    /** The most bytes an export kept in memory may hold, with its scratch text. */
    private readonly memoryLimit = 256 * MIB,
  ) {}

  /** A place for a new file named `fileName` (what the browser saves it as). */
  async prepare(fileName: string, contentType: string, options: PrepareOptions = {}): Promise<PreparedFile> {
    const id = randomBytes(12).toString('base64url');
    return options.inMemory === true ? this.prepareInMemory(id, fileName, contentType) : this.prepareOnDisk(id, fileName, contentType);
  }

  private async prepareOnDisk(id: string, fileName: string, contentType: string): Promise<PreparedFile> {
    const dir = await makeDirectory();
    this.directories.add(dir);
    const path = join(dir, 'data');
    const spool = join(dir, 'spool');
    return {
      id,
      write: (text) => writeText(path, text),
      scratch: () => ({ write: (text) => writeText(spool, text), read: () => readText(spool), remove: () => rm(spool, { force: true }) }),
      publish: async () => {
        const { size } = await stat(path);
        return this.publish(id, fileName, contentType, size, { kind: 'disk', dir, path });
      },
      discard: async () => {
        this.directories.delete(dir);
        await removeDirectory(dir);
      },
    };
  }

  private prepareInMemory(id: string, fileName: string, contentType: string): PreparedFile {
    const limit = this.memoryLimit;
    let used = 0;
    const collect = async (text: AsyncIterable<string>, into: Buffer[]): Promise<void> => {
      for await (const piece of text) {
        const bytes = Buffer.from(piece, 'utf8');
        used += bytes.length;
        if (used > limit) {
          throw new DataError(
            'too-large',
            'ExportTooLarge',
            `DynoTable runs with --read-only, so an export is kept in memory (nothing is written to disk), and this one passed ${Math.round(limit / MIB)} MiB. ` +
              'Export fewer items (a Query, or a limit), or use `dynotable data export`, which writes only the file you name.',
          );
        }
        into.push(bytes);
      }
    };
    const chunks: Buffer[] = [];
    let spool: Buffer[] = [];
    return {
      id,
      write: (text) => collect(text, chunks),
      scratch: () => ({
        write: (text) => collect(text, spool),
        read: async function* () {
          for (const bytes of spool) yield bytes.toString('utf8');
        },
        remove: async () => {
          used -= spool.reduce((total, bytes) => total + bytes.length, 0);
          spool = [];
        },
      }),
      publish: async () => {
        spool = [];
        const size = chunks.reduce((total, bytes) => total + bytes.length, 0);
        return this.publish(id, fileName, contentType, size, { kind: 'memory', chunks });
      },
      discard: async () => {
        chunks.length = 0;
        spool = [];
      },
    };
  }

  private publish(id: string, fileName: string, contentType: string, size: number, content: Content): DownloadInfo {
    const info: DownloadInfo = { id, fileName, contentType, size, expiresAt: new Date(this.now() + this.ttlMs).toISOString() };
    const timer = setTimeout(() => void this.remove(id), this.ttlMs);
    timer.unref();
    this.entries.set(id, { info, content, timer, taken: false });
    return info;
  }

  info(id: string): DownloadInfo | undefined {
    return this.entries.get(id)?.info;
  }

  /** The file to send; undefined when there is none (never made, already downloaded, or expired). */
  open(id: string): OpenedDownload | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.taken) return undefined;
    entry.taken = true;
    const body = entry.content.kind === 'disk' ? createReadStream(entry.content.path) : Readable.from(entry.content.chunks);
    return { info: entry.info, body, done: () => this.remove(id), release: () => (entry.taken = false) };
  }

  async remove(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    clearTimeout(entry.timer);
    if (entry.content.kind === 'memory') {
      entry.content.chunks.length = 0;
      return;
    }
    this.directories.delete(entry.content.dir);
    await removeDirectory(entry.content.dir);
  }

  /** Removes every file of the store, downloaded or not, finished or still being written (a clean shutdown). */
  async clear(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.remove(id)));
    const rest = [...this.directories];
    this.directories.clear();
    await Promise.all(rest.map((dir) => removeDirectory(dir)));
  }
}

const stores = new WeakMap<object, DownloadStore>();

/** The store of one server (keyed by its job registry, which lives as long as the server). */
export function downloadsOf(owner: object): DownloadStore {
  let store = stores.get(owner);
  if (store === undefined) {
    store = new DownloadStore();
    stores.set(owner, store);
  }
  return store;
}
