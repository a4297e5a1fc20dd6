/** The query panel of one pane: Scan or Query, the index, the key condition, direction, filter, projection, limit, consistency. */
import { useEffect, useId, useState } from 'react';
import { describedBy, FieldError } from './FieldError.js';
import { FilterBuilder } from './FilterBuilder.js';
import { KeyConditionFields } from './KeyConditionFields.js';
import { fixPatch, type PrefixBoundFix } from './prefix-bound-fix.js';
import { PrefixBoundWarning } from './PrefixBoundWarning.js';
import type { BuiltRead } from './query-request.js';
import type { QueryState, ReadMode } from './query-state.js';
import { findTarget, GSI_CONSISTENT_READ_MESSAGE, targetLabel, type QueryTarget } from './table-indexes.js';
import { usePrefixBoundCheck } from './use-prefix-bound-check.js';
import type { ReadSource } from './use-read-results.js';

interface QueryPanelProps {
  /** The form's accessible name, unique on the page (one panel per pane). */
  readonly label: string;
  readonly connectionId: string;
  readonly table: string;
  /** The request whose results the pane shows: its key condition is checked for a bound that leaves items out. */
  readonly ran: ReadSource | undefined;
  readonly state: QueryState;
  readonly targets: readonly QueryTarget[];
  readonly built: BuiltRead;
  readonly onChange: (patch: Partial<QueryState>) => void;
  readonly onRun: () => void;
  readonly running: boolean;
  readonly autoRun: boolean;
  readonly onAutoRun: (on: boolean) => void;
  /** The linked model's templates of each key attribute: they say for sure whether keys go on after a bound. */
  readonly keyTemplates?: ReadonlyMap<string, readonly string[]> | undefined;
}

export function QueryPanel({ label, connectionId, table, ran, state, targets, built, onChange, onRun, running, autoRun, onAutoRun, keyTemplates }: QueryPanelProps) {
  const id = useId();
  const target = findTarget(targets, state.indexName);
  const onGsi = target.kind === 'gsi';
  const boundCheck = usePrefixBoundCheck(connectionId, table, targets, ran, keyTemplates);
  // The warning speaks of the query that ran; once the fields say something else it waits for the next run.
  const checkShown = ran?.body.key === built.texts.key && ran?.body.IndexName === built.body?.IndexName ? boundCheck : { status: 'none' as const };
  const [runAfterFix, setRunAfterFix] = useState(false);
  useEffect(() => {
    // The fixed fields have reached the pane: run them (with "Run as I type" on, the pane runs them by itself).
    if (!runAfterFix) return;
    setRunAfterFix(false);
    onRun();
  }, [runAfterFix]);
  const applyFix = (fix: PrefixBoundFix) => {
    if (boundCheck.status === 'none') return;
    onChange(fixPatch(state, boundCheck.trap, fix));
    if (!autoRun) setRunAfterFix(true);
  };
  return (
    <form
      className="wb-panel"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onRun();
        }
      }}
    >
      <div className="wb-row">
        <div role="radiogroup" aria-label="Operation" className="wb-segmented">
          {(['scan', 'query'] as const satisfies readonly ReadMode[]).map((mode) => (
            <label key={mode} className={state.mode === mode ? 'wb-on' : undefined}>
              <input type="radio" name={`${id}-mode`} value={mode} checked={state.mode === mode} onChange={() => onChange({ mode })} />
              {mode === 'scan' ? 'Scan' : 'Query'}
            </label>
          ))}
        </div>
        <label className="wb-field">
          <span>Index</span>
          <select value={state.indexName ?? ''} onChange={(event) => onChange({ indexName: event.target.value === '' ? undefined : event.target.value })}>
            {targets.map((option) => (
              <option key={option.indexName ?? ''} value={option.indexName ?? ''}>
                {targetLabel(option)}
              </option>
            ))}
          </select>
        </label>
        {state.mode === 'query' && (
          <button
            type="button"
            aria-pressed={!state.forward}
            title="ScanIndexForward"
            onClick={() => onChange({ forward: !state.forward })}
          >
            {state.forward ? 'Ascending ↑' : 'Descending ↓'}
          </button>
        )}
      </div>
      {state.mode === 'query' && <KeyConditionFields state={state} target={target} built={built} onChange={onChange} />}
      {state.mode === 'query' && <PrefixBoundWarning check={checkShown} onFix={applyFix} />}
      <FilterBuilder state={state} built={built} onChange={onChange} />
      <div className="wb-row">
        <label className="wb-field wb-grow">
          <span>Projection</span>
          <input
            className="wb-mono"
            value={state.projection}
            placeholder="all attributes (e.g. PK, address.city, tags[0])"
            onChange={(event) => onChange({ projection: event.target.value })}
            {...describedBy(`${id}-projection`, built.errors.projection)}
          />
          <FieldError id={`${id}-projection`} error={built.errors.projection} />
        </label>
        <label className="wb-field wb-narrow">
          <span>Limit</span>
          <input inputMode="numeric" value={state.limit} placeholder="none" onChange={(event) => onChange({ limit: event.target.value })} {...describedBy(`${id}-limit`, built.errors.limit)} />
          <FieldError id={`${id}-limit`} error={built.errors.limit} />
        </label>
        {state.mode === 'scan' && (
          <>
            <label className="wb-field wb-narrow">
              <span>Segment</span>
              <input inputMode="numeric" value={state.segment} onChange={(event) => onChange({ segment: event.target.value })} {...describedBy(`${id}-segments`, built.errors.segments)} />
            </label>
            <label className="wb-field wb-narrow">
              <span>of TotalSegments</span>
              <input
                inputMode="numeric"
                value={state.totalSegments}
                onChange={(event) => onChange({ totalSegments: event.target.value })}
                {...describedBy(`${id}-segments`, built.errors.segments)}
              />
            </label>
          </>
        )}
        <div className="wb-field">
          <label className="wb-check" title={onGsi ? GSI_CONSISTENT_READ_MESSAGE : undefined}>
            <input
              type="checkbox"
              checked={state.consistentRead && !onGsi}
              disabled={onGsi}
              aria-describedby={onGsi ? `${id}-consistent` : undefined}
              onChange={(event) => onChange({ consistentRead: event.target.checked })}
            />
            ConsistentRead
          </label>
          {onGsi && (
            <span className="wb-hint" id={`${id}-consistent`}>
              {GSI_CONSISTENT_READ_MESSAGE}
            </span>
          )}
        </div>
      </div>
      <FieldError id={`${id}-segments`} error={built.errors.segments} />
      <div className="wb-row">
        <button type="submit" className="primary" disabled={built.body === undefined} aria-keyshortcuts="Control+Enter">
          {running ? 'Running…' : `Run ${built.operation}`}
        </button>
        <label className="wb-check">
          <input type="checkbox" checked={autoRun} onChange={(event) => onAutoRun(event.target.checked)} />
          Run as I type
        </label>
        <span className="muted">Ctrl+Enter runs</span>
      </div>
    </form>
  );
}
