/** Adds a trigger on the table: a handler file on this machine and Lambda's settings for the event source. */
import { useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { Field } from '../app/Field.js';
import { addTrigger } from './triggers-api.js';
import { EMPTY_DRAFT, triggerRequest } from './trigger-form.js';
import type { TriggerDraft } from './trigger-form.js';

export function TriggerForm({ connectionId, table, onAdded }: { readonly connectionId: string; readonly table: string; readonly onAdded: () => void }) {
  const [draft, setDraft] = useState<TriggerDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<unknown>(undefined);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof TriggerDraft>(name: K, value: TriggerDraft[K]) => setDraft((current) => ({ ...current, [name]: value }));
  const text = (name: 'handler' | 'batchSize' | 'window' | 'retries' | 'timeout' | 'onFailure') => ({
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
  });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const made = triggerRequest(table, draft);
    if ('problem' in made) {
      setError(new Error(made.problem));
      return;
    }
    setSaving(true);
    try {
      await addTrigger(connectionId, made.request);
      setError(undefined);
      setDraft(EMPTY_DRAFT);
      onAdded();
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="trigger-form" onSubmit={(event) => void submit(event)} aria-label="Add a trigger">
      <Field label="Handler file (.mjs or .js; relative to the folder DynoTable was started in)">
        <input type="text" placeholder="./handler.mjs" {...text('handler')} />
      </Field>
      <div className="trigger-form-row">
        <Field label="Batch size">
          <input type="number" min={1} max={10000} {...text('batchSize')} />
        </Field>
        <Field label="Batching window (s)">
          <input type="number" min={0} max={300} {...text('window')} />
        </Field>
        <Field label="Starting position">
          <select value={draft.start} onChange={(event) => set('start', event.target.value as TriggerDraft['start'])}>
            <option value="LATEST">LATEST</option>
            <option value="TRIM_HORIZON">TRIM_HORIZON</option>
          </select>
        </Field>
        <Field label="Retries (-1: until success)">
          <input type="number" min={-1} max={10000} {...text('retries')} />
        </Field>
        <Field label="Timeout (s)">
          <input type="number" min={1} max={900} {...text('timeout')} />
        </Field>
      </div>
      <div className="trigger-form-row">
        <label>
          <input type="checkbox" checked={draft.bisect} onChange={(event) => set('bisect', event.target.checked)} /> Split a failing batch (bisect)
        </label>
        <label>
          <input type="checkbox" checked={draft.reportFailures} onChange={(event) => set('reportFailures', event.target.checked)} /> Report batch item failures
        </label>
      </div>
      <Field label="Filter patterns (Lambda's JSON, one per line; none: every record)">
        <textarea rows={2} value={draft.filters} placeholder='{"eventName": ["INSERT"]}' onChange={(event) => set('filters', event.target.value)} />
      </Field>
      <Field label="On-failure file (JSON lines; optional)">
        <input type="text" placeholder="./failures.jsonl" {...text('onFailure')} />
      </Field>
      <ErrorNote error={error} />
      <button type="submit" disabled={saving}>
        Add trigger
      </button>
    </form>
  );
}
