/**
 * The key fields of a multi-attribute GSI: one field per partition key
 * attribute (each required, matched with =), then the sort-key operator and
 * one field per sort key attribute in order. The sort fields given must be
 * the first ones; the last one given takes the operator, the ones before it =.
 */
import { useId } from 'react';
import { describedBy, FieldError } from './FieldError.js';
import { partitionValuesOf, sortValuesOf } from './key-text.js';
import type { BuiltRead } from './query-request.js';
import { SORT_OPERATORS, type QueryState, type SortOperator } from './query-state.js';
import { keyListText, type KeyAttribute, type QueryTarget } from './table-indexes.js';

interface MultiKeyFieldsProps {
  readonly state: QueryState;
  readonly target: QueryTarget;
  readonly built: BuiltRead;
  readonly onChange: (patch: Partial<QueryState>) => void;
}

const TYPE_HINT = { S: 'string', N: 'number, exactly as typed', B: 'binary, in base64' } as const;

function TypeMark({ attribute }: { readonly attribute: KeyAttribute }) {
  return <abbr title={TYPE_HINT[attribute.type]}>{attribute.type}</abbr>;
}

/** The patch that sets the value of the attribute at `position`: the first in its own field, the others in the list. */
function valuePatch(first: 'partitionValue' | 'sortValue', rest: 'extraPartitionValues' | 'extraSortValues', values: readonly string[], position: number, value: string): Partial<QueryState> {
  if (position === 0) return { [first]: value };
  const extra = values.slice(1);
  extra[position - 1] = value;
  return { [rest]: extra };
}

export function MultiKeyFields({ state, target, built, onChange }: MultiKeyFieldsProps) {
  const id = useId();
  const partitionValues = partitionValuesOf(state, target);
  const sortValues = sortValuesOf(state, target);
  const partitionAt = built.keyFieldAt?.partition ?? 0;
  const sortAt = built.keyFieldAt?.sort ?? 0;
  const between = state.sortOperator === 'BETWEEN';
  const sortNames = keyListText(target.sortKeys);
  return (
    <div className="wb-key" role="group" aria-label={`Key condition on ${target.indexName ?? 'the table'}`}>
      {target.partitionKeys.map((key, position) => (
        <label className="wb-field" key={key.name}>
          <span>
            {key.name} = <TypeMark attribute={key} />
          </span>
          <input
            aria-label={`Partition key ${key.name} (${key.type})`}
            required
            value={partitionValues[position]}
            inputMode={key.type === 'N' ? 'decimal' : undefined}
            onChange={(event) => onChange(valuePatch('partitionValue', 'extraPartitionValues', partitionValues, position, event.target.value))}
            {...(position === partitionAt ? describedBy(`${id}-pk`, built.errors.partition) : {})}
          />
          {position === partitionAt && <FieldError id={`${id}-pk`} error={built.errors.partition} />}
        </label>
      ))}
      {target.sortKeys.length > 0 && (
        <label className="wb-field">
          <span>{sortNames}</span>
          <select
            aria-label={`Sort key ${sortNames} condition`}
            title="The last sort key attribute given takes this operator; the ones before it are matched with ="
            value={state.sortOperator}
            onChange={(event) => onChange({ sortOperator: event.target.value as SortOperator | 'none' })}
          >
            <option value="none">any</option>
            {SORT_OPERATORS.map((operator) => (
              <option key={operator} value={operator}>
                {operator}
              </option>
            ))}
          </select>
        </label>
      )}
      {state.sortOperator !== 'none' &&
        target.sortKeys.map((key, position) => (
          <label className="wb-field" key={key.name}>
            <span>
              {key.name} <TypeMark attribute={key} />
            </span>
            <input
              aria-label={`Sort key ${key.name} (${key.type})`}
              value={sortValues[position]}
              placeholder={position === 0 ? undefined : 'optional'}
              inputMode={key.type === 'N' ? 'decimal' : undefined}
              onChange={(event) => onChange(valuePatch('sortValue', 'extraSortValues', sortValues, position, event.target.value))}
              {...(position === sortAt ? describedBy(`${id}-sk`, built.errors.sort) : {})}
            />
          </label>
        ))}
      {between && (
        <label className="wb-field">
          <span>To (last one given)</span>
          <input aria-label="Sort key upper bound" value={state.sortValue2} onChange={(event) => onChange({ sortValue2: event.target.value })} {...describedBy(`${id}-sk`, built.errors.sort)} />
        </label>
      )}
      <button type="button" className="link-button" onClick={() => onChange({ keyMode: 'text', keyText: built.texts.key ?? state.keyText, placeholderNames: '', placeholderValues: '' })}>
        Edit as text
      </button>
      {state.sortOperator !== 'none' && <p className="wb-hint">Sort key attributes are matched left to right: fill the first ones; the last one filled takes {state.sortOperator}, the ones before it =.</p>}
      <FieldError id={`${id}-sk`} error={built.errors.sort} />
    </div>
  );
}
