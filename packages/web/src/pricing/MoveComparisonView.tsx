/**
 * Two designs side by side, the ticket desk's: a ticket whose status is in the base
 * sort key moves with a transactional Delete + Put, against an immutable base
 * key with the status in a GSI sort key, where one UpdateItem moves the index
 * entry. The server prices both for the ticket size the user sets.
 */
import { formatMoney, formatUnits, type MoveComparison, type MoveOption, type PriceOverride } from '@dynotable/core';
import { useId } from 'react';
import { formatCount } from '../app/format.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { CostChart } from './CostChart.js';
import { useCost } from './cost-api.js';
import { readTicketBytes, ticketTextFromSearch, withTicket } from './ticket-size.js';
import { usePageSearch } from '../app/use-page-search.js';

const CHANGE_WORDS: Readonly<Record<string, string>> = {
  added: 'entry put',
  removed: 'entry deleted',
  moved: 'entry moved (delete + put)',
  updated: 'entry updated',
  unchanged: 'entry unchanged',
  absent: 'no entry',
};

function DesignCard({ title, option }: { readonly title: string; readonly option: MoveOption }) {
  const id = useId();
  return (
    <section className="pricing-design" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p>{option.design}</p>
      <p className="pricing-units">
        <strong>{formatUnits(option.units)}</strong> write units per status change
      </p>
      <dl className="pricing-breakdown">
        <dt>Operation</dt>
        <dd className="pricing-mono">{option.operation}</dd>
        <dt>Base table</dt>
        <dd>{formatUnits(option.breakdown.table)} WCU</dd>
        {option.breakdown.indexes.map((row) => (
          <div key={row.index}>
            <dt>{row.index}</dt>
            <dd>
              {formatUnits(row.units)} WCU, {CHANGE_WORDS[row.change] ?? row.change}
            </dd>
          </div>
        ))}
        <dt>A million changes, on demand</dt>
        <dd>{formatMoney(option.perMillionChanges)}</dd>
      </dl>
    </section>
  );
}

function Verdict({ comparison }: { readonly comparison: MoveComparison }) {
  const { move, indexUpdate } = comparison;
  if (move.units === indexUpdate.units) return <p>Both designs cost the same {formatUnits(move.units)} write units per change at this size.</p>;
  const cheaper = indexUpdate.units < move.units ? 'The GSI update' : 'The transactional move';
  const saving = Math.abs(move.units - indexUpdate.units) / Math.max(move.units, indexUpdate.units);
  return (
    <p>
      {cheaper} is cheaper: {formatUnits(move.units)} write units for the move against {formatUnits(indexUpdate.units)} for the GSI update, {Math.round(saving * 100)}% less per
      status change. The GSI is read eventually consistent; the move keeps strongly consistent reads of the status on the base table.
    </p>
  );
}

export function MoveComparisonView({ prices }: { readonly prices: PriceOverride | undefined }) {
  const id = useId();
  const [search, setSearch] = usePageSearch();
  const text = ticketTextFromSearch(search);
  const bytes = readTicketBytes(text);
  const { answer, error, loading } = useCost(typeof bytes === 'number' ? { itemBytes: bytes, ...(prices !== undefined ? { prices } : {}) } : undefined);
  const comparison = typeof bytes === 'number' ? answer?.moveComparison : undefined;
  return (
    <section className="tool-panel pricing-section" aria-labelledby={`${id}-heading`} aria-busy={loading}>
      <h2 id={`${id}-heading`}>Two designs side by side: moving a ticket to a new status</h2>
      <p className="muted">
        Tickets are listed by team and status. Put the status in the base table&apos;s sort key and every change is a move; keep the base key immutable and sort by status in a GSI,
        and one UpdateItem moves the index entry.
      </p>
      <div className="pricing-row">
        <label htmlFor={`${id}-size`}>Ticket size (bytes)</label>
        <input
          id={`${id}-size`}
          className="pricing-size"
          inputMode="numeric"
          value={text}
          onChange={(event) => setSearch((current) => withTicket(current, event.target.value))}
          {...(typeof bytes === 'string' ? { 'aria-invalid': true, 'aria-describedby': `${id}-size-problem` } : {})}
        />
        {typeof bytes === 'number' && <span className="muted">{formatCount(bytes)} bytes = {(bytes / 1024).toFixed(bytes % 1024 === 0 ? 0 : 2)} KB</span>}
        {typeof bytes === 'string' && (
          <span className="pricing-problem" id={`${id}-size-problem`}>
            {bytes}
          </span>
        )}
      </div>
      {error !== undefined && <ErrorNote error={error} />}
      {comparison !== undefined && (
        <>
          <div className="pricing-designs" aria-live="polite">
            <DesignCard title="Transactional move" option={comparison.move} />
            <DesignCard title="GSI update" option={comparison.indexUpdate} />
          </div>
          <Verdict comparison={comparison} />
          <CostChart
            title={`Write units per status change, ${formatCount(comparison.itemBytes)}-byte ticket`}
            groups={[
              { label: 'Transactional move', values: [comparison.move.units] },
              { label: 'GSI update', values: [comparison.indexUpdate.units] },
            ]}
            series={['Write units']}
            format={formatUnits}
          />
        </>
      )}
    </section>
  );
}
