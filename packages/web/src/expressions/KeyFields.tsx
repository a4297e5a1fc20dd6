/** The key attributes: names and types (to check key conditions, items and updates), and values where the operation sends a Key. */
import type { KeyType } from '@dynotable/core';
import { useId } from 'react';
import type { FieldProblem } from './build-request.js';
import { KEY_TYPES, type ExpressionState } from './expression-state.js';

interface KeyFieldsProps {
  readonly state: ExpressionState;
  readonly withValues: boolean;
  readonly onChange: (change: Partial<ExpressionState>) => void;
  readonly problems: { readonly partitionKey?: FieldProblem; readonly sortKey?: FieldProblem; readonly partitionValue?: FieldProblem; readonly sortValue?: FieldProblem };
}

interface KeyRowProps {
  readonly role: 'Partition' | 'Sort';
  readonly name: string;
  readonly type: KeyType;
  readonly value: string;
  readonly withValue: boolean;
  readonly nameProblem?: FieldProblem | undefined;
  readonly valueProblem?: FieldProblem | undefined;
  readonly onName: (name: string) => void;
  readonly onType: (type: KeyType) => void;
  readonly onValue: (value: string) => void;
}

function KeyRow({ role, name, type, value, withValue, nameProblem, valueProblem, onName, onType, onValue }: KeyRowProps) {
  const id = useId();
  return (
    <div className="xp-key-row">
      <div className="xp-key-cell">
        <label htmlFor={`${id}-name`}>{role} key</label>
        <input
          id={`${id}-name`}
          className="xp-mono"
          value={name}
          placeholder={role === 'Sort' ? 'none' : 'PK'}
          onChange={(event) => onName(event.target.value)}
          {...(nameProblem !== undefined ? { 'aria-invalid': true, 'aria-describedby': `${id}-name-problem` } : {})}
        />
      </div>
      <div className="xp-key-cell">
        <label htmlFor={`${id}-type`}>{role} key type</label>
        <select id={`${id}-type`} value={type} onChange={(event) => onType(event.target.value as KeyType)}>
          {KEY_TYPES.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </div>
      {withValue && (
        <div className="xp-key-cell xp-key-value">
          <label htmlFor={`${id}-value`}>{role} key value</label>
          <input
            id={`${id}-value`}
            className="xp-mono"
            value={value}
            disabled={role === 'Sort' && name.trim() === ''}
            onChange={(event) => onValue(event.target.value)}
            {...(valueProblem !== undefined ? { 'aria-invalid': true, 'aria-describedby': `${id}-value-problem` } : {})}
          />
        </div>
      )}
      {nameProblem !== undefined && (
        <p className="xp-problem" id={`${id}-name-problem`} role="alert">
          {nameProblem.message}
        </p>
      )}
      {valueProblem !== undefined && (
        <p className="xp-problem" id={`${id}-value-problem`} role="alert">
          {valueProblem.message}
        </p>
      )}
    </div>
  );
}

/** The state's fields of each key attribute, in the order the page shows them. */
const KEY_PARTS = [
  { role: 'Partition', name: 'partitionKey', type: 'partitionType', value: 'partitionValue' },
  { role: 'Sort', name: 'sortKey', type: 'sortType', value: 'sortValue' },
] as const;

export function KeyFields({ state, withValues, onChange, problems }: KeyFieldsProps) {
  return (
    <fieldset className="xp-keys">
      <legend>{withValues ? 'Key' : state.operation === 'Query' ? 'Key of the table or index queried' : 'Key of the table'}</legend>
      {KEY_PARTS.map((part) => (
        <KeyRow
          key={part.role}
          role={part.role}
          name={state[part.name]}
          type={state[part.type]}
          value={state[part.value]}
          withValue={withValues}
          nameProblem={problems[part.name]}
          valueProblem={problems[part.value]}
          onName={(name) => onChange({ [part.name]: name })}
          onType={(type) => onChange({ [part.type]: type })}
          onValue={(value) => onChange({ [part.value]: value })}
        />
      ))}
    </fieldset>
  );
}
