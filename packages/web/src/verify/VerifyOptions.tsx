/** The run's options: how many sample items, the seed that makes them, and whether the tables stay afterwards. */
import { useId } from 'react';
import type { VerifyChoices, WholeNumber } from './verify-search.js';

interface VerifyOptionsProps {
  readonly choices: VerifyChoices;
  readonly items: WholeNumber;
  readonly seed: WholeNumber;
  readonly onChange: (choices: VerifyChoices) => void;
  readonly disabled: boolean;
}

export function VerifyOptions({ choices, items, seed, onChange, disabled }: VerifyOptionsProps) {
  const ids = useId();
  const itemsError = `${ids}-items-error`;
  const seedError = `${ids}-seed-error`;
  return (
    <fieldset className="verify-options" disabled={disabled}>
      <legend>Options</legend>
      <div className="verify-field">
        <label htmlFor={`${ids}-items`}>Sample items</label>
        <input
          id={`${ids}-items`}
          inputMode="numeric"
          value={choices.items}
          aria-invalid={!items.ok}
          aria-describedby={items.ok ? undefined : itemsError}
          onChange={(event) => onChange({ ...choices, items: event.target.value })}
        />
        {!items.ok && (
          <span id={itemsError} className="verify-field-error">
            {items.message}
          </span>
        )}
      </div>
      <div className="verify-field">
        <label htmlFor={`${ids}-seed`}>Seed</label>
        <input
          id={`${ids}-seed`}
          inputMode="numeric"
          value={choices.seed}
          aria-invalid={!seed.ok}
          aria-describedby={seed.ok ? undefined : seedError}
          onChange={(event) => onChange({ ...choices, seed: event.target.value })}
        />
        {!seed.ok && (
          <span id={seedError} className="verify-field-error">
            {seed.message}
          </span>
        )}
      </div>
      <div className="verify-field verify-check">
        <input id={`${ids}-keep`} type="checkbox" checked={choices.keep} onChange={(event) => onChange({ ...choices, keep: event.target.checked })} />
        <label htmlFor={`${ids}-keep`}>Keep tables</label>
        <span className="muted">The dtverify_ tables stay after the run, so each access pattern can be opened on the data verify wrote.</span>
      </div>
    </fieldset>
  );
}
