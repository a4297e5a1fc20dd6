/**
 * A pane's History menu: the table's saved queries and its recent runs
 * (newest first), read when the menu opens; choosing one puts it in the pane.
 * Escape or a click elsewhere closes it, focus back on its button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { QueryHistoryEntry, SavedQuery } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink } from '../app/router.js';
import { deleteSavedQuery, queryHistory, savedQueries } from './queries-api.js';
import { describeRequest, stateOfNote } from './query-notes.js';
import type { QueryState } from './query-state.js';
import { SAVED_QUERIES_CHANGED, savedQueryLink } from './saved-query-link.js';

interface QueryHistoryMenuProps {
  readonly connectionId: string;
  readonly table: string;
  readonly paneNumber: number;
  readonly onOpen: (state: QueryState) => void;
}

interface Lists {
  readonly saved: readonly SavedQuery[];
  readonly history: readonly QueryHistoryEntry[];
}

function ranAtText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

export function QueryHistoryMenu({ connectionId, table, paneNumber, onOpen }: QueryHistoryMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [lists, setLists] = useState<Lists | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [reads, setReads] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    Promise.all([savedQueries(connectionId, table, controller.signal), queryHistory(connectionId, table, controller.signal)]).then(
      ([saved, history]) => {
        setError(undefined);
        setLists({ saved: saved.queries, history: history.entries });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
  }, [open, reads, connectionId, table]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const choose = (state: QueryState) => {
    onOpen(state);
    close(true);
  };
  const remove = async (name: string) => {
    try {
      await deleteSavedQuery(connectionId, table, name);
      window.dispatchEvent(new Event(SAVED_QUERIES_CHANGED));
      setReads((count) => count + 1);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <div className="wb-menu-anchor">
      <button ref={button} type="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        History
      </button>
      {open && (
        <div
          ref={panel}
          id={`${id}-panel`}
          className="wb-popover wb-history"
          role="group"
          aria-label={`Saved and recent queries of ${table}, for pane ${paneNumber}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close(true);
            }
          }}
        >
          <ErrorNote error={error} />
          {lists === undefined && error === undefined && <p className="muted">Reading the history…</p>}
          {lists !== undefined && (
            <>
              <h3>Saved queries</h3>
              {lists.saved.length === 0 ? (
                <p className="muted">None yet: “Save query…” names the query of a pane.</p>
              ) : (
                <ul aria-label="Saved queries">
                  {lists.saved.map((query) => (
                    <li key={query.name}>
                      <button type="button" className="wb-history-open" onClick={() => choose(stateOfNote(query))}>
                        <span className="wb-history-name">{query.name}</span>
                        <span className="wb-history-request wb-mono">{describeRequest(query.request)}</span>
                      </button>
                      <a
                        href={savedQueryLink(connectionId, table, query.name)}
                        aria-label={`Link to ${query.name}`}
                        onClick={(event) => {
                          close(false);
                          followLink(event, savedQueryLink(connectionId, table, query.name));
                        }}
                      >
                        Link
                      </a>
                      <button type="button" className="link-button" aria-label={`Delete saved query ${query.name}`} onClick={() => void remove(query.name)}>
                        Delete
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <h3>Recent runs</h3>
              {lists.history.length === 0 ? (
                <p className="muted">No query or scan of {table} has run yet.</p>
              ) : (
                <ol aria-label="Recent runs">
                  {lists.history.map((entry) => (
                    <li key={`${entry.ranAt}${JSON.stringify(entry.request)}`}>
                      <button type="button" className="wb-history-open" onClick={() => choose(stateOfNote(entry))}>
                        <span className="wb-history-request wb-mono">{describeRequest(entry.request)}</span>
                        <span className="muted">{ranAtText(entry.ranAt)}</span>
                      </button>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
