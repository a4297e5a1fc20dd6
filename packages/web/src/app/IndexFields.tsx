/** One secondary index in a form: name, keys, projection. */
import { KeyFields, ProjectionFields } from './key-fields.js';
import type { IndexDraft } from './index-drafts.js';
import { Field } from './Field.js';

interface IndexFieldsProps {
  readonly value: IndexDraft;
  readonly onChange: (index: IndexDraft) => void;
  readonly onRemove?: () => void;
}

export function IndexFields({ value, onChange, onRemove }: IndexFieldsProps) {
  const title = value.kind === 'GSI' ? 'Global secondary index' : 'Local secondary index';
  return (
    <fieldset className="index-fields">
      <legend>
        {title}
        {value.name !== '' ? ` ${value.name}` : ''}
      </legend>
      <Field label="Index name">
        <input value={value.name} required spellCheck={false} onChange={(event) => onChange({ ...value, name: event.target.value })} />
      </Field>
      {value.kind === 'GSI' && <KeyFields label="Partition key" value={value.partitionKey} onChange={(partitionKey) => onChange({ ...value, partitionKey })} />}
      <KeyFields label="Sort key" optional={value.kind === 'GSI'} value={value.sortKey} onChange={(sortKey) => onChange({ ...value, sortKey })} />
      <ProjectionFields value={value.projection} onChange={(projection) => onChange({ ...value, projection })} />
      {onRemove !== undefined && (
        <button type="button" className="danger" onClick={onRemove}>
          Remove this index
        </button>
      )}
    </fieldset>
  );
}
