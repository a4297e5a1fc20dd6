/** A PartiQL write before it is sent: what it runs as, its cost and the exact request; sent only from here. */
import { Dialog } from '../app/Dialog.js';
import type { StatementPlanView } from './partiql-api.js';

interface WriteReviewProps {
  readonly plan: StatementPlanView;
  readonly onWrite: () => void;
  readonly onClose: () => void;
}

export function WriteReview({ plan, onWrite, onClose }: WriteReviewProps) {
  return (
    <Dialog title="Review the write" onClose={onClose}>
      <p>
        This statement runs as <strong>{plan.operation}</strong> on {plan.tableName}: {plan.line}. It is recorded in the write journal, so it can be undone.
      </p>
      {plan.requests.map((request, index) => (
        <pre key={index} className="wb-mono" aria-label="Request to send">
          {JSON.stringify(request.wire, null, 2)}
        </pre>
      ))}
      <div className="wb-row">
        <button type="button" className="primary" onClick={onWrite}>
          Write
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
