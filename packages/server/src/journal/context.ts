/** What recording a write needs: the connection it went to (its target names it) and the journal, when there is one. */
import type { ConnectionRegistry } from '../connections/registry-types.js';
import type { WriteJournal } from './journal.js';

export interface JournalContext {
  readonly connections: ConnectionRegistry;
  /** None: nothing is recorded. */
  readonly journal?: WriteJournal;
}
