/**
 * The item editor: plain JSON or DynamoDB JSON (switchable without loss),
 * checked as you type with the path of any problem, the item's size and what
 * it costs to read and write, then a review before any write. Items read from
 * an index that does not project every attribute open read-only until the
 * whole item is loaded from the table.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { WireItem } from '@dynotable/core';
import type { Consumed } from '../../api/types.js';
import { Dialog } from '../../app/Dialog.js';
import { ErrorNote } from '../../app/ErrorNote.js';
import type { KeyAttribute } from '../table-indexes.js';
import { consumedText } from './ConsumedLine.js';
import { keysFirst, planWrite, primaryKeyOf, type WritePlan } from './edit-plan.js';
import { itemText, newItemTemplate, readEditedItem, switchMode, type EditMode } from './edited-item.js';
import { problemText, type EditProblem } from './edit-error.js';
import { EditorHelp } from './EditorHelp.js';
import { getItem, undoWrite, type WriteResult } from './editor-api.js';
import { formatUnits, formatUsd, itemCost, type TableClass } from './item-cost.js';
import { keyText } from './journal-view.js';
import { SaveReview } from './SaveReview.js';
import './editor.css';

export interface OpenedItem {
  /** undefined for a new item. */
  readonly item: WireItem | undefined;
  /** Why the item cannot be saved as it is (read from a partial index or with a projection). */
  readonly readOnlyReason?: string;
}

interface ItemEditorProps {
  readonly connectionId: string;
  readonly table: string;
  /** The table's key: partition key first. */
  readonly keyAttributes: readonly KeyAttribute[];
  readonly tableClass?: TableClass;
  readonly opened: OpenedItem;
  readonly onClose: () => void;
  /** After a write (or an undo) went through: the grid's results are stale. */
  readonly onWritten: () => void;
}

interface LastWrite {
  readonly text: string;
  readonly operationId?: string;
  /** The key the write left an item at (or deleted it from), to reload after an undo. */
  readonly key?: WireItem;
}

const MODE_LABELS: Record<EditMode, string> = { plain: 'Plain JSON', typed: 'DynamoDB JSON' };

function writeDone(plan: WritePlan, result: WriteResult): string {
  const verbs = { create: 'Created with PutItem', move: 'Moved with TransactWriteItems', delete: 'Deleted with DeleteItem', update: 'Saved with UpdateItem', none: 'Nothing sent' };
  const verb = verbs[plan.kind];
  return `${verb}: ${result.consumed !== undefined ? consumedText(result.consumed) : 'nothing sent'}.`;
}

