/**
 * Recent writes to the table, from the server's journal, each with Undo. The
 * server undoes a write only if the item is still as the write left it; when
 * it changed since, its refusal is shown as it is and nothing is written.
 */
import { useCallback, useEffect, useState } from 'react';
import { ColumnHeads } from '../../app/ColumnHeads.js';
import { Dialog } from '../../app/Dialog.js';
import { ErrorNote } from '../../app/ErrorNote.js';
import { consumedText } from './ConsumedLine.js';
import { recentWrites, undoWrite, type JournalList } from './editor-api.js';
import { changedNames, operationSummary, timeText, whyNotUndoable } from './journal-view.js';
import type { TablePricing } from './table-pricing.js';
import './editor.css';

interface RecentWritesProps {
  readonly connectionId: string;
  readonly table: string;
  readonly pricing: TablePricing;
  readonly onClose: () => void;
  /** After an undo went through. */
  readonly onUndone: () => void;
}

const STATES = { done: 'in effect', undone: 'undone', 'partly-undone': 'partly undone', 'not-undoable': 'not undoable' } as const;

export function RecentWrites({ connectionId, table, pricing, onClose, onUndone }: RecentWritesProps) {
  const [list, setList] = useState<JournalList | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setList(await recentWrites(connectionId, table));
    } catch (failure) {
      setError(failure);
    }
  }, [connectionId, table]);

  useEffect(() => {
    void load();
  }, [load]);

  const undo = async (operationId: string) => {
    setBusy(true);
    setError(undefined);
    setStatus('');
    try {
      const answer = await undoWrite(connectionId, operationId);
      const consumed = answer.operations[0]?.consumed;
      setStatus(`${answer.message}${consumed !== undefined ? ` (${consumedText(consumed, pricing)})` : ''}`);
      onUndone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
      await load();
    }
  };

  return (
    <Dialog title={`Recent writes to ${table}`} onClose={onClose} wide>
      <p className="muted">
        Every write made through DynoTable is journaled with the item before and after. Undo restores an item only if it is still exactly as the write left it.
      </p>
      {status !== '' && (
        <p className="ed-last" role="status">
          {status}
        </p>
      )}
      <ErrorNote error={error} />
      {list === undefined && error === undefined && <p className="muted">Reading the journal…</p>}
      {list !== undefined && !list.enabled && <p>This server keeps no write journal, so there is nothing to undo.</p>}
      {list !== undefined && list.enabled && list.operations.length === 0 && <p>No writes to {table} yet.</p>}
      {list !== undefined && list.operations.length > 0 && (
        <table className="ed-writes">
          <caption className="visually-hidden">Recent writes, newest first</caption>
          <ColumnHeads names={['Time', 'Write', 'Attributes', 'State', 'Undo']} />
          <tbody>
            {list.operations.map((operation) => {
              const summary = operationSummary(operation);
              const why = whyNotUndoable(operation);
              const first = operation.changes[0];
              return (
                <tr key={operation.id}>
                  <td>{timeText(operation.time)}</td>
                  <td className="wb-mono">{summary}</td>
                  <td>{first !== undefined ? changedNames(first.before, first.after).join(', ') : ''}</td>
                  <td>{STATES[operation.state]}</td>
                  <td>
                    {why === undefined ? (
                      <button type="button" disabled={busy} aria-label={`Undo ${summary}`} onClick={() => void undo(operation.id)}>
                        Undo
                      </button>
                    ) : (
                      <span className="muted">{why}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
