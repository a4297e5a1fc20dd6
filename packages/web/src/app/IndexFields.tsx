/**
 * One secondary index in a form: name, keys, projection. A GSI may have a
 * multi-attribute key: rows of partition and sort attributes, added and
 * removed up to DynamoDB's limit, each with its own type.
 */
import { MAX_GSI_KEY_ATTRIBUTES } from '@dynotable/core';
import { useEffect, useId, useRef } from 'react';
import { KeyFields, ProjectionFields } from './key-fields.js';
import { addKey, canAddKey, indexKeyProblem, removeKey, replaceKey, type IndexDraft, type KeyRole } from './index-drafts.js';
import { Field } from './Field.js';

interface IndexFieldsProps {
  readonly value: IndexDraft;
  readonly onChange: (index: IndexDraft) => void;
  readonly onRemove?: () => void;
}

const ROLE_WORDS = { partitionKeys: 'Partition key', sortKeys: 'Sort key' } as const;

/** The rows of one role: "Partition key", then "Partition key 2" and on, each after the first removable. */
function KeyRows({ value, role, onChange }: { readonly value: IndexDraft; readonly role: KeyRole; readonly onChange: (index: IndexDraft) => void }) {
  const words = ROLE_WORDS[role];
  const keys = value[role];
  const lower = words.toLowerCase();
  return (
    <div className="key-rows">
      {keys.map((key, at) => (
        <div className="field-row" key={at}>
          <KeyFields
            label={at === 0 ? words : `${words} ${at + 1}`}
            optional={role === 'sortKeys' && value.kind === 'GSI' && at === 0 && keys.length === 1}
            value={key}
            onChange={(changed) => onChange(replaceKey(value, role, at, changed))}
          />
          {at > 0 && (
            <button type="button" onClick={() => onChange(removeKey(value, role, at))}>
              Remove {lower} {at + 1}
            </button>
          )}
        </div>
      ))}
      {value.kind === 'GSI' && (
        <button
          type="button"
          disabled={!canAddKey(value, role)}
          title={`A GSI's key takes up to ${MAX_GSI_KEY_ATTRIBUTES} ${lower} attributes, matched in order`}
          onClick={() => onChange(addKey(value, role))}
        >
          Add a {lower} attribute
        </button>
      )}
    </div>
  );
}

export function IndexFields({ value, onChange, onRemove }: IndexFieldsProps) {
  const title = value.kind === 'GSI' ? 'Global secondary index' : 'Local secondary index';
  const problem = indexKeyProblem(value);
  const problemId = useId();
  const name = useRef<HTMLInputElement>(null);
  // The form is not sent while the key is one DynamoDB would refuse.
  useEffect(() => name.current?.setCustomValidity(problem ?? ''), [problem]);
  return (
    <fieldset className="index-fields">
      <legend>
        {title}
        {value.name !== '' ? ` ${value.name}` : ''}
      </legend>
      <Field label="Index name">
        <input
          ref={name}
          value={value.name}
          required
          spellCheck={false}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
          {...(problem !== undefined ? { 'aria-describedby': problemId } : {})}
        />
      </Field>
      {value.kind === 'GSI' && <KeyRows value={value} role="partitionKeys" onChange={onChange} />}
      <KeyRows value={value} role="sortKeys" onChange={onChange} />
      {problem !== undefined && (
        <p className="error-note" id={problemId} role="alert">
          {problem}
        </p>
      )}
      <ProjectionFields value={value.projection} onChange={(projection) => onChange({ ...value, projection })} />
      {onRemove !== undefined && (
        <button type="button" className="danger" onClick={onRemove}>
          Remove this index
        </button>
      )}
    </fieldset>
  );
}
