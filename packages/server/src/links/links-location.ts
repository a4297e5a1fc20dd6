/**
 * Where the workbench keeps its links: beside the journal file, named after it
 * (`journal.jsonl` → `journal.model-links.json`), so two journals never share
 * links; in memory for a throwaway session (in memory, no journal file) and
 * under `--read-only`, which writes nothing anywhere.
 */
import { basename, dirname, extname, join } from 'node:path';
import { isThrowawaySession, journalPath } from '../journal/location.js';
import { FileLinkStore, MemoryLinkStore, type LinkStore } from './link-store.js';

export function linkStoreForUi(options: { readonly dataDir: string | undefined; readonly journal: string | undefined; readonly readOnly: boolean }, env: NodeJS.ProcessEnv = process.env): LinkStore {
  if (options.readOnly || isThrowawaySession(options, env)) return new MemoryLinkStore();
  const journal = journalPath(options.journal, env);
  return new FileLinkStore(join(dirname(journal), `${basename(journal, extname(journal))}.model-links.json`));
}
