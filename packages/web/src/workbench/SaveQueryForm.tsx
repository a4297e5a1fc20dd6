/**
 * "Save query…": names the pane's query and keeps it for the table. A name
 * already used is replaced (the form says so before). The answer links to the
 * saved query, a link that opens the table with it in a pane.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink } from '../app/router.js';
import { copyToClipboard } from './clipboard.js';
import { saveQuery } from './queries-api.js';
import type { QueryNote } from './query-notes.js';
import { SAVED_QUERIES_CHANGED, savedQueryLink } from './saved-query-link.js';

interface SaveQueryFormProps {
  readonly connectionId: string;
  readonly table: string;
  readonly paneNumber: number;
  /** undefined while the pane's fields have a problem. */
  readonly note: QueryNote | undefined;
}

export function SaveQueryForm({ connectionId, table, paneNumber, note }: SaveQueryFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const copyLink = async (name: string) => {
    const ok = await copyToClipboard(`${window.location.origin}${savedQueryLink(connectionId, table, name)}`);
    setCopied(ok ? 'Copied.' : 'Copy failed: right-click the link and copy it.');
  };
  const submit = async () => {
    if (note === undefined) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(new Error('Give the query a name, e.g. “Open tickets of a team”.'));
      return;
    }
    setBusy(true);
    try {
      const answer = await saveQuery(connectionId, table, trimmed, note);
      setError(undefined);
      setCopied('');
      setSaved(answer.name);
      window.dispatchEvent(new Event(SAVED_QUERIES_CHANGED));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wb-menu-anchor">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        disabled={note === undefined}
        title={note === undefined ? 'Fix the fields marked in the query first' : 'Keep this query under a name'}
        onClick={() => {
          setSaved(undefined);
          setError(undefined);
          setOpen(!open);
        }}
      >
        Save query…
      </button>
      {open && (
        <form
          id={`${id}-form`}
          className="wb-popover wb-save-query"
          aria-label={`Save the query of pane ${paneNumber}`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <label className="wb-field">
            <span>Name</span>
            <input ref={input} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} aria-describedby={`${id}-hint`} />
          </label>
          <span id={`${id}-hint`} className="wb-hint">
            Saved for {table}; a saved query of the same name is replaced.
          </span>
          <ErrorNote error={error} />
          <div className="wb-row">
            <button type="submit" className="primary" disabled={busy}>
              Save
            </button>
            <button type="button" onClick={close}>
              {saved !== undefined ? 'Done' : 'Cancel'}
            </button>
          </div>
          <p role="status" className="muted">
            {saved !== undefined && (
              <>
                Saved “{saved}”.{' '}
                <a href={savedQueryLink(connectionId, table, saved)} onClick={(event) => followLink(event, savedQueryLink(connectionId, table, saved))}>
                  Link to it
                </a>{' '}
                <button type="button" className="link-button" onClick={() => void copyLink(saved)}>
                  Copy the link
                </button>{' '}
                {copied}
              </>
            )}
          </p>
        </form>
      )}
    </div>
  );
}
