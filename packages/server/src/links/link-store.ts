/**
 * Where links are kept: a JSON file beside the journal, or memory (a throwaway
 * session, and `--read-only`, which writes nothing anywhere). A link set to
 * `null` is an explicit "no model" that hides an example's link.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ModelLink } from './model-link.js';

export type StoredLinks = Record<string, ModelLink | null>;

export interface LinkStore {
  load(): StoredLinks;
  save(links: StoredLinks): void;
}

export class MemoryLinkStore implements LinkStore {
  private links: StoredLinks = {};
  load(): StoredLinks {
    return { ...this.links };
  }
  save(links: StoredLinks): void {
    this.links = { ...links };
  }
}

export class FileLinkStore implements LinkStore {
  constructor(readonly path: string) {}

  load(): StoredLinks {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as StoredLinks) : {};
    } catch {
      // A damaged file loses its links, not the session: the next link written replaces it.
      return {};
    }
  }

  /** Written whole to a temporary file and renamed over the old one: a crash leaves one or the other. */
  save(links: StoredLinks): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(links, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