export function ItemEditor({ connectionId, table, keyAttributes, tableClass, opened, onClose, onWritten }: ItemEditorProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const keyNames = useMemo(() => keyAttributes.map((key) => key.name), [keyAttributes]);
  const [loaded, setLoaded] = useState<WireItem | undefined>(opened.item);
  const [readOnly, setReadOnly] = useState<string | undefined>(opened.readOnlyReason);
  const [mode, setMode] = useState<EditMode>('plain');
  const [text, setText] = useState(() => itemText(opened.item !== undefined ? keysFirst(opened.item, keyNames) : newItemTemplate(keyAttributes), 'plain'));
  const [modeProblem, setModeProblem] = useState<EditProblem | undefined>(undefined);
  const [review, setReview] = useState<WritePlan | undefined>(undefined);
  const [lastWrite, setLastWrite] = useState<LastWrite | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const outcome = useMemo(() => readEditedItem(text, mode, keyAttributes), [text, mode, keyAttributes]);
  const plan = outcome.ok ? planWrite(loaded, outcome.item, keyNames) : undefined;
  const cost = outcome.size !== undefined ? itemCost(outcome.size, tableClass) : undefined;
  const canSave = readOnly === undefined && plan !== undefined && plan.kind !== 'none';

  // The Dialog focuses the first field (the format switch); typing starts in the text.
  useEffect(() => textarea.current?.focus(), []);

  const show = (item: WireItem) => {
    setLoaded(item);
    setText(itemText(keysFirst(item, keyNames), mode));
    setModeProblem(undefined);
  };

  const changeMode = (next: EditMode) => {
    const switched = switchMode(text, mode, next);
    if (!switched.ok) {
      setModeProblem(switched.problem);
      return;
    }
    setModeProblem(undefined);
    setText(switched.text);
    setMode(next);
  };

  /** The whole item, strongly consistent, from the table. */
  const reload = async (why: 'full' | 'reload', from?: WireItem) => {
    const source = from ?? loaded ?? opened.item;
    if (source === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await getItem(connectionId, table, primaryKeyOf(source, keyNames));
      if (answer.item === undefined) {
        setError(new Error(`The table has no item with ${keyText(primaryKeyOf(source, keyNames))} now: it was deleted or moved since it was read.`));
        return;
      }
      show(answer.item);
      setReadOnly(undefined);
      setReview(undefined);
      setLastWrite({ text: `${why === 'full' ? 'Loaded the full item' : 'Reloaded the item'} with GetItem (strongly consistent): ${consumedText(answer.consumed)}.` });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const saved = (result: WriteResult, done: WritePlan) => {
    setReview(undefined);
    const written = result.item ?? (outcome.ok ? outcome.item : loaded);
    // A deleted item stays in the text, as a new item: saving it again puts it back.
    if (done.kind === 'delete') setLoaded(undefined);
    else if (written !== undefined) show(written);
    setLastWrite({
      text: writeDone(done, result),
      ...(result.journal?.operationId !== undefined ? { operationId: result.journal.operationId } : {}),
      ...(written !== undefined ? { key: primaryKeyOf(written, keyNames) } : {}),
    });
    onWritten();
  };

  const undoLast = async (operationId: string, key: WireItem | undefined) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await undoWrite(connectionId, operationId);
      const consumed: Consumed | undefined = answer.operations[0]?.consumed;
      onWritten();
      const reloaded = key ?? loaded;
      if (reloaded !== undefined) await reload('reload', reloaded);
      setLastWrite({ text: `${answer.message}${consumed !== undefined ? ` (${consumedText(consumed)})` : ''}` });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const openReview = () => {
    if (canSave) setReview(plan);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
      event.preventDefault();
      openReview();
    }
  };

  const goTo = (offset: number) => {
    textarea.current?.focus();
    textarea.current?.setSelectionRange(offset, offset);
  };

  const problem = modeProblem ?? (outcome.ok ? undefined : outcome.problem);
  const title = loaded === undefined ? `New item in ${table}` : readOnly !== undefined ? `View item in ${table} (read-only)` : `Edit item in ${table}`;
  const label = `Item as ${MODE_LABELS[mode]}`;

  return (
    <>
      <Dialog title={title} onClose={onClose} wide>
        <div className="ed-editor" onKeyDown={onKeyDown}>
          {loaded !== undefined && <p className="muted ed-key">Key: {keyText(primaryKeyOf(loaded, keyNames))}</p>}
          {readOnly !== undefined && (
            <div className="ed-readonly" role="note">
              <p>
                <strong>Read-only: </strong>
                {readOnly}
              </p>
              <button type="button" className="primary" disabled={busy} onClick={() => void reload('full')}>
                Load the full item from the table
              </button>
            </div>
          )}
          <div className="wb-row">
            <div role="radiogroup" aria-label="Format" className="wb-segmented">
              {(['plain', 'typed'] as const).map((option) => (
                <label key={option} className={mode === option ? 'wb-on' : undefined}>
                  <input type="radio" name={`${id}-mode`} checked={mode === option} onChange={() => changeMode(option)} />
                  {MODE_LABELS[option]}
                </label>
              ))}
            </div>
            {cost !== undefined && (
              <p className="ed-cost" aria-label="Size and cost of the item">
                {cost.sizeBytes.toLocaleString('en-US')} bytes · read: {formatUnits(cost.readStrong, 'RCU')} ({cost.readEventual} eventually consistent) · write:{' '}
                {formatUnits(cost.write, 'WCU')} ({cost.writeTransactional} in a transaction) ≈ {formatUsd(cost.writeUsd)} per write
              </p>
            )}
          </div>
          <label className="ed-label" htmlFor={`${id}-text`}>
            {label}
          </label>
          <textarea
            id={`${id}-text`}
            ref={textarea}
            className="ed-text wb-mono"
            value={text}
            readOnly={readOnly !== undefined}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={problem !== undefined}
            aria-describedby={problem !== undefined ? `${id}-problem` : undefined}
            aria-keyshortcuts="Control+S Meta+S"
            rows={18}
            onChange={(event) => {
              setText(event.target.value);
              setModeProblem(undefined);
            }}
            data-autofocus
          />
          {problem !== undefined && (
            <div id={`${id}-problem`} className="error-note" role="alert">
              <p>
                <strong>{modeProblem !== undefined ? 'Cannot switch the format yet' : 'Cannot save'}</strong> {problemText(problem)}
              </p>
              {problem.offset !== undefined && (
                <button type="button" className="link-button" onClick={() => goTo(problem.offset!)}>
                  Show the spot in the text
                </button>
              )}
            </div>
          )}
          {plan?.kind === 'move' && readOnly === undefined && (
            <p className="ed-explain">A key attribute changed ({plan.changedKeys.join(', ')}): saving moves the item to the new key in one transaction, after you confirm.</p>
          )}
          {lastWrite !== undefined && (
            <div className="ed-last" role="status">
              <span>{lastWrite.text}</span>
              {lastWrite.operationId !== undefined && (
                <button type="button" disabled={busy} onClick={() => void undoLast(lastWrite.operationId!, lastWrite.key)}>
                  Undo this write
                </button>
              )}
            </div>
          )}
          <ErrorNote error={error} />
          <EditorHelp />
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
            {loaded !== undefined && readOnly === undefined && (
              <>
                <button type="button" className="danger" disabled={busy} onClick={() => setReview({ kind: 'delete' })}>
                  Delete item…
                </button>
                <button type="button" disabled={busy} onClick={() => void reload('reload')}>
                  Reload
                </button>
              </>
            )}
            <button type="button" className="primary" disabled={!canSave} aria-keyshortcuts="Control+S Meta+S" onClick={openReview}>
              Review and save
            </button>
          </div>
        </div>
      </Dialog>
      {review !== undefined && (outcome.ok || review.kind === 'delete') && (loaded !== undefined || review.kind === 'create') && (
        <SaveReview
          connectionId={connectionId}
          table={table}
          keyNames={keyNames}
          mode={mode}
          plan={review}
          loaded={loaded}
          edited={outcome.ok ? outcome.item : loaded!}
          onClose={() => setReview(undefined)}
          onSaved={(result) => saved(result, review)}
          onReload={() => void reload('reload')}
        />
      )}
    </>
  );
}
