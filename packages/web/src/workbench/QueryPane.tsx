/** One pane: its own query, the live request and code, the results with their counts and cost, and the item grid. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import { ErrorNote } from '../app/ErrorNote.js';
import { BatchDeleteDialog } from './BatchDeleteDialog.js';
import { ItemEditor, type OpenedItem } from './editor/ItemEditor.js';
import { readOnlyReason } from './editor/read-only.js';
import { RecentWrites } from './editor/RecentWrites.js';
import type { TablePricing } from './editor/table-pricing.js';
import { ExpressionPreview } from './ExpressionPreview.js';
import { keyId } from './item-keys.js';
import { usePanePaletteActions } from './pane-palette-actions.js';
import { templatesByAttribute, type LinkedModel } from './model-link/use-model-link.js';
import { sizingStorageKey } from './column-sizing.js';
import { leadingColumnsOf } from './grid-columns.js';
import { ItemGrid } from './ItemGrid.js';
import { QueryHistoryMenu } from './QueryHistoryMenu.js';
import { QueryPanel } from './QueryPanel.js';
import { noteOf } from './query-notes.js';
import { buildRead } from './query-request.js';
import type { QueryState } from './query-state.js';
import { ResultStats } from './ResultStats.js';
import { SaveQueryForm } from './SaveQueryForm.js';
import { findTarget, targetKeyNames, targetLabel, type QueryTarget } from './table-indexes.js';
import { useQueryHistory } from './use-query-history.js';
import { useReadResults } from './use-read-results.js';

/** Typing pauses this long before the query runs by itself. */
const AUTO_RUN_DELAY_MS = 350;

export interface QueryPaneProps {
  readonly number: number;
  readonly connectionId: string;
  readonly table: string;
  readonly targets: readonly QueryTarget[];
  readonly keyNames: readonly string[];
  /** The table's class and billing mode, for the editor's prices. */
  readonly pricing: TablePricing;
  readonly state: QueryState;
  readonly onChange: (state: QueryState) => void;
  readonly onDuplicate: () => void;
  /** Absent for the last pane left. */
  readonly onRemove: (() => void) | undefined;
  readonly highlighted: string | undefined;
  readonly onHighlight: (id: string | undefined) => void;
  /** Called with the selected items' primary keys. */
  readonly onSelectionChange?: (keys: readonly WireItem[]) => void;
  /** Counts the writes made to the table; each change re-reads what this pane has loaded. */
  readonly writeCount?: number;
  /** This pane wrote to the table (an edit, an undo, a delete); with the item a save left. */
  readonly onWritten?: (written?: WireItem) => void;
  /** The row id of the item the last write left: shown where the re-read puts it. */
  readonly justWritten?: string | undefined;
  /** The table's model: each item's entity in the grid, derived keys kept right by the editor. */
  readonly linked?: LinkedModel | undefined;
}

