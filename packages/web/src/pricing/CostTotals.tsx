/**
 * The month's totals. A total of $0.00 always says why (no rates yet, no item
 * counts, a price of zero); totals resting on assumed figures say so, with
 * the way to fill the missing ones or keep the assumed ones.
 */
import { formatMoney, type CostReport } from '@dynotable/core';
import type { CostInputs } from './use-cost-inputs.js';

function MonthlyTotal({ label, amount, why }: { readonly label: string; readonly amount: number; readonly why: string | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{formatMoney(amount)} / month</dd>
      {why !== undefined && <dd className="pricing-why">$0 because {why}</dd>}
    </div>
  );
}

const figures = (count: number) => `${count} figure${count === 1 ? '' : 's'}`;

export function CostTotals({ report, inputs }: { readonly report: CostReport; readonly inputs: CostInputs }) {
  const { totals, zeroReasons } = report;
  return (
    <>
      <dl className="pricing-totals" aria-label="Monthly totals">
        <MonthlyTotal label="On-demand reads and writes" amount={totals.onDemandMonthly} why={zeroReasons.onDemand} />
        <MonthlyTotal label="Provisioned capacity" amount={totals.provisionedMonthly} why={zeroReasons.provisioned} />
        <MonthlyTotal label={`Storage (${report.storage.gb.toFixed(report.storage.gb < 10 ? 3 : 1)} GB)`} amount={totals.storageMonthly} why={zeroReasons.storage} />
      </dl>
      {report.assumedFigures > 0 && (
        <p className="pricing-assumed-note">
          <span className="pricing-assumed">assumed</span> These totals rest on {figures(report.assumedFigures)} no one has set yet (marked assumed below). Set
          each one below, or keep them as they are.
        </p>
      )}
      {(inputs.missing > 0 || inputs.assumedObjects > 0) && (
        <div className="pricing-row">
          {inputs.missing > 0 && (
            <button type="button" onClick={inputs.fillAssumptions}>
              Fill in assumed values ({figures(inputs.missing)} missing)
            </button>
          )}
          {inputs.assumedObjects > 0 && (
            <button type="button" onClick={inputs.keepAssumptions}>
              Keep the assumed values
            </button>
          )}
        </div>
      )}
    </>
  );
}
