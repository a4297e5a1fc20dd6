/**
 * A Query's key condition: the partition key value, the sort-key operator
 * with its bounds (one field per attribute on a multi-attribute GSI:
 * MultiKeyFields), or the condition typed by hand.
 */
import { useId, useState } from 'react';
import { HIGHEST_CHARACTER } from '@dynotable/core';
import { describedBy, FieldError } from './FieldError.js';
import { keyFieldsFromText } from './key-fields-from-text.js';
import { MultiKeyFields } from './MultiKeyFields.js';
import type { BuiltRead } from './query-request.js';
import { SORT_OPERATORS, type QueryState, type SortOperator } from './query-state.js';
import { hasMultiAttributeKey, type QueryTarget } from './table-indexes.js';

interface KeyConditionFieldsProps {
  readonly state: QueryState;
  readonly target: QueryTarget;
  readonly built: BuiltRead;
  readonly onChange: (patch: Partial<QueryState>) => void;
}

const TYPE_HINT = { S: 'string', N: 'number, exactly as typed', B: 'binary, in base64' } as const;

/** A bound ending in U+10FFFF (the day-window fix) shows nothing visible at its end: say it is there. */
function WidenedHint({ value }: { readonly value: string }) {
  if (!value.endsWith(HIGHEST_CHARACTER)) return null;
  return <span className="wb-hint">followed by U+10FFFF, the highest character: every key that starts with the rest is inside</span>;
}

/** Why "Use fields" kept the text, for the text it was asked about (typing on makes it moot). */
interface Refusal {
  readonly reason: string;
  readonly forText: string;
}

/** An example key condition for the target: every partition attribute, and a condition on the first sort attribute. */
function typedPlaceholder(target: QueryTarget): string {
  const partitions = target.partitionKeys.map((key) => `${key.name} = "…"`).join(' AND ');
  return `${partitions}${target.sortKey !== undefined ? ` AND ${target.sortKey.name} > …` : ''}`;
}

/**
 * The key condition typed by hand, with the names and values of its
 * placeholders; "Use fields" turns it into the fields, or says why it cannot.
 */
function TypedKeyCondition({ state, target, built, onChange }: KeyConditionFieldsProps) {
  const id = useId();
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const asked = JSON.stringify([state.keyText, state.placeholderNames, state.placeholderValues, target.indexName]);
  const shownRefusal = refusal?.forText === asked ? refusal.reason : undefined;
  const useFields = () => {
    const answer = keyFieldsFromText(state, target);
    if (answer.ok) {
      setRefusal(undefined);
      onChange(answer.patch);
    } else setRefusal({ reason: answer.reason, forText: asked });
  };
  return (
    <div className="wb-key">
      <label className="wb-field wb-grow">
        <span>Key condition (friendly text)</span>
        <input
          className="wb-mono"
          value={state.keyText}
          placeholder={typedPlaceholder(target)}
          onChange={(event) => onChange({ keyText: event.target.value })}
          {...describedBy(`${id}-key`, built.errors.key)}
        />
        <FieldError id={`${id}-key`} error={built.errors.key} />
      </label>
      <label className="wb-field">
        <span>Names of #placeholders</span>
        <input className="wb-mono" value={state.placeholderNames} placeholder='{"#pk": "PK"}' onChange={(event) => onChange({ placeholderNames: event.target.value })} />
      </label>
      <label className="wb-field">
        <span>Values of :placeholders</span>
        <input className="wb-mono" value={state.placeholderValues} placeholder='{":pk": {"S": "…"}}' onChange={(event) => onChange({ placeholderValues: event.target.value })} />
      </label>
      <button type="button" className="link-button" onClick={useFields} aria-describedby={shownRefusal !== undefined ? `${id}-refusal` : undefined}>
        Use fields
      </button>
      {shownRefusal !== undefined && (
        <p className="error-note wb-key-refusal" id={`${id}-refusal`} role="alert">
          {shownRefusal}
        </p>
      )}
    </div>
  );
}

export function KeyConditionFields({ state, target, built, onChange }: KeyConditionFieldsProps) {
  const id = useId();
  const { partitionKey, sortKey } = target;
  if (state.keyMode === 'text') return <TypedKeyCondition state={state} target={target} built={built} onChange={onChange} />;
  if (hasMultiAttributeKey(target)) return <MultiKeyFields state={state} target={target} built={built} onChange={onChange} />;
  const between = state.sortOperator === 'BETWEEN';
  return (
    <div className="wb-key">
      <label className="wb-field">
        <span>
          {partitionKey.name} = <abbr title={TYPE_HINT[partitionKey.type]}>{partitionKey.type}</abbr>
        </span>
        <input
          aria-label={`Partition key ${partitionKey.name} (${partitionKey.type})`}
          value={state.partitionValue}
          inputMode={partitionKey.type === 'N' ? 'decimal' : undefined}
          onChange={(event) => onChange({ partitionValue: event.target.value })}
          {...describedBy(`${id}-pk`, built.errors.partition)}
        />
        <FieldError id={`${id}-pk`} error={built.errors.partition} />
      </label>
      {sortKey !== undefined && (
        <>
          <label className="wb-field">
            <span>
              {sortKey.name} <abbr title={TYPE_HINT[sortKey.type]}>{sortKey.type}</abbr>
            </span>
            <select aria-label={`Sort key ${sortKey.name} condition`} value={state.sortOperator} onChange={(event) => onChange({ sortOperator: event.target.value as SortOperator | 'none' })}>
              <option value="none">any</option>
              {SORT_OPERATORS.map((operator) => (
                <option key={operator} value={operator}>
                  {operator}
                </option>
              ))}
            </select>
          </label>
          {state.sortOperator !== 'none' && (
            <label className="wb-field">
              <span>{between ? 'From' : 'Value'}</span>
              <input
                aria-label={`Sort key ${sortKey.name} ${between ? 'from' : 'value'} (${sortKey.type})`}
                value={state.sortValue}
                onChange={(event) => onChange({ sortValue: event.target.value })}
                {...describedBy(`${id}-sk`, built.errors.sort)}
              />
              {sortKey.type === 'S' && <WidenedHint value={state.sortValue} />}
            </label>
          )}
          {between && (
            <label className="wb-field">
              <span>To</span>
              <input aria-label={`Sort key ${sortKey.name} to (${sortKey.type})`} value={state.sortValue2} onChange={(event) => onChange({ sortValue2: event.target.value })} {...describedBy(`${id}-sk`, built.errors.sort)} />
              {sortKey.type === 'S' && <WidenedHint value={state.sortValue2} />}
            </label>
          )}
        </>
      )}
      <button type="button" className="link-button" onClick={() => onChange({ keyMode: 'text', keyText: built.texts.key ?? state.keyText, placeholderNames: '', placeholderValues: '' })}>
        Edit as text
      </button>
      <FieldError id={`${id}-sk`} error={built.errors.sort} />
    </div>
  );
}
