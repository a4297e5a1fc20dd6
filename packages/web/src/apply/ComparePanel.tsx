/** "Compare with table…": the model's table against a live one — each difference, the UpdateTable requests that close it, what needs a new table. */
import { useId, useState } from 'react';
import type { TableComparison } from '@dynotable/core';
import { ErrorNote } from '../app/ErrorNote.js';
import { compareWithTable } from './apply-api.js';

interface ComparePanelProps {
  readonly connectionId: string | undefined;
  readonly model: string;
  readonly source: string | undefined;
  /** The table name to start with (the model's first table, under the prefix). */
  readonly suggested: string;
}

export function ComparePanel({ connectionId, model, source, suggested }: ComparePanelProps) {
  const id = useId();
  const [table, setTable] = useState('');
  const [comparison, setComparison] = useState<TableComparison | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const name = table.trim() === '' ? suggested : table.trim();

  const compare = () => {
    if (connectionId === undefined || name === '') return;
    setBusy(true);
    setError(undefined);
    setComparison(undefined);
    compareWithTable(connectionId, name, model, source)
      .then(setComparison, setError)
      .finally(() => setBusy(false));
  };

  return (
    <section aria-label="Compare with table" className="apply-compare">
      <h2>Compare with table</h2>
      <form
        className="apply-row"
        onSubmit={(event) => {
          event.preventDefault();
          compare();
        }}
      >
        <label htmlFor={`${id}-table`}>Live table</label>
        <input id={`${id}-table`} value={table} placeholder={suggested} onChange={(event) => setTable(event.target.value)} />
        <button type="submit" disabled={busy || connectionId === undefined || name === ''}>
          {busy ? 'Comparing…' : 'Compare'}
        </button>
      </form>
      <ErrorNote error={error} />
      {comparison !== undefined && <ComparisonView comparison={comparison} />}
    </section>
  );
}

function ComparisonView({ comparison }: { readonly comparison: TableComparison }) {
  if (comparison.equal) return <p role="status">{comparison.table} is as the model says.</p>;
  return (
    <div className="apply-comparison">
      <p role="status">
        {comparison.table} differs from the model&apos;s {comparison.modelTable} in {comparison.differences.length} way{comparison.differences.length === 1 ? '' : 's'}:
      </p>
      <ul aria-label="Differences">
        {comparison.differences.map((difference) => (
          <li key={difference.message}>
            {difference.message}
            {difference.fix === 'new-table' && <strong> (needs a new table)</strong>}
          </li>
        ))}
      </ul>
      {comparison.requests.length > 0 && (
        <>
          <h3>Requests that close it, in order</h3>
          <ol aria-label="Requests">
            {comparison.requests.map((request, i) => (
              <li key={i}>
                {request.operation}: {request.purpose}
                <pre className="apply-request" tabIndex={0} aria-label={`Request ${i + 1}`}>
                  {JSON.stringify(request.input, null, 2)}
                </pre>
              </li>
            ))}
          </ol>
        </>
      )}
      {comparison.needsNewTable.map((statement) => (
        <p key={statement}>{statement}</p>
      ))}
    </div>
  );
}
