/** The filter: rows of path, operator or function and value joined by AND/OR, or the friendly text typed by hand. */
import { useId } from 'react';
import { describedBy, FieldError } from './FieldError.js';
import type { BuiltRead } from './query-request.js';
import {
  ATTRIBUTE_TYPE_NAMES,
  COMPARATORS,
  EMPTY_FILTER_ROW,
  FILTER_OPERATORS,
  operandCount,
  type Comparator,
  type FilterOperator,
  type FilterRow,
  type QueryState,
  type ValueType,
} from './query-state.js';

interface FilterBuilderProps {
  readonly state: QueryState;
  readonly built: BuiltRead;
  readonly onChange: (patch: Partial<QueryState>) => void;
}

const VALUE_TYPES: readonly { value: ValueType; label: string }[] = [
  { value: 'S', label: 'S string' },
  { value: 'N', label: 'N number' },
  { value: 'B', label: 'B base64' },
  { value: 'BOOL', label: 'BOOL' },
  { value: 'NULL', label: 'NULL' },
  { value: 'literal', label: 'literal' },
];

export function FilterBuilder({ state, built, onChange }: FilterBuilderProps) {
  const id = useId();
  const error = built.errors.filter;
  if (state.filterMode === 'text') {
    return (
      <fieldset className="wb-filter">
        <legend>Filter</legend>
        <label className="wb-field wb-grow">
          <span className="visually-hidden">Filter (friendly text)</span>
          <textarea
            className="wb-mono"
            rows={2}
            value={state.filterText}
            placeholder={'status = "open" AND size(tags) > 2'}
            onChange={(event) => onChange({ filterText: event.target.value })}
            {...describedBy(`${id}-error`, error)}
          />
        </label>
        <FieldError id={`${id}-error`} error={error} />
        <button type="button" className="link-button" onClick={() => onChange({ filterMode: 'builder' })}>
          Use the builder
        </button>
      </fieldset>
    );
  }
  const rows = state.filterRows;
  const setRow = (index: number, patch: Partial<FilterRow>) => onChange({ filterRows: rows.map((row, at) => (at === index ? { ...row, ...patch } : row)) });
  return (
    <fieldset className="wb-filter">
      <legend>Filter</legend>
      {rows.map((row, index) => (
        <FilterRowFields
          key={index}
          row={row}
          index={index}
          error={built.filterRow === index || (built.filterRow === undefined && index === rows.length - 1) ? error : undefined}
          errorId={`${id}-error-${index}`}
          onChange={(patch) => setRow(index, patch)}
          onRemove={() => onChange({ filterRows: rows.filter((_, at) => at !== index) })}
        />
      ))}
      <div className="wb-row">
        <button type="button" onClick={() => onChange({ filterRows: [...rows, EMPTY_FILTER_ROW] })}>
          Add condition
        </button>
        <button type="button" className="link-button" onClick={() => onChange({ filterMode: 'text', filterText: built.texts.filter ?? state.filterText })}>
          Edit as text
        </button>
      </div>
    </fieldset>
  );
}

interface FilterRowFieldsProps {
  readonly row: FilterRow;
  readonly index: number;
  readonly error: BuiltRead['errors']['filter'];
  readonly errorId: string;
  readonly onChange: (patch: Partial<FilterRow>) => void;
  readonly onRemove: () => void;
}

function FilterRowFields({ row, index, error, errorId, onChange, onRemove }: FilterRowFieldsProps) {
  const operands = operandCount(row.operator);
  const n = index + 1;
  return (
    <div className="wb-filter-row" role="group" aria-label={`Condition ${n}`}>
      {index === 0 ? (
        <span className="wb-join">where</span>
      ) : (
        <select aria-label={`Join of condition ${n}`} value={row.join} onChange={(event) => onChange({ join: event.target.value as 'AND' | 'OR' })}>
          <option value="AND">AND</option>
          <option value="OR">OR</option>
        </select>
      )}
      <label className="wb-check">
        <input type="checkbox" checked={row.not} onChange={(event) => onChange({ not: event.target.checked })} />
        NOT
      </label>
      <input
        aria-label={`Path of condition ${n}`}
        className="wb-mono"
        placeholder="address.city or tags[0]"
        value={row.path}
        onChange={(event) => onChange({ path: event.target.value })}
        {...describedBy(errorId, error)}
      />
      <select aria-label={`Operator of condition ${n}`} value={row.operator} onChange={(event) => onChange({ operator: event.target.value as FilterOperator })}>
        {FILTER_OPERATORS.map((operator) => (
          <option key={operator} value={operator}>
            {operator === 'size' ? 'size(…)' : operator}
          </option>
        ))}
      </select>
      {row.operator === 'size' && (
        <select aria-label={`Size comparison of condition ${n}`} value={row.sizeComparator} onChange={(event) => onChange({ sizeComparator: event.target.value as Comparator })}>
          {COMPARATORS.map((comparator) => (
            <option key={comparator} value={comparator}>
              {comparator}
            </option>
          ))}
        </select>
      )}
      {row.operator === 'attribute_type' ? (
        <select aria-label={`Type of condition ${n}`} value={row.value} onChange={(event) => onChange({ value: event.target.value })}>
          <option value="">choose</option>
          {ATTRIBUTE_TYPE_NAMES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      ) : (
        operands > 0 && (
          <>
            <select aria-label={`Value type of condition ${n}`} value={row.valueType} onChange={(event) => onChange({ valueType: event.target.value as ValueType })}>
              {VALUE_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
            {row.valueType !== 'NULL' && (
              <input
                aria-label={`${operands === 2 ? 'Lower bound' : row.operator === 'IN' ? 'Values (comma-separated)' : 'Value'} of condition ${n}`}
                value={row.value}
                onChange={(event) => onChange({ value: event.target.value })}
                {...describedBy(errorId, error)}
              />
            )}
            {operands === 2 && row.valueType !== 'NULL' && (
              <input aria-label={`Upper bound of condition ${n}`} value={row.value2} onChange={(event) => onChange({ value2: event.target.value })} {...describedBy(errorId, error)} />
            )}
          </>
        )
      )}
      <button type="button" className="icon-button" aria-label={`Remove condition ${n}`} onClick={onRemove}>
        ×
      </button>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
