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
  return (
    <fieldset className="verify-options" disabled={disabled}>
      <legend>Options</legend>
      <WholeNumberField id={`${ids}-items`} label="Sample items" text={choices.items} read={items} onText={(text) => onChange({ ...choices, items: text })} />
      <WholeNumberField id={`${ids}-seed`} label="Seed" text={choices.seed} read={seed} onText={(text) => onChange({ ...choices, seed: text })} />
      <div className="verify-field verify-check">
        <input id={`${ids}-keep`} type="checkbox" checked={choices.keep} onChange={(event) => onChange({ ...choices, keep: event.target.checked })} />
        <label htmlFor={`${ids}-keep`}>Keep tables</label>
        <span className="muted">The dtverify_ tables stay after the run, so each access pattern can be opened on the data verify wrote.</span>
      </div>
    </fieldset>
  );
}

interface WholeNumberFieldProps {
  readonly id: string;
  readonly label: string;
  readonly text: string;
  /** The text read as a whole number, or why it is not one. */
  readonly read: WholeNumber;
  readonly onText: (text: string) => void;
}

/** A whole number typed as text, with the reason beside it while it is not one. */
function WholeNumberField({ id, label, text, read, onText }: WholeNumberFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="verify-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        value={text}
        aria-invalid={!read.ok}
        aria-describedby={read.ok ? undefined : errorId}
        onChange={(event) => onText(event.target.value)}
      />
      {!read.ok && (
        <span id={errorId} className="verify-field-error">
          {read.message}
        </span>
      )}
    </div>
  );
}
