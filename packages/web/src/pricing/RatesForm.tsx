/** The prices the model's cost and the comparison use; empty fields take the server's defaults, shown as placeholders. */
import type { PriceTable } from '@dynotable/core';
import { useId } from 'react';
import { defaultRate, hasRates, NO_RATES, RATE_FIELDS, type RateField, type Rates } from './rates.js';

const LABELS: Readonly<Record<RateField, string>> = {
  onDemandRead: 'On-demand reads, per million',
  onDemandWrite: 'On-demand writes, per million',
  provisionedRead: 'Provisioned RCU, per hour',
  provisionedWrite: 'Provisioned WCU, per hour',
  storage: 'Storage, per GB-month',
  region: 'Region',
};

interface RatesFormProps {
  readonly rates: Rates;
  readonly onChange: (rates: Rates) => void;
  readonly defaults: PriceTable | undefined;
  readonly problems: Partial<Record<RateField, string>>;
}

export function RatesForm({ rates, onChange, defaults, problems }: RatesFormProps) {
  const id = useId();
  return (
    <section className="tool-panel pricing-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Rates</h2>
      <p className="muted">
        {defaults === undefined
          ? 'Empty fields take the server’s default prices.'
          : `Empty fields take the server’s defaults: ${defaults.region}, ${defaults.currency}, as of ${defaults.asOf} (Standard table class). ${defaults.source}`}
      </p>
      <div className="pricing-rates">
        {RATE_FIELDS.map((field) => (
          <div key={field} className="pricing-rate">
            <label htmlFor={`${id}-${field}`}>{LABELS[field]}</label>
            <input
              id={`${id}-${field}`}
              inputMode={field === 'region' ? 'text' : 'decimal'}
              value={rates[field]}
              placeholder={defaults === undefined ? '' : defaultRate(defaults, field)}
              onChange={(event) => onChange({ ...rates, [field]: event.target.value })}
              {...(problems[field] !== undefined ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-problem` } : {})}
            />
            {problems[field] !== undefined && (
              <span className="pricing-problem" id={`${id}-${field}-problem`}>
                {problems[field]}
              </span>
            )}
          </div>
        ))}
      </div>
      <button type="button" disabled={!hasRates(rates)} onClick={() => onChange(NO_RATES)}>
        Use the default prices
      </button>
    </section>
  );
}
