/** One open table: its description, its actions, and the query workspace. */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { TableDescription } from '../api/types.js';
import { describeTable } from '../api/endpoints.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { ErrorNote } from './ErrorNote.js';
import { navigate, routePath } from './router.js';
import { PurgeDialog } from './PurgeDialog.js';
import { TableDetails } from './TableDetails.js';
import { TransferDialog } from './TransferDialog.js';
import { UpdateTableDialog } from './UpdateTableDialog.js';
import { useLoad } from './use-load.js';
import { usePanelOpen } from './use-panel-open.js';

const ChangesView = lazy(() => import('../changes/ChangesView.js').then((module) => ({ default: module.ChangesView })));
const QueryWorkspace = lazy(() => import('../workbench/QueryWorkspace.js').then((module) => ({ default: module.QueryWorkspace })));
const TriggersPanel = lazy(() => import('../triggers/TriggersPanel.js').then((module) => ({ default: module.TriggersPanel })));

const SETTLE_POLL_MS = 2000;

function settled({ table }: TableDescription): boolean {
  return table.TableStatus === 'ACTIVE' && (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE');
}

interface TableViewProps {
  readonly connectionId: string;
  readonly table: string;
  readonly editing: boolean;
  /** A hidden tab stays mounted, so its queries survive switching tabs. */
  readonly hidden: boolean;
  readonly onDelete: () => void;
}

/** At this height or less, the table's description starts folded. */
const SHORT_SCREEN_HEIGHT = 760;

export function TableView({ connectionId, table, editing, hidden, onDelete }: TableViewProps) {
  const { data, error, loading, reload } = useLoad((signal) => describeTable(connectionId, table, signal), [connectionId, table]);
  const titleId = useId();
  const [transferring, setTransferring] = useState(false);
  const [purging, setPurging] = useState(false);
  const [watchingChanges, setWatchingChanges] = useState(false);
  const [showingTriggers, setShowingTriggers] = useState(false);
  // Closed by the person, it stays closed: the query panes get its height. Until then it
  // starts open, except on a short screen (720 px high), where it would push the results down.
  const [describing, setDescribing] = usePanelOpen('description', window.innerHeight > SHORT_SCREEN_HEIGHT);
  /** Imports and purges write outside the panes: they read again what they show. */
  const [outsideWrites, setOutsideWrites] = useState(0);
  const afterOutsideWrite = () => {
    reload();
    setOutsideWrites((count) => count + 1);
  };
  // A table or index being created, updated or deleted is described again until it settles.
  useEffect(() => {
    if (data === undefined || settled(data) || hidden) return;
    const timer = setTimeout(reload, SETTLE_POLL_MS);
    return () => clearTimeout(timer);
  }, [data, hidden, reload]);
  const tablePath = routePath({ view: 'table', connectionId, table });
  return (
    <section className="table-view" aria-labelledby={titleId} hidden={hidden}>
      <header className="table-view-header">
        <h1 id={titleId}>{table}</h1>
        <div className="actions">
          <button type="button" onClick={reload} disabled={loading}>
            Refresh
          </button>
          <button type="button" aria-pressed={watchingChanges} onClick={() => setWatchingChanges((open) => !open)} disabled={data === undefined}>
            Changes
          </button>
          <button type="button" aria-pressed={showingTriggers} onClick={() => setShowingTriggers((open) => !open)} disabled={data === undefined}>
            Triggers
          </button>
          <button type="button" onClick={() => setTransferring(true)}>
            Import / export
          </button>
          <button type="button" onClick={() => navigate(routePath({ view: 'table', connectionId, table, dialog: 'edit' }))} disabled={data === undefined}>
            Update table
          </button>
          <button type="button" className="danger" onClick={() => setPurging(true)} disabled={data === undefined}>
            Delete all items
          </button>
          <button type="button" className="danger" onClick={onDelete} disabled={data === undefined}>
            Delete table
          </button>
        </div>
      </header>
      <ErrorNote error={error} onRetry={reload} />
      {data === undefined && loading && <p className="muted">Describing {table}…</p>}
      {data !== undefined && (
        <>
          <details className="table-details-toggle table-description" open={describing} onToggle={(event) => event.currentTarget.open !== describing && setDescribing(event.currentTarget.open)}>
            <summary>Description</summary>
            <TableDetails description={data} />
          </details>
          {watchingChanges && (
            <ErrorBoundary label="The Changes view">
              <Suspense fallback={<p className="muted">Loading the Changes view…</p>}>
                <ChangesView connectionId={connectionId} table={table} description={data} onStreamChanged={reload} />
              </Suspense>
            </ErrorBoundary>
          )}
          {showingTriggers && (
            <section className="table-triggers" aria-label="Triggers">
              <ErrorBoundary label="The Triggers section">
                <Suspense fallback={<p className="muted">Loading the triggers…</p>}>
                  <TriggersPanel connectionId={connectionId} table={table} />
                </Suspense>
              </ErrorBoundary>
            </section>
          )}
          <ErrorBoundary label="The query workspace">
            <Suspense fallback={<p className="muted">Loading the query workspace…</p>}>
              <QueryWorkspace key={`${connectionId}/${table}`} connectionId={connectionId} table={table} description={data} outsideWrites={outsideWrites} />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
      {editing && data !== undefined && (
        <UpdateTableDialog
          connectionId={connectionId}
          description={data}
          onClose={() => navigate(tablePath)}
          onUpdated={() => {
            reload();
            navigate(tablePath);
          }}
        />
      )}
      {purging && <PurgeDialog connectionId={connectionId} table={table} onClose={() => setPurging(false)} onPurged={afterOutsideWrite} />}
      {transferring && <TransferDialog connectionId={connectionId} table={table} onClose={() => setTransferring(false)} onImported={afterOutsideWrite} />}
    </section>
  );
}
