/**
 * The item editor: plain JSON or DynamoDB JSON (switchable without loss),
 * checked as you type with the path of any problem, the item's size and what
 * it costs to read and write, then a review before any write. Items read from
 * an index that does not project every attribute open read-only until the
 * whole item is loaded from the table. Reloading after a refused save keeps
 * the user's edits, re-applied onto the item as it is now. The tree beside
 * the text edits the same item: each view follows the other. Unsaved edits
 * are registered (other views ask before dropping them) and kept across a
 * reload of the page, to be restored when the item is opened again.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { deriveForEdit, type WireItem } from '@dynotable/core';
import type { Consumed } from '../../api/types.js';
import { Dialog } from '../../app/Dialog.js';
import { ErrorNote } from '../../app/ErrorNote.js';
import { useUnsavedWork } from '../../app/use-unsaved-work.js';
import { tabScope } from '../../app/work-scopes.js';
import type { KeyAttribute } from '../table-indexes.js';
import { CodeText, type CodeTextHandle } from './CodeText.js';
import { consumedText } from './ConsumedLine.js';
import { dropDraft, keepDraft, readDraft } from './editor-draft.js';
import { DraftOffer } from './DraftOffer.js';
import { ItemTree } from './ItemTree.js';
import { knownNames } from './known-names.js';
import { problemText } from './edit-error.js';
import { CostLine } from './CostLine.js';
import { DerivedNote } from './DerivedNote.js';
import { DiscardPrompt } from './DiscardPrompt.js';
import { EntityChoice } from './EntityChoice.js';
import type { LinkedModel } from '../model-link/use-model-link.js';
import { keysFirst, planWrite, primaryKeyOf, type WritePlan } from './edit-plan.js';
import { itemText, newItemTemplate, readEditedItem, switchMode, type EditMode } from './edited-item.js';
import type { EditProblem } from './edit-error.js';
import { EditorHelp } from './EditorHelp.js';
import { FormatSwitch, LastWriteLine, MODE_LABELS, ReadOnlyNote, TextProblem } from './EditorParts.js';
import { getItem, undoWrite, type WriteResult } from './editor-api.js';
import { itemCost } from './item-cost.js';
import { keyText } from './journal-view.js';
import { rebaseEdits, takeTheirs, type RebasedEdits } from './rebase-edits.js';
import { ReloadNotice } from './ReloadNotice.js';
import { SaveReview } from './SaveReview.js';
import type { TablePricing } from './table-pricing.js';
import { ItemHistory } from '../../changes/ItemHistory.js';
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
  /** The table's class and billing mode, from its description: what the cost line and the consumed line price. */
  readonly pricing: TablePricing;
  readonly opened: OpenedItem;
  readonly onClose: () => void;
  /** After a write (or an undo) went through: the grid's results are stale. With the item the write left, to show where it now sits. */
  readonly onWritten: (written?: WireItem) => void;
  /** The table's model: derived attributes follow the person's edits. */
  readonly linked?: LinkedModel | undefined;
  /** Items the user has seen of this table (a pane's results): their attribute names are offered while typing. */
  readonly seenItems?: readonly WireItem[] | undefined;
}

interface LastWrite {
  readonly text: string;
  readonly operationId?: string;
  /** The key the write left an item at (or deleted it from), to reload after an undo. */
  readonly key?: WireItem;
}

/** Why Reload needs a readable text: it re-applies the edits in it, and a text it cannot read it leaves alone. */
const RELOAD_NEEDS_VALID_TEXT =
  'Reload keeps your edits, so it needs the text as a valid item: fix the problem shown, or close the editor and open the item again to start from the table.';

function writeDone(plan: WritePlan, result: WriteResult, pricing: TablePricing): string {
  const verbs = { create: 'Created with PutItem', move: 'Moved with TransactWriteItems', delete: 'Deleted with DeleteItem', update: 'Saved with UpdateItem', none: 'Nothing sent' };
  const verb = verbs[plan.kind];
  return `${verb}: ${result.consumed !== undefined ? consumedText(result.consumed, pricing) : 'nothing sent'}.`;
}

