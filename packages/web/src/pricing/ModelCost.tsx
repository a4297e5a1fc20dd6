/**
 * The cost of the model in the shared document, at the user's prices: read
 * units per access pattern, write units per write path, and money per month on
 * on-demand and on provisioned capacity, with a chart of each.
 */
import { formatMoney, formatUnits, type CostReport, type PriceOverride } from '@dynotable/core';
import { useId, useMemo } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink } from '../app/router.js';
import { useModelDocument } from '../model-store/model-store.js';
import { CostChart } from './CostChart.js';
import { useCost, type CostRequest } from './cost-api.js';

const SERIES = ['On-demand', 'Provisioned'] as const;

function money(value: number | undefined): string {
  return value === undefined ? '—' : formatMoney(value);
}

function Totals({ report }: { readonly report: CostReport }) {
  const { totals } = report;
  return (
    <dl className="pricing-totals" aria-label="Monthly totals">
      <div>
        <dt>On-demand reads and writes</dt>
        <dd>{formatMoney(totals.onDemandMonthly)} / month</dd>
      </div>
      <div>
        <dt>Provisioned capacity</dt>
        <dd>{formatMoney(totals.provisionedMonthly)} / month</dd>
      </div>
      <div>
        <dt>Storage ({report.storage.gb.toFixed(report.storage.gb < 10 ? 3 : 1)} GB)</dt>
        <dd>{formatMoney(totals.storageMonthly)} / month</dd>
      </div>
    </dl>
  );
}

function PatternTable({ report }: { readonly report: CostReport }) {
  return (
    <table className="pricing-table" aria-label="Cost per access pattern">
      <thead>
        <tr>
          <th scope="col">Access pattern</th>
          <th scope="col">Operation</th>
          <th scope="col">Reads from</th>
          <th scope="col">Items per call</th>
          <th scope="col">RCU per call</th>
          <th scope="col">Calls / s</th>
          <th scope="col">On-demand / month</th>
          <th scope="col">Provisioned / month</th>
        </tr>
      </thead>
      <tbody>
        {report.patterns.map((row) => (
          <tr key={row.pattern}>
            <th scope="row">{row.pattern}</th>
            <td>{row.operation}</td>
            <td>
              {row.table}
              {row.index !== undefined ? ` · ${row.index}` : ''} <span className="muted">({row.consistency})</span>
            </td>
            <td>{formatUnits(row.items)}</td>
            <td>{formatUnits(row.units)}</td>
            <td>{row.rate ?? '—'}</td>
            <td>{money(row.monthly?.onDemand)}</td>
            <td>{money(row.monthly?.provisioned)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WritePathTable({ report }: { readonly report: CostReport }) {
  return (
    <table className="pricing-table" aria-label="Cost per write path">
      <thead>
        <tr>
          <th scope="col">Write path</th>
          <th scope="col">Operation</th>
          <th scope="col">WCU per call</th>
          <th scope="col">Calls / s</th>
          <th scope="col">On-demand / month</th>
          <th scope="col">Provisioned / month</th>
        </tr>
      </thead>
      <tbody>
        {report.writePaths.map((row) => (
          <tr key={row.writePath}>
            <th scope="row">{row.writePath}</th>
            <td>{row.operation}</td>
            <td>
              {formatUnits(row.units)}{' '}
              <span className="muted">
                (table {formatUnits(row.breakdown.table)}
                {row.breakdown.indexes
                  .filter((index) => index.units > 0)
                  .map((index) => `, ${index.index} ${formatUnits(index.units)}`)
                  .join('')}
                )
              </span>
              {row.notes.length > 0 && <span className="pricing-notes">{row.notes.join('; ')}</span>}
            </td>
            <td>{row.rate ?? '—'}</td>
            <td>{money(row.monthly?.onDemand)}</td>
            <td>{money(row.monthly?.provisioned)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CapacityTable({ report }: { readonly report: CostReport }) {
  if (report.capacity.length === 0) return null;
  return (
    <table className="pricing-table" aria-label="Provisioned capacity per pool">
      <thead>
        <tr>
          <th scope="col">Capacity pool</th>
          <th scope="col">RCU</th>
          <th scope="col">WCU</th>
          <th scope="col">Per month</th>
        </tr>
      </thead>
      <tbody>
        {report.capacity.map((pool) => (
          <tr key={`${pool.table}/${pool.pool}`}>
            <th scope="row">{pool.pool === pool.table ? pool.table : `${pool.table} · ${pool.pool}`}</th>
            <td>{pool.readCapacity}</td>
            <td>{pool.writeCapacity}</td>
            <td>{formatMoney(pool.monthly)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Report({ report }: { readonly report: CostReport }) {
  const patternBars = useMemo(
    () => report.patterns.filter((row) => row.monthly !== undefined).map((row) => ({ label: row.pattern, values: [row.monthly!.onDemand, row.monthly!.provisioned] })),
    [report],
  );
  const writeBars = useMemo(
    () => report.writePaths.filter((row) => row.monthly !== undefined).map((row) => ({ label: row.writePath, values: [row.monthly!.onDemand, row.monthly!.provisioned] })),
    [report],
  );
  return (
    <>
      <Totals report={report} />
      <p className="muted">
        Prices: {report.prices.region}, {report.prices.currency}. Provisioned totals round each pool up to whole units, without headroom.
      </p>
      {report.problems.length > 0 && (
        <div className="pricing-problem" role="alert">
          Not costed:
          <ul>
            {report.problems.map((problem) => (
              <li key={`${problem.kind}/${problem.name}`}>
                {problem.name}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3>Access patterns</h3>
      {report.patterns.length === 0 ? <p className="muted">The model has no access patterns.</p> : <PatternTable report={report} />}
      {patternBars.length > 0 && <CostChart title="Monthly cost by access pattern" groups={patternBars} series={SERIES} format={formatMoney} />}
      <h3>Write paths</h3>
      {report.writePaths.length === 0 ? <p className="muted">The model has no write paths.</p> : <WritePathTable report={report} />}
      {writeBars.length > 0 && <CostChart title="Monthly cost by write path" groups={writeBars} series={SERIES} format={formatMoney} />}
      <h3>Provisioned capacity</h3>
      <CapacityTable report={report} />
      <details>
        <summary>Assumptions</summary>
        <ul>
          {report.assumptions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </>
  );
}

export function ModelCost({ prices }: { readonly prices: PriceOverride | undefined }) {
  const id = useId();
  const [document] = useModelDocument();
  const empty = document.text.trim() === '';
  const request: CostRequest | undefined = empty ? undefined : { model: document.text, source: document.fileName, ...(prices !== undefined ? { prices } : {}) };
  const { answer, error, loading } = useCost(request);
  return (
    <section className="pricing-section" aria-labelledby={`${id}-heading`} aria-busy={loading}>
      <h2 id={`${id}-heading`}>Cost of the model{answer?.report !== undefined ? `: ${answer.report.model}` : ''}</h2>
      {empty ? (
        <p className="muted">
          No model yet. Write the access patterns in the{' '}
          <a href="/design" onClick={(event) => followLink(event, '/design')}>
            designer
          </a>{' '}
          and their cost shows here.
        </p>
      ) : error !== undefined ? (
        <ErrorNote error={error} />
      ) : answer?.report !== undefined ? (
        <Report report={answer.report} />
      ) : (
        <p className="muted">Pricing the model…</p>
      )}
    </section>
  );
}