export function QueryPane(props: QueryPaneProps) {
  const { number, connectionId, table, targets, keyNames, pricing, state, onChange, highlighted, onHighlight } = props;
  const target = findTarget(targets, state.indexName);
  const built = useMemo(() => buildRead(state, table, target), [state, table, target]);
  const { results, run, more, cancel, remove, reread } = useReadResults(connectionId, table);
  const note = useMemo(() => noteOf(state, built), [state, built]);
  const recordRun = useQueryHistory(connectionId, table);
  const [autoRun, setAutoRun] = useState(true);
  const [selected, setSelected] = useState<readonly WireItem[]>([]);
  /** The keys being deleted, fixed when the dialog opens (the selection empties once they are gone). */
  const [deleting, setDeleting] = useState<readonly WireItem[] | undefined>(undefined);
  const [editing, setEditing] = useState<OpenedItem | undefined>(undefined);
  const [showWrites, setShowWrites] = useState(false);

  const body = built.body;
  const requestKey = body === undefined ? undefined : JSON.stringify([built.operation, body]);
  const runNow = useCallback(() => {
    if (body === undefined) return;
    const ran = note;
    void run({ operation: built.operation, body }).then((shown) => {
      if (shown && ran !== undefined) recordRun(ran);
    });
  }, [body, built.operation, run, note, recordRun]);

  useEffect(() => {
    if (!autoRun || requestKey === undefined) return;
    const timer = window.setTimeout(runNow, AUTO_RUN_DELAY_MS);
    return () => window.clearTimeout(timer);
    // runNow changes with requestKey: the request text is what decides a run.
  }, [requestKey, autoRun]);

  // A write anywhere in the workspace can move items in or out of this pane's answer
  // (an edited GSI key): read again what is loaded, as far as it was loaded.
  const onWritten = props.onWritten ?? (() => void reread());
  const shownWrites = useRef(props.writeCount);
  /** The write whose re-read the results show: the item it left is marked only once it sits where it now belongs. */
  const [readAfter, setReadAfter] = useState(props.writeCount);
  useEffect(() => {
    if (shownWrites.current === props.writeCount) return;
    const write = props.writeCount;
    shownWrites.current = write;
    void reread().then(() => setReadAfter(write));
    // Only a new write decides a re-read, not a new answer.
  }, [props.writeCount]);

  const leadingColumns = useMemo(() => leadingColumnsOf(targetKeyNames(target), keyNames), [keyNames, target]);

  const onSelectionChange = props.onSelectionChange;
  const selectionChanged = useCallback(
    (keys: WireItem[]) => {
      setSelected(keys);
      onSelectionChange?.(keys);
    },
    [onSelectionChange],
  );

  const keyAttributes = useMemo(() => {
    const base = targets.find((candidate) => candidate.kind === 'table') ?? targets[0]!;
    return base.sortKey !== undefined ? [base.partitionKey, base.sortKey] : [base.partitionKey];
  }, [targets]);
  /** An item as the loaded results hold it: read-only when they came from a partial index or with a projection. */
  const openItem = useCallback(
    (item: WireItem) => {
      const source = results.source?.body;
      const reason = readOnlyReason(findTarget(targets, source?.IndexName), source?.projection);
      setEditing({ item, ...(reason !== undefined ? { readOnlyReason: reason } : {}) });
    },
    [results.source, targets],
  );
  const keyTemplates = useMemo(() => (props.linked !== undefined ? templatesByAttribute(props.linked) : undefined), [props.linked]);
  const highlightedItem = highlighted === undefined ? undefined : results.items.find((item) => keyId(item, keyNames) === highlighted);

  const exportTarget = useMemo(() => ({ connectionId, table, source: results.source }), [connectionId, table, results.source]);
  const stale = results.source !== undefined && requestKey !== JSON.stringify([results.source.operation, results.source.body]);
  const patch = (change: Partial<QueryState>) => onChange({ ...state, ...change });
  usePanePaletteActions({
    number,
    state,
    onChange,
    operation: built.operation,
    run: body !== undefined ? runNow : undefined,
    canLoadMore: results.lastEvaluatedKey !== undefined && results.loading === 'idle',
    more: (all) => void more(all),
    newItem: () => setEditing({ item: undefined }),
    duplicate: props.onDuplicate,
    remove: props.onRemove,
    keyNames,
    item: highlightedItem,
    openItem,
    selected,
    deleteKeys: setDeleting,
  });

  return (
    <section className="wb-pane" aria-label={`Pane ${number}: ${targetLabel(target)}`}>
      <header className="wb-pane-header">
        <h2>
          Pane {number} <span className="muted">{targetLabel(target)}</span>
          {state.pattern !== '' && <span className="wb-pattern-tag"> · pattern {state.pattern}</span>}
        </h2>
        <div className="wb-row">
          <QueryHistoryMenu connectionId={connectionId} table={table} paneNumber={number} onOpen={onChange} />
          <SaveQueryForm connectionId={connectionId} table={table} paneNumber={number} note={note} />
          <button type="button" onClick={props.onDuplicate} title="Open the same query in a new pane">
            Duplicate
          </button>
          {props.onRemove !== undefined && (
            <button type="button" aria-label={`Close pane ${number}`} onClick={props.onRemove}>
              Close
            </button>
          )}
        </div>
      </header>
      <div className="wb-pane-body">
        <div className="wb-pane-query">
          <QueryPanel
            label={`Query of pane ${number}`}
            connectionId={connectionId}
            table={table}
            ran={results.source}
            state={state}
            targets={targets}
            built={built}
            onChange={patch}
            onRun={runNow}
            running={results.loading === 'first'}
            autoRun={autoRun}
            onAutoRun={setAutoRun}
            keyTemplates={keyTemplates}
          />
        </div>
        <div className="wb-pane-request">
          <ExpressionPreview built={built} />
        </div>
        <div className="wb-pane-results">
          <ErrorNote error={results.error} />
          {stale && <p className="muted">The results below are from the query as it was when it last ran.</p>}
          <ResultStats results={results} onNext={() => void more(false)} onLoadAll={() => void more(true)} onCancel={cancel} />
          <div className="wb-row">
            <button type="button" className="danger" disabled={selected.length === 0} onClick={() => setDeleting(selected)}>
              Delete selected ({selected.length.toLocaleString('en-US')})
            </button>
            <button type="button" onClick={() => setEditing({ item: undefined })}>
              New item
            </button>
            <button type="button" disabled={highlightedItem === undefined} title="Open the highlighted item (or press Enter on a row)" onClick={() => highlightedItem !== undefined && openItem(highlightedItem)}>
              Edit item
            </button>
            <button type="button" onClick={() => setShowWrites(true)}>
              Recent writes
            </button>
          </div>
          <ItemGrid
            items={results.items}
            version={results.version}
            keyNames={keyNames}
            leadingColumns={leadingColumns}
            highlighted={highlighted}
            onHighlight={onHighlight}
            onSelectionChange={selectionChanged}
            label={`Items of pane ${number}`}
            onOpenItem={openItem}
            linked={props.linked}
            onRepairItem={(item) => openItem(item)}
            justWritten={readAfter === props.writeCount ? props.justWritten : undefined}
            sizingKey={sizingStorageKey(connectionId, table)}
            exportTarget={exportTarget}
          />
        </div>
      </div>
      {editing !== undefined && (
        <ItemEditor
          connectionId={connectionId}
          table={table}
          keyAttributes={keyAttributes}
          pricing={pricing}
          opened={editing}
          linked={props.linked}
          seenItems={results.items}
          onClose={() => setEditing(undefined)}
          onWritten={onWritten}
        />
      )}
      {showWrites && <RecentWrites connectionId={connectionId} table={table} pricing={pricing} onClose={() => setShowWrites(false)} onUndone={onWritten} />}
      {deleting !== undefined && (
        <BatchDeleteDialog
          connectionId={connectionId}
          table={table}
          keys={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={(deleted) => {
            const gone = new Set(deleted.map((key) => keyId(key, keyNames)));
            remove((item) => !gone.has(keyId(item, keyNames)));
            props.onWritten?.();
          }}
        />
      )}
    </section>
  );
}
