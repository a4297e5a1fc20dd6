/** Count, ScannedCount and the read efficiency of what is loaded; the last request's consumed units, cost and exact wire JSON. */
import { formatUnits } from '@dynotable/core';
import { formatCost, readEfficiency } from './read-stats.js';
import { LOAD_ALL_CAP, type ReadResults } from './use-read-results.js';

interface ResultStatsProps {
  readonly results: ReadResults;
  readonly onNext: () => void;
  readonly onLoadAll: () => void;
  readonly onCancel: () => void;
}

export function ResultStats({ results, onNext, onLoadAll, onCancel }: ResultStatsProps) {
  const { totals, lastPage, loading } = results;
  if (lastPage === undefined) return null;
  const more = results.lastEvaluatedKey !== undefined;
  const busy = loading !== 'idle';
  return (
    <div className="wb-stats">
      <dl className="wb-stat-list" aria-label="Results">
        <div>
          <dt>Count</dt>
          <dd>{totals.count.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>ScannedCount</dt>
          <dd>{totals.scannedCount.toLocaleString('en-US')}</dd>
        </div>
        <div title="Count / ScannedCount: the share of what was read (and paid for) that the filter kept">
          <dt>Read efficiency</dt>
          <dd>{readEfficiency(totals.count, totals.scannedCount)}</dd>
        </div>
        <div>
          <dt>Pages</dt>
          <dd>{totals.pages}</dd>
        </div>
        <div title="Consumed by the last request (ReturnConsumedCapacity INDEXES), at on-demand prices">
          <dt>Last request</dt>
          <dd>
            {formatUnits(lastPage.consumed.readUnits)} RCU · {formatCost(lastPage.consumed.costUsd)}
          </dd>
        </div>
        {totals.pages > 1 && (
          <div>
            <dt>All pages</dt>
            <dd>
              {formatUnits(totals.readUnits)} RCU · {formatCost(totals.costUsd)}
            </dd>
          </div>
        )}
      </dl>
      <div className="wb-row">
        <button type="button" onClick={onNext} disabled={!more || busy}>
          {loading === 'next' ? 'Loading…' : 'Next page'}
        </button>
        <button type="button" onClick={onLoadAll} disabled={!more || busy} title={`Every page, up to ${LOAD_ALL_CAP.toLocaleString('en-US')} items`}>
          {loading === 'all' ? `Loading… ${results.items.length.toLocaleString('en-US')}` : 'Load all'}
        </button>
        {busy && (
          <button type="button" onClick={onCancel}>
            Stop
          </button>
        )}
        <span className="muted" role="status">
          {more ? 'More items: LastEvaluatedKey returned' : 'No more items'}
          {results.items.length >= LOAD_ALL_CAP && more ? ` (stopped at ${LOAD_ALL_CAP.toLocaleString('en-US')})` : ''}
        </span>
      </div>
      <details>
        <summary>Last request sent ({lastPage.request.operation})</summary>
        <pre className="wb-mono wb-wire">{JSON.stringify(lastPage.request.wire, null, 2)}</pre>
      </details>
    </div>
  );
}
