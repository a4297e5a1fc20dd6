/**
 * The cost of the model in the shared document, at the user's prices: read
 * units per access pattern, write units per write path, storage per entity,
 * and money per month on on-demand and on provisioned capacity, with charts.
 * The model's rates, items per call, item counts and sizes are edited here
 * and written back into the model file.
 */
import { formatMoney, type CostReport, type PriceOverride } from '@dynotable/core';
import { useId, useMemo } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { followLink } from '../app/router.js';
import { useModelDocument } from '../model-store/model-store.js';
import { monthlyBars, totalBars } from './cost-bars.js';
import { CostChart } from './CostChart.js';
import { CostTotals } from './CostTotals.js';
import { CapacityTable, PatternTable, StorageTable, WritePathTable } from './CostTables.js';
import { useCost, type CostRequest } from './cost-api.js';
import { useCostInputs, type CostInputs } from './use-cost-inputs.js';

const SERIES = ['On-demand', 'Provisioned'] as const;

function Report({ report, inputs }: { readonly report: CostReport; readonly inputs: CostInputs }) {
  const patternBars = useMemo(() => monthlyBars(report.patterns, (row) => row.pattern), [report]);
  const writeBars = useMemo(() => monthlyBars(report.writePaths, (row) => row.writePath), [report]);
  const totalsBars = useMemo(() => totalBars(report), [report]);
  return (
    <>
      <CostTotals report={report} inputs={inputs} />
      {inputs.error !== undefined && <ErrorNote error={inputs.error} />}
      <CostChart title="Monthly cost" groups={totalsBars} series={SERIES} format={formatMoney} />
      <p className="muted">
        Prices: {report.prices.region}, {report.prices.currency}. Provisioned totals round each pool up to whole units, without headroom. Type a figure and press
        Enter to write it into the model file.
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
      {report.patterns.length === 0 ? <p className="muted">The model has no access patterns.</p> : <PatternTable report={report} set={inputs.set} />}
      {patternBars.length > 0 && <CostChart title="Monthly cost by access pattern" groups={patternBars} series={SERIES} format={formatMoney} />}
      <h3>Write paths</h3>
      {report.writePaths.length === 0 ? <p className="muted">The model has no write paths.</p> : <WritePathTable report={report} set={inputs.set} />}
      {writeBars.length > 0 && <CostChart title="Monthly cost by write path" groups={writeBars} series={SERIES} format={formatMoney} />}
      <h3>Storage</h3>
      {report.storage.entities.length === 0 ? <p className="muted">The model has no entities.</p> : <StorageTable report={report} set={inputs.set} />}
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
  const [document, setDocument] = useModelDocument();
  const inputs = useCostInputs(document, setDocument);
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
        <Report report={answer.report} inputs={inputs} />
      ) : (
        <p className="muted">Pricing the model…</p>
      )}
    </section>
  );
}
