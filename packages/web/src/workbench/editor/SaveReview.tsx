/**
 * Before a write: the diff, the exact request (from the server's preview
 * route, which sends nothing), and for a key change what the move does.
 * Sending it: a concurrent change is refused by the write's condition, and
 * the conflict is shown with an offer to reload, which keeps the edits.
 */
import { useEffect, useRef, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import { isFailure } from '../../api/failure.js';
import { Dialog } from '../../app/Dialog.js';
import { ErrorNote } from '../../app/ErrorNote.js';
import { DiffTable } from './DiffTable.js';
import { MOVE_EXPLANATION, primaryKeyOf, type WritePlan } from './edit-plan.js';
import type { EditMode } from './edited-item.js';
import { previewWrite, sendWrite, type PreviewResult, type WriteResult } from './editor-api.js';
import { diffItems } from './item-diff.js';
import { keyText } from './journal-view.js';
import { guardedDelete } from './delete-guard.js';
import { CONFLICT_ERRORS, writeBodyOf } from './write-body.js';

interface SaveReviewProps {
  readonly connectionId: string;
  readonly table: string;
  readonly keyNames: readonly string[];
  readonly mode: EditMode;
  readonly plan: WritePlan;
  readonly loaded: WireItem | undefined;
  readonly edited: WireItem;
  readonly onClose: () => void;
  readonly onSaved: (result: WriteResult) => void;
  /** Reload the item from the table (after a conflict). */
  readonly onReload: () => void;
}

const ACTIONS = {
  create: { title: 'Review the new item', button: 'Create the item (PutItem)' },
  update: { title: 'Review the change', button: 'Save (UpdateItem)' },
  move: { title: "Change the item's key", button: 'Move the item to the new key' },
  delete: { title: 'Delete the item', button: 'Delete the item (DeleteItem)' },
  none: { title: 'Nothing to save', button: 'Save' },
} as const;

function Explanation({ plan, loaded, edited, keyNames }: Pick<SaveReviewProps, 'plan' | 'loaded' | 'edited' | 'keyNames'>) {
  if (plan.kind === 'move') {
    return (
      <div className="ed-explain" role="note">
        <p>
          <strong>Key change: </strong>
          {keyText(primaryKeyOf(loaded!, keyNames))} → {keyText(primaryKeyOf(edited, keyNames))}
        </p>
        <p>{MOVE_EXPLANATION}</p>
      </div>
    );
  }
  if (plan.kind === 'update') {
    return (
      <p className="muted">
        A minimal UpdateItem: it writes only the {plan.changed.length} changed attribute{plan.changed.length === 1 ? '' : 's'}, on condition that the item exists and that
        {plan.changed.length === 1 ? ' it still holds' : ' each of them still holds'} the value it had when loaded. If someone changed {plan.changed.length === 1 ? 'it' : 'one'}{' '}
        meanwhile, nothing is written and you can reload.
      </p>
    );
  }
  if (plan.kind === 'create') return <p className="muted">A PutItem on condition that no item has this key yet, so it never overwrites one.</p>;
  if (plan.kind === 'delete') {
    const guard = guardedDelete(loaded!, keyNames).guard;
    return (
      <p className="ed-explain" role="note">
        A DeleteItem of {keyText(primaryKeyOf(loaded!, keyNames))}
        {guard === 'every-attribute'
          ? ', on condition that every attribute still holds the value it had when loaded: if someone changed the item meanwhile, nothing is deleted.'
          : ', on condition that the item exists (it has too many attributes to compare them all within DynamoDB’s 4 KB expression limit).'}{' '}
        It can be undone from Recent writes.
      </p>
    );
  }
  return null;
}

export function SaveReview(props: SaveReviewProps) {
  const { connectionId, table, keyNames, mode, plan, loaded, edited, onClose, onSaved, onReload } = props;
  const [preview, setPreview] = useState<PreviewResult | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [sending, setSending] = useState(false);
  const body = writeBodyOf(plan, loaded, edited, keyNames);
  const confirm = useRef<HTMLButtonElement>(null);
  const ready = preview?.request !== undefined;
  // Once the request is known, the confirming button takes the focus: Enter sends what was just reviewed.
  useEffect(() => {
    if (ready) confirm.current?.focus();
  }, [ready]);

  useEffect(() => {
    if (body === undefined) return;
    let live = true;
    previewWrite(connectionId, table, body).then(
      (answer) => live && setPreview(answer),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
    // The review is opened for one edit; the body is fixed while it is open.
  }, []);

  const send = async () => {
    if (body === undefined) return;
    setSending(true);
    setError(undefined);
    try {
      onSaved(await sendWrite(connectionId, table, body));
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };

  const conflict = error !== undefined && CONFLICT_ERRORS.has(isFailure(error) ? error.type : '');
  const action = ACTIONS[plan.kind];
  return (
    <Dialog title={action.title} onClose={onClose} wide>
      <Explanation plan={plan} loaded={loaded} edited={edited} keyNames={keyNames} />
      {conflict ? (
        <div className="error-note ed-conflict" role="alert">
          <p>
            <strong>{plan.kind === 'delete' ? 'Not deleted' : 'Not saved'}: the item changed since it was loaded.</strong> {(error as Error).message}
          </p>
          <p>
            Nothing was overwritten. Reload reads the item as it is now and re-applies your edits onto it; attributes that you and the other writer both changed are named,
            with your value in the text.
          </p>
          <button type="button" className="primary" onClick={onReload}>
            Reload the item
          </button>
        </div>
      ) : (
        <ErrorNote error={error} />
      )}
      <DiffTable rows={diffItems(loaded, plan.kind === 'delete' ? {} : edited, keyNames)} mode={mode} />
      <h3 className="ed-subhead">The exact request{preview?.request !== undefined ? `: ${preview.request.operation}` : ''}</h3>
      {preview?.request !== undefined ? (
        <pre className="request ed-request" aria-label="The exact request" tabIndex={0}>
          {JSON.stringify(preview.request.wire, null, 2)}
        </pre>
      ) : (
        error === undefined && <p className="muted">Asking the server for the request…</p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          ref={confirm}
          className={plan.kind === 'move' || plan.kind === 'delete' ? 'danger' : 'primary'}
          disabled={!ready || sending || conflict}
          onClick={() => void send()}
        >
          {sending ? 'Sending…' : action.button}
        </button>
      </div>
    </Dialog>
  );
}
