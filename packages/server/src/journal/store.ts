/**
 * Where journal lines live: a JSON-lines file (the real one) or memory (tests,
 * and a server started without a journal file).
 *
 * The file: each operation's lines are appended in one write and flushed to
 * disk (fdatasync) before the write is acknowledged, so a write the API
 * answered is on disk. A line torn by a crash is skipped when reading, never
 * fatal. Beyond `maxBytes` the file is rotated: it becomes `<file>.1`
 * (replacing the previous one) and a new file starts, so about twice
 * `maxBytes` are kept and the newest operations are always kept. Never while
 * a bulk write of this process is open: its batches stay in one file, so a
 * job of any size can be undone whole (the file grows past `maxBytes` until
 * the job ends, up to `OPEN_BULK_LIMIT` times it, beyond which the oldest
 * batches may go as before).
 */
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { JournalLine } from './types.js';

export interface JournalRead {
  readonly lines: JournalLine[];
  /** Lines that could not be read (torn by a crash, or edited by hand). */
  readonly skipped: number;
}

export interface JournalStore {
  /** The file, or undefined in memory. */
  readonly location: string | undefined;
  append(lines: readonly JournalLine[]): Promise<void>;
  read(): Promise<JournalRead>;
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** How far an open bulk write may hold off rotation, in multiples of maxBytes (16 MB × 64 = 1 GB). */
const OPEN_BULK_LIMIT = 64;

function isLine(value: unknown): value is JournalLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<JournalLine>;
  return line.v === 1 && typeof line.op === 'string' && typeof line.table === 'string' && typeof line.operation === 'string' && typeof line.target === 'object' && line.target !== null;
}

/** Every readable line of a journal text; the rest counted as skipped. */
export function parseJournalText(text: string): JournalRead {
  const lines: JournalLine[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isLine(parsed)) lines.push(parsed);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { lines, skipped };
}

export class MemoryJournalStore implements JournalStore {
  readonly location = undefined;
  private readonly lines: JournalLine[] = [];

  async append(lines: readonly JournalLine[]): Promise<void> {
    // A copy through JSON, as the file would keep it.
    for (const line of lines) this.lines.push(JSON.parse(JSON.stringify(line)) as JournalLine);
  }

  async read(): Promise<JournalRead> {
    return { lines: [...this.lines], skipped: 0 };
  }
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function readIfThere(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

export class FileJournalStore implements JournalStore {
  private queue: Promise<unknown> = Promise.resolve();
  /** Bulk writes of this process with a batch appended and no closing line yet. */
  private readonly openBulks = new Set<string>();

  constructor(
    readonly location: string,
    private readonly maxBytes: number = DEFAULT_MAX_BYTES,
  ) {}

  get rotated(): string {
    return `${this.location}.1`;
  }

  append(lines: readonly JournalLine[]): Promise<void> {
    // One append at a time, in order: an operation's lines stay together.
    const next = this.queue.then(() => this.appendNow(lines));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async appendNow(lines: readonly JournalLine[]): Promise<void> {
    if (lines.length === 0) return;
    let text = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
    await mkdir(dirname(this.location), { recursive: true, mode: 0o700 });
    const size = await sizeOf(this.location);
    const limit = this.openBulks.size > 0 ? this.maxBytes * OPEN_BULK_LIMIT : this.maxBytes;
    if (size !== undefined && size > 0 && size + Buffer.byteLength(text) > limit) {
      await rename(this.location, this.rotated);
    } else if (size !== undefined && size > 0 && !(await this.endsWithNewline(size))) {
      // The last line was torn by a crash: start on a line of our own.
      text = '\n' + text;
    }
    const handle = await open(this.location, 'a', 0o600);
    try {
      await handle.write(text);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    for (const line of lines) {
      if (line.end === true) this.openBulks.delete(line.op);
      else if (line.batch !== undefined) this.openBulks.add(line.op);
    }
  }

  private async endsWithNewline(size: number): Promise<boolean> {
    const handle = await open(this.location, 'r');
    try {
      const { buffer } = await handle.read(Buffer.alloc(1), 0, 1, size - 1);
      return buffer[0] === 0x0a;
    } finally {
      await handle.close();
    }
  }

  async read(): Promise<JournalRead> {
    await this.queue;
    const older = parseJournalText(await readIfThere(this.rotated));
    const newer = parseJournalText(await readIfThere(this.location));
    return { lines: [...older.lines, ...newer.lines], skipped: older.skipped + newer.skipped };
  }
}
