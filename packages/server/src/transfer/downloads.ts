/**
 * Files made by export jobs, waiting to be downloaded: each in a temporary
 * directory of its own, known by a random id, removed once it has been
 * downloaded or after a while (an hour by default), whichever comes first.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface DownloadInfo {
  readonly id: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly expiresAt: string;
}

interface Entry {
  info: DownloadInfo;
  readonly dir: string;
  readonly path: string;
  readonly timer: ReturnType<typeof setTimeout>;
  taken: boolean;
}

export interface PreparedFile {
  readonly id: string;
  /** Where the job writes the file. */
  readonly path: string;
  /** Makes the file downloadable once written; returns what the job reports. */
  publish(): Promise<DownloadInfo>;
  /** Forgets the file (the job failed or was cancelled). */
  discard(): Promise<void>;
}

export interface OpenedDownload {
  readonly info: DownloadInfo;
  readonly body: Readable;
  /** Call once the body has been sent: the file is removed. */
  done(): Promise<void>;
  /** Call when sending failed: the file stays for another try. */
  release(): void;
}

export class DownloadStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 60 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A place for a new file named `fileName` (what the browser saves it as). */
  async prepare(fileName: string, contentType: string): Promise<PreparedFile> {
    const id = randomBytes(12).toString('base64url');
    const dir = await mkdtemp(join(tmpdir(), 'dynotable-export-'));
    const path = join(dir, 'data');
    return {
      id,
      path,
      publish: async () => {
        const { size } = await stat(path);
        const info: DownloadInfo = { id, fileName, contentType, size, expiresAt: new Date(this.now() + this.ttlMs).toISOString() };
        const timer = setTimeout(() => void this.remove(id), this.ttlMs);
        timer.unref();
        this.entries.set(id, { info, dir, path, timer, taken: false });
        return info;
      },
      discard: () => rm(dir, { recursive: true, force: true }),
    };
  }

  info(id: string): DownloadInfo | undefined {
    return this.entries.get(id)?.info;
  }

  /** The file to send; undefined when there is none (never made, already downloaded, or expired). */
  open(id: string): OpenedDownload | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.taken) return undefined;
    entry.taken = true;
    return { info: entry.info, body: createReadStream(entry.path), done: () => this.remove(id), release: () => (entry.taken = false) };
  }

  async remove(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    clearTimeout(entry.timer);
    await rm(entry.dir, { recursive: true, force: true });
  }

  async clear(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.remove(id)));
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
