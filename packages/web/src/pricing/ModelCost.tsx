/**
 * The cost of the model in the shared document, at the user's prices: read
 * units per access pattern, write units per write path, and money per month on
 * on-demand and on provisioned capacity, with a chart of each.
 */
import { formatMoney, formatUnits, type CostReport, type MonthlyCost, type PriceOverride } from '@dynotable/core';
import { useId, useMemo, type ReactNode } from 'react';
import { ColumnHeads } from '../app/ColumnHeads.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink } from '../app/router.js';
import { useModelDocument } from '../model-store/model-store.js';
import type { BarGroup } from './bar-layout.js';
import { CostChart } from './CostChart.js';
import { useCost, type CostRequest } from './cost-api.js';

const SERIES = ['On-demand', 'Provisioned'] as const;

function money(value: number | undefined): string {
  return value === undefined ? '—' : formatMoney(value);
}

function MonthlyTotal({ label, amount }: { readonly label: string; readonly amount: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{formatMoney(amount)} / month</dd>
    </div>
  );
}

function Totals({ report }: { readonly report: CostReport }) {
  const { totals } = report;
  return (
    <dl className="pricing-totals" aria-label="Monthly totals">
      <MonthlyTotal label="On-demand reads and writes" amount={totals.onDemandMonthly} />
      <MonthlyTotal label="Provisioned capacity" amount={totals.provisionedMonthly} />
      <MonthlyTotal label={`Storage (${report.storage.gb.toFixed(report.storage.gb < 10 ? 3 : 1)} GB)`} amount={totals.storageMonthly} />
    </dl>
  );
}

/** One of the report's tables: its column headings and its rows. */
function PricingTable({ label, columns, children }: { readonly label: string; readonly columns: readonly string[]; readonly children: ReactNode }) {
  return (
    <table className="pricing-table" aria-label={label}>
      <ColumnHeads names={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

/** The last cells of an access pattern's or a write path's row: its rate and its money per month. */
function RateAndMoney({ rate, monthly }: { readonly rate: number | undefined; readonly monthly: MonthlyCost | undefined }) {
  return (
    <>
      <td>{rate ?? '—'}</td>
      <td>{money(monthly?.onDemand)}</td>
      <td>{money(monthly?.provisioned)}</td>
    </>
  );
}

const RATE_AND_MONEY_COLUMNS = ['Calls / s', 'On-demand / month', 'Provisioned / month'] as const;

function PatternTable({ report }: { readonly report: CostReport }) {
  return (
    <PricingTable label="Cost per access pattern" columns={['Access pattern', 'Operation', 'Reads from', 'Items per call', 'RCU per call', ...RATE_AND_MONEY_COLUMNS]}>
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
          <RateAndMoney rate={row.rate} monthly={row.monthly} />
        </tr>
      ))}
    </PricingTable>
  );
}

function WritePathTable({ report }: { readonly report: CostReport }) {
  return (
    <PricingTable label="Cost per write path" columns={['Write path', 'Operation', 'WCU per call', ...RATE_AND_MONEY_COLUMNS]}>
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
          <RateAndMoney rate={row.rate} monthly={row.monthly} />
        </tr>
      ))}
    </PricingTable>
  );
}

function CapacityTable({ report }: { readonly report: CostReport }) {
  if (report.capacity.length === 0) return null;
  return (
    <PricingTable label="Provisioned capacity per pool" columns={['Capacity pool', 'RCU', 'WCU', 'Per month']}>
      {report.capacity.map((pool) => (
        <tr key={`${pool.table}/${pool.pool}`}>
          <th scope="row">{pool.pool === pool.table ? pool.table : `${pool.table} · ${pool.pool}`}</th>
          <td>{pool.readCapacity}</td>
          <td>{pool.writeCapacity}</td>
          <td>{formatMoney(pool.monthly)}</td>
        </tr>
      ))}
    </PricingTable>
  );
}

/** The chart's bars: each costed row's money per month on both kinds of capacity. */
function monthlyBars<Row extends { readonly monthly?: MonthlyCost }>(rows: readonly Row[], labelOf: (row: Row) => string): BarGroup[] {
  return rows.flatMap((row) => (row.monthly === undefined ? [] : [{ label: labelOf(row), values: [row.monthly.onDemand, row.monthly.provisioned] }]));
}

function Report({ report }: { readonly report: CostReport }) {
  const patternBars = useMemo(() => monthlyBars(report.patterns, (row) => row.pattern), [report]);
  const writeBars = useMemo(() => monthlyBars(report.writePaths, (row) => row.writePath), [report]);
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
    <section className="tool-panel pricing-section" aria-labelledby={`${id}-heading`} aria-busy={loading}>
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
