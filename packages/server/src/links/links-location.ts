/**
 * Where the workbench keeps its links: `model-links.json` beside the journal
 * file; in memory for a throwaway session (in memory, no journal file) and
 * under `--read-only`, which writes nothing anywhere.
 */
import { dirname, join } from 'node:path';
import { isThrowawaySession, journalPath } from '../journal/location.js';
import { FileLinkStore, MemoryLinkStore, type LinkStore } from './link-store.js';

export function linkStoreForUi(options: { readonly dataDir: string | undefined; readonly journal: string | undefined; readonly readOnly: boolean }, env: NodeJS.ProcessEnv = process.env): LinkStore {
  if (options.readOnly || isThrowawaySession(options, env)) return new MemoryLinkStore();
  return new FileLinkStore(join(dirname(journalPath(options.journal, env)), 'model-links.json'));
}
