/** Form pieces shared by the create and update dialogs: a key attribute, a projection, throughput. */
import type { ProjectionType, ScalarAttributeType } from '../api/types.js';
import { Field } from './Field.js';

export interface KeyDraft {
  name: string;
  type: ScalarAttributeType;
}

export interface ProjectionDraft {
  type: ProjectionType;
  /** INCLUDE: attribute names separated by commas. */
  nonKey: string;
}

export interface ThroughputDraft {
  read: string;
  write: string;
}

export function KeyFields({ label, value, onChange, optional }: { label: string; value: KeyDraft; onChange: (key: KeyDraft) => void; optional?: boolean }) {
  return (
    <fieldset className="key-fields">
      <legend>{label}</legend>
      <Field label={<>Attribute name{optional === true ? ' (leave empty for none)' : ''}</>}>
        <input value={value.name} required={optional !== true} spellCheck={false} onChange={(event) => onChange({ ...value, name: event.target.value })} />
      </Field>
      <Field label="Type">
        <select value={value.type} onChange={(event) => onChange({ ...value, type: event.target.value as ScalarAttributeType })}>
          <option value="S">String (S)</option>
          <option value="N">Number (N)</option>
          <option value="B">Binary (B)</option>
        </select>
      </Field>
    </fieldset>
  );
}

export function ProjectionFields({ value, onChange }: { value: ProjectionDraft; onChange: (projection: ProjectionDraft) => void }) {
  return (
    <div className="field-row">
      <Field label="Projection">
        <select value={value.type} onChange={(event) => onChange({ ...value, type: event.target.value as ProjectionType })}>
          <option value="ALL">ALL: every attribute</option>
          <option value="KEYS_ONLY">KEYS_ONLY: the keys only</option>
          <option value="INCLUDE">INCLUDE: the keys and named attributes</option>
        </select>
      </Field>
      {value.type === 'INCLUDE' && (
        <Field label="Included attributes (comma separated)">
          <input value={value.nonKey} spellCheck={false} onChange={(event) => onChange({ ...value, nonKey: event.target.value })} />
        </Field>
      )}
    </div>
  );
}

export function ThroughputFields({ value, onChange }: { value: ThroughputDraft; onChange: (throughput: ThroughputDraft) => void }) {
  return (
    <div className="field-row">
      <Field label="Read capacity units">
        <input type="number" min={1} step={1} required value={value.read} onChange={(event) => onChange({ ...value, read: event.target.value })} />
      </Field>
      <Field label="Write capacity units">
        <input type="number" min={1} step={1} required value={value.write} onChange={(event) => onChange({ ...value, write: event.target.value })} />
      </Field>
    </div>
  );
}

export const projectionInput = (draft: ProjectionDraft) => ({
  type: draft.type,
  ...(draft.type === 'INCLUDE' ? { nonKeyAttributes: draft.nonKey.split(',').map((name) => name.trim()).filter((name) => name !== '') } : {}),
});

export const throughputInput = (draft: ThroughputDraft) => ({ readCapacityUnits: Number(draft.read), writeCapacityUnits: Number(draft.write) });