export function ItemEditor({ connectionId, table, keyAttributes, pricing, opened, onClose, onWritten, linked, seenItems }: ItemEditorProps) {
  const id = useId();
  const textarea = useRef<CodeTextHandle>(null);
  const keyNames = useMemo(() => keyAttributes.map((key) => key.name), [keyAttributes]);
  const [loaded, setLoaded] = useState<WireItem | undefined>(opened.item);
  const [readOnly, setReadOnly] = useState<string | undefined>(opened.readOnlyReason);
  const [mode, setMode] = useState<EditMode>('plain');
  const [initial] = useState(() => {
    const item = opened.item !== undefined ? keysFirst(opened.item, keyNames) : newItemTemplate(keyAttributes);
    return { item, text: itemText(item, 'plain'), mode: 'plain' as EditMode };
  });
  const [text, setText] = useState(initial.text);
  /** The text as last loaded or saved: anything else is an edit that closing would lose. */
  const [baseline, setBaseline] = useState(text);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [showingHistory, setShowingHistory] = useState(false);
  const unsaved = text !== baseline;
  // Closing the table's tab, leaving the area or the page asks first too.
  useUnsavedWork(`${tabScope({ connectionId, table })}item-editor${id}`, () =>
    unsaved && readOnly === undefined ? `Unsaved edits to ${loaded !== undefined ? `the item ${keyText(primaryKeyOf(loaded, keyNames))}` : 'a new item'} in ${table}` : null,
  );
  const [modeProblem, setModeProblem] = useState<EditProblem | undefined>(undefined);
  const [review, setReview] = useState<WritePlan | undefined>(undefined);
  const [lastWrite, setLastWrite] = useState<LastWrite | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  /** What the last reload did with the edits, shown until the next write. */
  const [rebased, setRebased] = useState<RebasedEdits | undefined>(undefined);

  /** The last text printed from an item, with that item: reading it back would give the same item. */
  const printed = useRef<{ text: string; mode: EditMode; item: WireItem } | undefined>(initial);
  const showItem = (item: WireItem, inMode: EditMode = mode): string => {
    const shown = itemText(item, inMode);
    printed.current = { text: shown, mode: inMode, item };
    setText(shown);
    return shown;
  };
  const outcome = useMemo(() => {
    const known = printed.current !== undefined && printed.current.text === text && printed.current.mode === mode ? printed.current.item : undefined;
    return readEditedItem(text, mode, keyAttributes, known);
  }, [text, mode, keyAttributes]);
  /** What the tree shows: the item the text reads as, or, while it does not read, the item it last read as. */
  const lastRead = useRef<WireItem>({});
  const treeItem = outcome.ok ? outcome.item : outcome.parsed;
  if (treeItem !== undefined) lastRead.current = treeItem;
  const names = useMemo(() => knownNames(keyNames, seenItems, treeItem), [keyNames, seenItems, treeItem]);

  // Unsaved edits are kept for the tab if the page goes away.
  const draftId = `${connectionId}/${table}/${loaded !== undefined ? keyText(primaryKeyOf(loaded, keyNames)) : 'new item'}`;
  const [offered, setOffered] = useState(() => {
    const draft = readDraft(draftId);
    return draft !== undefined && draft.text !== text ? draft : undefined;
  });
  const holdsEdits = unsaved && readOnly === undefined;
  const current = useRef({ text, mode, holdsEdits });
  current.current = { text, mode, holdsEdits };
  useEffect(() => {
    const keep = () => {
      if (current.current.holdsEdits) keepDraft(draftId, { text: current.current.text, mode: current.current.mode });
    };
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [draftId]);
  // Closing the editor is the user's choice about its edits: no draft outlives it.
  useEffect(() => () => dropDraft(draftId), [draftId]);
  const [keepDerived, setKeepDerived] = useState(true);
  const derived = useMemo(
    () => (outcome.ok && linked !== undefined && keepDerived ? deriveForEdit(linked.model, linked.modelTable, loaded, outcome.item) : undefined),
    [outcome, linked, keepDerived, loaded],
  );
  // What a save writes: the text's item, with what the model derives from it.
  const edited = outcome.ok ? ((derived?.item as WireItem | undefined) ?? outcome.item) : undefined;
  const plan = edited !== undefined ? planWrite(loaded, edited, keyNames) : undefined;
  const cost = outcome.size !== undefined ? itemCost(outcome.size, pricing.tableClass) : undefined;
  const canSave = readOnly === undefined && plan !== undefined && plan.kind !== 'none';

  // The Dialog focuses the first field (the format switch); typing starts in the text, once its editor is there.
  const focusText = useCallback(() => textarea.current?.focus(), []);

  const show = (item: WireItem) => {
    setLoaded(item);
    setBaseline(showItem(keysFirst(item, keyNames)));
    setModeProblem(undefined);
    setRebased(undefined);
  };

  const changeMode = (next: EditMode) => {
    const switched = switchMode(text, mode, next);
    if (!switched.ok) {
      setModeProblem(switched.problem);
      return;
    }
    setModeProblem(undefined);
    setText(switched.text);
    // The same item in the other notation is not an edit.
    if (!unsaved) setBaseline(switched.text);
    setMode(next);
  };

  /**
   * The whole item, strongly consistent, from the table. 'full' and 'after-undo'
   * show it as it is; 'keep-edits' (Reload) re-applies the user's edits onto it.
   */
  const reload = async (why: 'full' | 'after-undo' | 'keep-edits', from?: WireItem) => {
    const edited = outcome.ok ? outcome.item : undefined;
    // A new item refused because its key is taken meanwhile: read what holds that key.
    const source = from ?? loaded ?? opened.item ?? (edited !== undefined ? primaryKeyOf(edited, keyNames) : undefined);
    if (source === undefined) return;
    if (why === 'keep-edits' && edited === undefined) {
      setError(new Error(RELOAD_NEEDS_VALID_TEXT));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const key = primaryKeyOf(source, keyNames);
      const answer = await getItem(connectionId, table, key);
      const consumed = consumedText(answer.consumed, pricing);
      setReview(undefined);
      if (why === 'keep-edits' && edited !== undefined) {
        const next = rebaseEdits(loaded ?? {}, edited, answer.item);
        setLoaded(answer.item);
        showItem(keysFirst(next.item, keyNames));
        if (answer.item !== undefined) setBaseline(itemText(keysFirst(answer.item, keyNames), mode));
        setModeProblem(undefined);
        setRebased(loaded === undefined && next.deleted ? undefined : next);
        const head = answer.item !== undefined ? 'Reloaded the item' : `Looked for ${keyText(key)} (no item has this key now)`;
        setLastWrite({ text: `${head} with GetItem (strongly consistent): ${consumed}.` });
        return;
      }
      if (answer.item === undefined) {
        setError(new Error(`The table has no item with ${keyText(key)} now: it was deleted or moved since it was read.`));
        return;
      }
      show(answer.item);
      setReadOnly(undefined);
      setLastWrite({ text: `${why === 'full' ? 'Loaded the full item' : 'Reloaded the item'} with GetItem (strongly consistent): ${consumed}.` });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  /** The other writer's value of a conflicting attribute, in place of the user's. */
  const keepTheirs = (name: string) => {
    const conflict = rebased?.conflicts.find((candidate) => candidate.name === name);
    if (conflict === undefined || rebased === undefined) return;
    if (!outcome.ok) {
      setError(new Error('Fix the problem in the text first: their value replaces yours in the item the text holds.'));
      return;
    }
    showItem(keysFirst(takeTheirs(outcome.item, conflict), keyNames));
    setRebased({ ...rebased, conflicts: rebased.conflicts.filter((candidate) => candidate !== conflict) });
  };

  const saved = (result: WriteResult, done: WritePlan) => {
    setReview(undefined);
    setRebased(undefined);
    const written = result.item ?? edited ?? loaded;
    // A deleted item stays in the text, as a new item: saving it again puts it back.
    if (done.kind === 'delete') setLoaded(undefined);
    else if (written !== undefined) show(written);
    setLastWrite({
      text: writeDone(done, result, pricing),
      ...(result.journal?.operationId !== undefined ? { operationId: result.journal.operationId } : {}),
      ...(written !== undefined ? { key: primaryKeyOf(written, keyNames) } : {}),
    });
    onWritten(done.kind === 'delete' ? undefined : written);
  };

  const undoLast = async (operationId: string, key: WireItem | undefined) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await undoWrite(connectionId, operationId);
      const consumed: Consumed | undefined = answer.operations[0]?.consumed;
      onWritten();
      const reloaded = key ?? loaded;
      if (reloaded !== undefined) await reload('after-undo', reloaded);
      setLastWrite({ text: `${answer.message}${consumed !== undefined ? ` (${consumedText(consumed, pricing)})` : ''}` });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  /** Escape, ×, Close: with unsaved edits, ask first (a second Escape keeps editing). */
  const requestClose = () => {
    if (confirmingClose) setConfirmingClose(false);
    else if (unsaved && readOnly === undefined) setConfirmingClose(true);
    else onClose();
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

  const goTo = (offset: number) => textarea.current?.select(offset);

  const restoreDraft = () => {
    if (offered === undefined) return;
    setMode(offered.mode);
    setText(offered.text);
    setModeProblem(undefined);
    setOffered(undefined);
    dropDraft(draftId);
  };

  const problem = modeProblem ?? (outcome.ok ? undefined : outcome.problem);
  const title = loaded === undefined ? `New item in ${table}` : readOnly !== undefined ? `View item in ${table} (read-only)` : `Edit item in ${table}`;
  const label = `Item as ${MODE_LABELS[mode]}`;

  return (
    <>
      <Dialog title={title} onClose={requestClose} wide>
        <div className="ed-editor" onKeyDown={onKeyDown}>
          {loaded !== undefined && <p className="muted ed-key">Key: {keyText(primaryKeyOf(loaded, keyNames))}</p>}
          {readOnly !== undefined && <ReadOnlyNote reason={readOnly} busy={busy} onLoadFull={() => void reload('full')} />}
          <div className="wb-row">
            <FormatSwitch name={`${id}-mode`} mode={mode} onChange={changeMode} />
            {cost !== undefined && <CostLine cost={cost} pricing={pricing} />}
          </div>
          {loaded === undefined && linked !== undefined && (
            <EntityChoice
              linked={linked}
              onItem={(item) => {
                showItem(keysFirst(item, keyNames));
                setModeProblem(undefined);
              }}
            />
          )}
          {offered !== undefined && (
            <DraftOffer
              onRestore={restoreDraft}
              onDiscard={() => {
                setOffered(undefined);
                dropDraft(draftId);
              }}
            />
          )}
          <div className="ed-views">
            <div className="ed-view">
              <h3 id={`${id}-tree-label`} className="ed-label">
                Tree
              </h3>
              <ItemTree
                item={lastRead.current}
                stale={treeItem === undefined && problem !== undefined ? problemText(problem) : undefined}
                keyAttributes={keyAttributes}
                readOnly={readOnly !== undefined}
                onEdit={(item) => {
                  showItem(item);
                  setModeProblem(undefined);
                }}
              />
            </div>
            <div className="ed-view">
              <h3 id={`${id}-text-label`} className="ed-label">
                {label}
              </h3>
              <CodeText
                ref={textarea}
                text={text}
                readOnly={readOnly !== undefined}
                labelledBy={`${id}-text-label`}
                describedBy={problem !== undefined ? `${id}-problem` : undefined}
                invalid={problem !== undefined}
                names={names}
                onChange={(next) => {
                  setText(next);
                  setModeProblem(undefined);
                }}
                onReady={focusText}
              />
            </div>
          </div>
          {problem !== undefined && <TextProblem id={`${id}-problem`} problem={problem} switching={modeProblem !== undefined} onShowSpot={goTo} />}
          {linked !== undefined && readOnly === undefined && <DerivedNote derived={derived} keep={keepDerived} onKeep={setKeepDerived} modelName={linked.model.name} />}
          {rebased !== undefined && <ReloadNotice rebased={rebased} mode={mode} onUseTheirs={keepTheirs} />}
          {plan?.kind === 'move' && readOnly === undefined && (
            <p className="ed-explain">A key attribute changed ({plan.changedKeys.join(', ')}): saving moves the item to the new key in one transaction, after you confirm.</p>
          )}
          {lastWrite !== undefined && (
            <LastWriteLine
              text={lastWrite.text}
              canUndo={lastWrite.operationId !== undefined}
              busy={busy}
              onUndo={() => void undoLast(lastWrite.operationId!, lastWrite.key)}
            />
          )}
          <ErrorNote error={error} />
          {confirmingClose && <DiscardPrompt
              onKeep={() => {
                setConfirmingClose(false);
                focusText();
              }}
              onDiscard={onClose}
            />}
          <EditorHelp />
          {showingHistory && loaded !== undefined && <ItemHistory connectionId={connectionId} table={table} itemKey={primaryKeyOf(loaded, keyNames)} keyNames={keyNames} />}
          <div className="dialog-actions">
            <button type="button" onClick={requestClose}>
              Close
            </button>
            {loaded !== undefined && (
              <button type="button" aria-pressed={showingHistory} onClick={() => setShowingHistory((open) => !open)}>
                History
              </button>
            )}
            {loaded !== undefined && readOnly === undefined && (
              <>
                <button type="button" className="danger" disabled={busy} onClick={() => setReview({ kind: 'delete' })}>
                  Delete item…
                </button>
                <button type="button" disabled={busy} onClick={() => void reload('keep-edits')}>
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
      {review !== undefined && (edited !== undefined || review.kind === 'delete') && (loaded !== undefined || review.kind === 'create') && (
        <SaveReview
          connectionId={connectionId}
          table={table}
          keyNames={keyNames}
          mode={mode}
          plan={review}
          loaded={loaded}
          edited={edited ?? loaded!}
          onClose={() => setReview(undefined)}
          onSaved={(result) => saved(result, review)}
          onReload={() => void reload('keep-edits')}
        />
      )}
    </>
  );
}
