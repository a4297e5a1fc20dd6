/** The plan beside the statement: the operation and its cost, and for a Scan why, with the rewrite on the key it needs. */
import type { StatementPlanView } from './partiql-api.js';

interface PlanLineProps {
  readonly plan: StatementPlanView | undefined;
  readonly error: string | undefined;
  readonly onRewrite: (keyNames: readonly string[]) => void;
}

export function PlanLine({ plan, error, onRewrite }: PlanLineProps) {
  if (error !== undefined) {
    return (
      <p className="pq-plan pq-plan-error" role="status" aria-label="Plan">
        {error}
      </p>
    );
  }
  if (plan === undefined) return null;
  const scan = plan.scan;
  return (
    <div className={`pq-plan${scan !== undefined ? ' pq-plan-scan' : ''}`} role="status" aria-label="Plan">
      <strong>{plan.line}</strong>
      {scan !== undefined && (
        <>
          <p className="muted">{scan.reason}</p>
          <button type="button" onClick={() => onRewrite(scan.keyNames)}>
            Add a key condition on {scan.keyNames.join(', ')}
          </button>
        </>
      )}
    </div>
  );
}
