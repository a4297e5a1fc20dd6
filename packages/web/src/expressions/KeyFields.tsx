/**
 * The key attributes: names and types (to check key conditions, items and
 * updates), and values where the operation sends a Key. A Query on a GSI with
 * a multi-attribute key has a row per attribute: up to four of each role,
 * added and removed here (picking the index fills them).
 */
import { MAX_GSI_KEY_ATTRIBUTES, type KeyType } from '@dynotable/core';
import { useId } from 'react';
import type { FieldProblem } from './build-request.js';
import { KEY_TYPES, type ExpressionState, type ExtraKey } from './expression-state.js';
import { readsMultiAttributeKey } from './key-lists.js';

interface KeyFieldsProps {
  readonly state: ExpressionState;
  readonly withValues: boolean;
  readonly onChange: (change: Partial<ExpressionState>) => void;
  readonly problems: { readonly partitionKey?: FieldProblem; readonly sortKey?: FieldProblem; readonly partitionValue?: FieldProblem; readonly sortValue?: FieldProblem };
}

interface KeyRowProps {
  /** "Partition key", "Sort key 2". */
  readonly label: string;
  readonly name: string;
  readonly type: KeyType;
  readonly placeholder: string;
  /** The value field, where the operation sends a Key; disabled while the attribute has no name. */
  readonly value?: { readonly text: string; readonly disabled: boolean; readonly problem: FieldProblem | undefined; readonly onValue: (value: string) => void } | undefined;
  readonly nameProblem?: FieldProblem | undefined;
  readonly onName: (name: string) => void;
  readonly onType: (type: KeyType) => void;
  readonly onRemove?: (() => void) | undefined;
}

function KeyRow({ label, name, type, placeholder, value, nameProblem, onName, onType, onRemove }: KeyRowProps) {
  const id = useId();
  return (
    <div className="xp-key-row">
      <div className="xp-key-cell">
        <label htmlFor={`${id}-name`}>{label}</label>
        <input
          id={`${id}-name`}
          className="xp-mono"
          value={name}
          placeholder={placeholder}
          onChange={(event) => onName(event.target.value)}
          {...(nameProblem !== undefined ? { 'aria-invalid': true, 'aria-describedby': `${id}-name-problem` } : {})}
        />
      </div>
      <div className="xp-key-cell">
        <label htmlFor={`${id}-type`}>{label} type</label>
        <select id={`${id}-type`} value={type} onChange={(event) => onType(event.target.value as KeyType)}>
          {KEY_TYPES.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </div>
      {value !== undefined && (
        <div className="xp-key-cell xp-key-value">
          <label htmlFor={`${id}-value`}>{label} value</label>
          <input
            id={`${id}-value`}
            className="xp-mono"
            value={value.text}
            disabled={value.disabled}
            onChange={(event) => value.onValue(event.target.value)}
            {...(value.problem !== undefined ? { 'aria-invalid': true, 'aria-describedby': `${id}-value-problem` } : {})}
          />
        </div>
      )}
      {onRemove !== undefined && (
        <button type="button" onClick={onRemove}>
          Remove {label.toLowerCase()}
        </button>
      )}
      {nameProblem !== undefined && (
        <p className="xp-problem" id={`${id}-name-problem`} role="alert">
          {nameProblem.message}
        </p>
      )}
      {value?.problem !== undefined && (
        <p className="xp-problem" id={`${id}-value-problem`} role="alert">
          {value.problem.message}
        </p>
      )}
    </div>
  );
}

/** The state's fields of each role, in the order the page shows them. */
const KEY_PARTS = [
  { role: 'Partition', name: 'partitionKey', type: 'partitionType', value: 'partitionValue', extra: 'extraPartitionKeys', placeholder: 'PK' },
  { role: 'Sort', name: 'sortKey', type: 'sortType', value: 'sortValue', extra: 'extraSortKeys', placeholder: 'none' },
] as const;

type KeyPart = (typeof KEY_PARTS)[number];

/** The later attributes of one role (a multi-attribute GSI's), each removable, and a button to add one up to the limit. */
function ExtraRows({ part, keys, onChange }: { readonly part: KeyPart; readonly keys: readonly ExtraKey[]; readonly onChange: (change: Partial<ExpressionState>) => void }) {
  const set = (next: readonly ExtraKey[]) => onChange({ [part.extra]: next });
  const lower = part.role.toLowerCase();
  return (
    <>
      {keys.map((key, at) => (
        <KeyRow
          key={at}
          label={`${part.role} key ${at + 2}`}
          name={key.name}
          type={key.type}
          placeholder={`${lower} key attribute ${at + 2}`}
          onName={(name) => set(keys.map((each, i) => (i === at ? { ...each, name } : each)))}
          onType={(type) => set(keys.map((each, i) => (i === at ? { ...each, type } : each)))}
          onRemove={() => set(keys.filter((_, i) => i !== at))}
        />
      ))}
      {keys.length + 1 < MAX_GSI_KEY_ATTRIBUTES && (
        <button type="button" className="link-button" onClick={() => set([...keys, { name: '', type: 'S' }])}>
          Add a {lower} key attribute (multi-attribute GSI)
        </button>
      )}
    </>
  );
}

export function KeyFields({ state, withValues, onChange, problems }: KeyFieldsProps) {
  const multi = readsMultiAttributeKey(state);
  return (
    <fieldset className="xp-keys">
      <legend>{withValues ? 'Key' : state.operation === 'Query' ? 'Key of the table or index queried' : 'Key of the table'}</legend>
      {KEY_PARTS.map((part) => (
        <div key={part.role} className="xp-key-role" role="group" aria-label={`${part.role} key attributes`}>
          <KeyRow
            label={`${part.role} key`}
            name={state[part.name]}
            type={state[part.type]}
            placeholder={part.placeholder}
            nameProblem={problems[part.name]}
            onName={(name) => onChange({ [part.name]: name })}
            onType={(type) => onChange({ [part.type]: type })}
            value={
              withValues
                ? {
                    text: state[part.value],
                    disabled: part.role === 'Sort' && state.sortKey.trim() === '',
                    problem: problems[part.value],
                    onValue: (value: string) => onChange({ [part.value]: value }),
                  }
                : undefined
            }
          />
          {multi && <ExtraRows part={part} keys={state[part.extra]} onChange={onChange} />}
        </div>
      ))}
    </fieldset>
  );
}
