/**
 * One cost input of the model (a rate, an item count, an item size) edited in
 * place: typed, then kept with Enter or by leaving the field; Escape puts the
 * model's value back. "assumed" shows beside a value no person has set.
 */
import { readCostInput, type CostInput } from '@dynotable/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface CostInputFieldProps {
  /** The accessible name: "getPlayer calls per second". */
  readonly label: string;
  readonly field: CostInput['field'];
  readonly value: number | undefined;
  readonly placeholder?: string;
  readonly assumed: boolean;
  readonly onCommit: (value: number | undefined) => void;
}

const shown = (value: number | undefined) => (value === undefined ? '' : String(value));

export function CostInputField({ label, field, value, placeholder, assumed, onCommit }: CostInputFieldProps) {
  const id = useId();
  // The text being typed; undefined shows the model's value.
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const focused = useRef(false);

  // A new value from the model (this edit arriving, or another) replaces a draft no one is typing in.
  useEffect(() => {
    if (!focused.current) {
      setDraft(undefined);
      setProblem(undefined);
    }
  }, [value]);

  const commit = () => {
    if (draft === undefined) return;
    const reading = readCostInput(field, draft);
    if (!reading.ok) {
      setProblem(reading.message);
      return;
    }
    setProblem(undefined);
    if (reading.value !== value) onCommit(reading.value);
    else setDraft(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== undefined) {
      event.preventDefault();
      setDraft(undefined);
      setProblem(undefined);
    }
  };

  const described = [assumed && draft === undefined ? `${id}-assumed` : undefined, problem !== undefined ? `${id}-problem` : undefined].filter(Boolean).join(' ');
  return (
    <span className="pricing-input">
      <input
        type="text"
        inputMode="decimal"
        aria-label={label}
        value={draft ?? shown(value)}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          commit();
        }}
        {...(described !== '' ? { 'aria-describedby': described } : {})}
        {...(problem !== undefined ? { 'aria-invalid': true } : {})}
      />
      {assumed && draft === undefined && (
        <span className="pricing-assumed" id={`${id}-assumed`}>
          assumed
        </span>
      )}
      {problem !== undefined && (
        <span className="pricing-problem pricing-notes" id={`${id}-problem`}>
          {problem}
        </span>
      )}
    </span>
  );
}
