/**
 * Opens an access pattern in the live query panel with its key condition
 * filled in from a run's arguments: on the kept dtverify_ table, or — when
 * verify removed its tables — on the user's own table of the model's name.
 */
import { followLink } from '../app/router.js';
import { keptTableName, patternQueryState, queryPanelPath } from './query-link.js';
import type { ReportView } from './verified-run.js';
import type { PatternResultJson, PatternRunJson } from './verify-report.js';

interface QueryLinkProps {
  readonly view: ReportView;
  readonly result: PatternResultJson;
  readonly run: PatternRunJson | undefined;
}

export function QueryLink({ view, result, run }: QueryLinkProps) {
  const plan = view.run.plans.get(result.pattern);
  if (plan === undefined || plan.operation === 'Scan') return <span className="muted">no key query to open</span>;
  const state = patternQueryState(view.run.model, plan, run?.arguments);
  const kept = view.report.kept ? keptTableName(view.run.model, view.report.tables, plan.table) : undefined;
  const table = kept ?? plan.table;
  const path = queryPanelPath(view.run.connectionId, table, state);
  const text = kept !== undefined ? 'Open in query panel' : `Open on ${plan.table}`;
  return (
    <a href={path} aria-label={`${text}: ${result.pattern}`} onClick={(event) => followLink(event, path)}>
      {text}
    </a>
  );
}
