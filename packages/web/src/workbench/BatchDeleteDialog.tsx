/**
 * Bulk delete of the selected items: first the count and the exact
 * BatchWriteItem requests (from the preview route, which sends nothing), then
 * the delete on confirmation, then what was and was not deleted.
 */
import { useEffect, useState } from 'react';
import { formatUnits, type WireItem } from '@dynotable/core';
import { Dialog } from '../app/Dialog.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { batchDelete, previewBatchDelete, type BatchDeletePreview, type BatchDeleteResult } from './workbench-api.js';
import { formatCost } from './read-stats.js';

interface BatchDeleteDialogProps {
  readonly connectionId: string;
  readonly table: string;
  readonly keys: readonly WireItem[];
  readonly onClose: () => void;
  /** After the delete: the keys that are gone. */
  readonly onDeleted: (deleted: readonly WireItem[]) => void;
}

export function BatchDeleteDialog({ connectionId, table, keys, onClose, onDeleted }: BatchDeleteDialogProps) {
  const [preview, setPreview] = useState<BatchDeletePreview | undefined>(undefined);
  const [result, setResult] = useState<BatchDeleteResult | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    previewBatchDelete(connectionId, table, keys).then(
      (answer) => live && setPreview(answer),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [connectionId, table, keys]);

  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const answer = await batchDelete(connectionId, table, keys);
      setResult(answer);
      const failed = new Set(answer.notDeleted.map((entry) => JSON.stringify(entry.key)));
      onDeleted(keys.filter((key) => !failed.has(JSON.stringify(key))));
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };

  const count = keys.length.toLocaleString('en-US');
  const first = preview?.requests[0];
  return (
    <Dialog title={`Delete ${count} item${keys.length === 1 ? '' : 's'} from ${table}`} onClose={onClose} wide>
      {result === undefined ? (
        <>
          <p>
            {count} item{keys.length === 1 ? '' : 's'} will be deleted by key
            {preview !== undefined && preview.duplicates > 0 ? ` (${preview.duplicates} duplicate keys sent once)` : ''}, 25 per BatchWriteItem
            {preview !== undefined ? `: ${preview.requests.length} request${preview.requests.length === 1 ? '' : 's'}` : ''}. Each item is in the journal before it is deleted, so Recent writes can put them back.
          </p>
          {first !== undefined && (
            <>
              <p className="muted">
                The first request{preview!.requests.length > 1 ? ` of ${preview!.requests.length}` : ''}:
              </p>
              <pre className="request" aria-label="The first request">
                {JSON.stringify(first.wire, null, 2)}
              </pre>
            </>
          )}
          {preview === undefined && error === undefined && <p className="muted">Preparing the request…</p>}
          <ErrorNote error={error} />
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="danger" disabled={preview === undefined || sending} onClick={() => void send()}>
              {sending ? 'Deleting…' : `Delete ${count} item${keys.length === 1 ? '' : 's'}`}
            </button>
          </div>
        </>
      ) : (
        <>
          <p role="status">
            Deleted {result.deleted.toLocaleString('en-US')} of {result.requested.toLocaleString('en-US')} · {formatUnits(result.consumed.writeUnits)} WCU ·{' '}
            {formatCost(result.consumed.costUsd)}
          </p>
          {result.error !== undefined && (
            <p className="error-note" role="alert">
              <strong>{result.error.type ?? 'Error'}</strong> {result.error.message}
            </p>
          )}
          {result.notDeleted.length > 0 && (
            <>
              <p>Not deleted:</p>
              <ul className="wb-not-deleted">
                {result.notDeleted.slice(0, 100).map((entry, index) => (
                  <li key={index}>
                    <code>{JSON.stringify(entry.key)}</code> {entry.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="dialog-actions">
            <button type="button" className="primary" autoFocus onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
