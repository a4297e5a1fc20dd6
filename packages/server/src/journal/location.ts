/**
 * Where the journal file is: `--journal FILE`, else DYNOTABLE_JOURNAL, else
 * `journal.jsonl` beside the embedded engine's default data directory (one
 * journal per user, whichever connections the writes went to).
 */
import { dirname, join, resolve } from 'node:path';
import { defaultDataDir } from '../connections/data-dir.js';
import { WriteJournal } from './journal.js';
import { FileJournalStore, MemoryJournalStore } from './store.js';

const JOURNAL_ENV = 'DYNOTABLE_JOURNAL';

export function journalPath(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined && flag !== '') return resolve(flag);
  const fromEnv = env[JOURNAL_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return resolve(fromEnv);
  return join(dirname(defaultDataDir(env)), 'journal.jsonl');
}

export function openJournal(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): WriteJournal {
  return new WriteJournal(new FileJournalStore(journalPath(flag, env)));
}

interface SessionPlaces {
  readonly dataDir: string | undefined;
  readonly journal: string | undefined;
}

/** In memory with no journal file chosen: what the session writes of its own goes with it. */
export function isThrowawaySession(options: SessionPlaces, env: NodeJS.ProcessEnv = process.env): boolean {
  const chosen = (options.journal ?? '') !== '' || (env[JOURNAL_ENV] ?? '') !== '';
  return options.dataDir === undefined && !chosen;
}

/**
 * The workbench's journal: the file, except for a throwaway session
 * (`--in-memory` without `--journal` or DYNOTABLE_JOURNAL), whose journal
 * stays in memory and goes with it.
 */
export function journalForUi(options: SessionPlaces, env: NodeJS.ProcessEnv = process.env): WriteJournal {
  if (isThrowawaySession(options, env)) return new WriteJournal(new MemoryJournalStore());
  return openJournal(options.journal, env);
}
