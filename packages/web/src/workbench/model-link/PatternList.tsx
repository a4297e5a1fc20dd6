/**
 * The linked model's access patterns beside the table: choose one, give its
 * parameters, see the exact request and its read cost, and open it as a pane
 * ("Compare" also opens the base-table read of the same entity beside it).
 */
import { useId, useMemo, useState } from 'react';
import type { QueryState } from '../query-state.js';
import { PatternVerdict } from './PatternVerdict.js';
import { baseTablePane, exactRequest, exampleArguments, limitProblem, paneForPattern, tablePatterns, type TablePattern } from './pattern-panes.js';
import type { LinkedModel } from './use-model-link.js';

interface PatternListProps {
  readonly linked: LinkedModel;
  readonly onOpen: (panes: readonly QueryState[]) => void;
}

function costText({ cost, plan }: TablePattern): string {
  const where = plan.index !== undefined ? `${plan.operation} on ${plan.index}` : `${plan.operation} on the table`;
  if (cost === undefined) return where;
  return `${where} · ${cost.units} read unit${cost.units === 1 ? '' : 's'} per call (${cost.items} item${cost.items === 1 ? '' : 's'}, ${cost.consistency === 'strong' ? 'strongly' : 'eventually'} consistent)`;
}

function PatternForm({ linked, entry, onOpen }: { readonly linked: LinkedModel; readonly entry: TablePattern; readonly onOpen: PatternListProps['onOpen'] }) {
  const id = useId();
  const [args, setArgs] = useState(() => exampleArguments(linked.model, entry.plan));
  // A count the question leaves to the caller ("top N") is the pane's Limit.
  const [limit, setLimit] = useState(entry.plan.limit !== undefined ? String(entry.plan.limit) : '');
  const missing = entry.plan.parameters.filter((name) => (args[name] ?? '').trim() === '');
  const badLimit = limitProblem(limit);
  const request = useMemo(() => {
    if (missing.length > 0) return { text: undefined, problem: `Give ${missing.join(', ')}.` };
    if (badLimit !== undefined) return { text: undefined, problem: badLimit };
    try {
      const plan = limit.trim() === '' ? entry.plan : { ...entry.plan, limit: Number(limit) };
      return { text: exactRequest(linked.model, plan, args), problem: undefined };
    } catch (error) {
      return { text: undefined, problem: (error as Error).message };
    }
  }, [linked, entry, args, missing.length, limit, badLimit]);
  const open = (compare: boolean) => {
    const pane = paneForPattern(linked, entry.plan, args, limit);
    onOpen(compare ? [pane, baseTablePane(linked, entry.plan, args)] : [pane]);
  };
  return (
    <form
      className="wb-pattern-form"
      aria-label={`Run ${entry.pattern.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (request.text !== undefined) open(false);
      }}
    >
      <p className="muted">{entry.plan.why}</p>
      {entry.plan.parameters.map((name) => (
        <label key={name} htmlFor={`${id}-${name}`}>
          {name}{' '}
          <input id={`${id}-${name}`} className="wb-mono" value={args[name] ?? ''} onChange={(event) => setArgs({ ...args, [name]: event.target.value })} />
        </label>
      ))}
      {entry.plan.operation === 'Query' && (
        <label htmlFor={`${id}-limit`}>
          Limit{' '}
          <input id={`${id}-limit`} className="wb-mono" inputMode="numeric" value={limit} placeholder="none" onChange={(event) => setLimit(event.target.value)} />
        </label>
      )}
      <p>{costText(entry)}</p>
      {request.text !== undefined ? (
        <details>
          <summary>The exact {entry.plan.operation} request</summary>
          <pre className="wb-mono" tabIndex={0}>
            {request.text}
          </pre>
        </details>
      ) : (
        <p className="error-note" role="alert">
          {request.problem}
        </p>
      )}
      <PatternVerdict model={linked.model} pattern={entry.pattern.name} />
      <div className="wb-row">
        <button type="submit" className="primary" disabled={request.text === undefined}>
          Open as a pane
        </button>
        <button type="button" disabled={request.text === undefined} onClick={() => open(true)} title="Also open the base-table read of the same entity, linked item by item">
          Compare with the base table
        </button>
      </div>
    </form>
  );
}

export function PatternList({ linked, onOpen }: PatternListProps) {
  const patterns = useMemo(() => tablePatterns(linked), [linked]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  if (patterns.length === 0) return null;
  return (
    <details className="wb-patterns" open>
      <summary>
        Access patterns of {linked.model.name} ({patterns.length})
      </summary>
      <ul>
        {patterns.map((entry) => (
          <li key={entry.pattern.name}>
            <button type="button" className="link-button" aria-expanded={chosen === entry.pattern.name} onClick={() => setChosen(chosen === entry.pattern.name ? undefined : entry.pattern.name)}>
              {entry.pattern.name}
            </button>{' '}
            <span className="muted">“{entry.pattern.question}” · {costText(entry)}</span>
            {chosen === entry.pattern.name && <PatternForm linked={linked} entry={entry} onOpen={onOpen} />}
          </li>
        ))}
      </ul>
    </details>
  );
}
