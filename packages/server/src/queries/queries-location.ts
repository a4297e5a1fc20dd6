/**
 * Where the workbench keeps its query history and saved queries: beside the
 * journal file, named after it (`journal.jsonl` → `journal.queries.json`); in
 * memory for a throwaway session and under `--read-only`, which writes nothing
 * anywhere.
 */
import { basename, dirname, extname, join } from 'node:path';
import { isThrowawaySession, journalPath } from '../journal/location.js';
import { FileQueryStore, MemoryQueryStore, type QueryStore } from './query-store.js';

export function queryStoreForUi(options: { readonly dataDir: string | undefined; readonly journal: string | undefined; readonly readOnly: boolean }, env: NodeJS.ProcessEnv = process.env): QueryStore {
  if (options.readOnly || isThrowawaySession(options, env)) return new MemoryQueryStore();
  const journal = journalPath(options.journal, env);
  return new FileQueryStore(join(dirname(journal), `${basename(journal, extname(journal))}.queries.json`));
}
