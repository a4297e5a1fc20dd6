/**
 * Where links are kept: a JSON file beside the journal, or memory (a throwaway
 * session, and `--read-only`, which writes nothing anywhere). A link set to
 * `null` is an explicit "no model" that hides an example's link.
 */
import { readJsonFile, writeJsonFile } from '../files/json-file.js';
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
    const parsed = readJsonFile(this.path);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as StoredLinks) : {};
  }

  save(links: StoredLinks): void {
    writeJsonFile(this.path, links);
  }
}
