/**
 * The table dialogs' stream settings: off, or on with a view type (which
 * images each record keeps). Create takes the choice with the rest of the
 * table; Update sends it as its own change.
 */
import { useState } from 'react';
import type { TableDescription, UpdateTableInput } from '../api/types.js';
import { DialogForm } from '../app/Dialog.js';
import { Field } from '../app/Field.js';
import type { StreamViewType } from './changes-api.js';
import { viewTypeWords } from './record-view.js';

export type StreamChoice = 'OFF' | StreamViewType;

const CHOICES: readonly { readonly value: StreamChoice; readonly label: string }[] = [
  { value: 'OFF', label: 'Off' },
  { value: 'NEW_AND_OLD_IMAGES', label: 'New and old images (a diff of every change)' },
  { value: 'NEW_IMAGE', label: 'New image (the item after the change)' },
  { value: 'OLD_IMAGE', label: 'Old image (the item before the change)' },
  { value: 'KEYS_ONLY', label: 'Keys only' },
];

/** The create request's field: nothing when off. */
export function streamInput(choice: StreamChoice): { stream?: { enabled: true; viewType: StreamViewType } } {
  return choice === 'OFF' ? {} : { stream: { enabled: true, viewType: choice } };
}

export function StreamFields({ value, onChange }: { readonly value: StreamChoice; readonly onChange: (choice: StreamChoice) => void }) {
  return (
    <Field label="Stream">
      <select value={value} onChange={(event) => onChange(event.target.value as StreamChoice)}>
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

interface StreamUpdateFormProps {
  readonly description: TableDescription;
  readonly busy: boolean;
  readonly onSend: (input: UpdateTableInput) => void;
}

/** Update: the stream on, off, or another view type (DynamoDB takes that as off then on: a new stream). */
export function StreamUpdateForm({ description, busy, onSend }: StreamUpdateFormProps) {
  const spec = description.table.StreamSpecification;
  const current: StreamChoice = spec?.StreamEnabled === true ? ((spec.StreamViewType as StreamViewType | undefined) ?? 'NEW_AND_OLD_IMAGES') : 'OFF';
  const [choice, setChoice] = useState<StreamChoice>(current);
  return (
    <DialogForm onSubmit={() => onSend({ stream: choice === 'OFF' ? { enabled: false } : { enabled: true, viewType: choice } })}>
      <fieldset>
        <legend>Stream: {current === 'OFF' ? 'off' : `on, ${viewTypeWords(current)}`}</legend>
        <StreamFields value={choice} onChange={setChoice} />
        {current !== 'OFF' && choice !== 'OFF' && choice !== current && (
          <p className="muted">Another view type turns the stream off, then on: the new stream starts empty, and the old one stays readable for 24 hours.</p>
        )}
        <button type="submit" disabled={busy || choice === current}>
          Change the stream
        </button>
      </fieldset>
    </DialogForm>
  );
}
