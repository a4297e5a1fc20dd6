/**
 * Run the built read on the chosen connection and see what it returns — the
 * items, Count and ScannedCount, the capacity it consumed — or open the same
 * query in the query panel to keep working on it there.
 */
import { formatUnits, type CodegenParams } from '@dynotable/core';
import { useRef, useState } from 'react';
import type { ConnectionInfo } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink } from '../app/router.js';
import { queryPanelPath } from '../verify/query-link.js';
import type { ExpressionState } from './expression-state.js';
import { runRead, type RunResult } from './run-api.js';
import { isRunnable, paneForRead, runRequest } from './run-request.js';

/** Items shown at most; the count says how many came back. */
const SHOWN_ITEMS = 50;

interface RunPanelProps {
  readonly state: ExpressionState;
  readonly params: CodegenParams | undefined;
  readonly connection: ConnectionInfo | undefined;
  /** The connection has the table (its tables are listed and it is one of them). */
  readonly tableListed: boolean;
}

interface Ran {
  /** The request as it was sent, to tell when the fields have changed since. */
  readonly sent: string;
  readonly result?: RunResult;
  readonly error?: unknown;
}

function notReady(connection: ConnectionInfo | undefined, tableListed: boolean): string {
  if (connection === undefined) return 'Add a connection to run the request.';
  if (!tableListed) return `Pick a table of ${connection.name} to run the request.`;
  return 'Fix the fields marked above to run the request.';
}

export function RunPanel({ state, params, connection, tableListed }: RunPanelProps) {
  const [ran, setRan] = useState<Ran | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const operation = state.operation;
  if (!isRunnable(operation)) {
    return <p className="muted xp-run-note">Run sends reads only (Query, Scan, GetItem): send a write from the item editor of the table, where it is journaled and can be undone.</p>;
  }
  const request = params !== undefined ? runRequest(operation, params) : undefined;
  const sent = JSON.stringify([connection?.id, state.table, request]);
  const ready = request !== undefined && connection !== undefined && tableListed;
  const panelPath = ready ? queryPanelPath(connection.id, state.table, paneForRead(state)) : undefined;

  const run = () => {
    if (!ready) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setRunning(true);
    runRead(connection.id, state.table, request, current.signal)
      .then(
        (result) => setRan({ sent, result }),
        (error: unknown) => {
          if (!current.signal.aborted) setRan({ sent, error });
        },
      )
      .finally(() => {
        if (controller.current === current) setRunning(false);
      });
  };

  const result = ran?.result;
  return (
    <section className="xp-run" aria-labelledby="xp-run-heading">
      <h2 id="xp-run-heading">Run it</h2>
      <div className="xp-run-actions">
        <button type="button" className="primary" onClick={run} disabled={!ready || running}>
          {running ? 'Running…' : `Run on ${connection?.name ?? 'a connection'}`}
        </button>
        {panelPath !== undefined && (
          <a href={panelPath} onClick={(event) => followLink(event, panelPath)}>
            Open in query panel
          </a>
        )}
        {!ready && <span className="muted">{notReady(connection, tableListed)}</span>}
      </div>
      {ran !== undefined && ran.sent !== sent && <p className="muted">The results below are from the request as it was when it last ran.</p>}
      <ErrorNote error={ran?.error} />
      {result !== undefined && (
        <>
          <dl className="xp-run-stats" aria-label="Run results">
            <div>
              <dt>Items</dt>
              <dd>{result.count.toLocaleString('en-US')}</dd>
            </div>
            {result.scannedCount !== undefined && (
              <div>
                <dt>ScannedCount</dt>
                <dd>{result.scannedCount.toLocaleString('en-US')}</dd>
              </div>
            )}
            <div>
              <dt>Consumed</dt>
              <dd>{formatUnits(result.consumed.readUnits)} RCU</dd>
            </div>
            {result.more && (
              <div>
                <dt>More</dt>
                <dd>yes: the page stopped at the Limit or at 1 MB</dd>
              </div>
            )}
          </dl>
          {result.items.length === 0 ? (
            <p className="muted">{operation === 'GetItem' ? 'No item has this key.' : 'No item matches.'}</p>
          ) : (
            <ol className="xp-run-items" aria-label="Items returned" tabIndex={0}>
              {result.items.slice(0, SHOWN_ITEMS).map((item, index) => (
                <li key={index} className="xp-mono">
                  {JSON.stringify(item)}
                </li>
              ))}
              {result.items.length > SHOWN_ITEMS && <li className="muted">… and {result.items.length - SHOWN_ITEMS} more: open the query in the query panel to see them all.</li>}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
