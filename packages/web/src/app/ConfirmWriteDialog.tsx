/** A confirm-writes connection asked before a write: the exact request, then send it with confirm: true. */
import type { PendingWrite } from '../api/client.js';
import { Dialog } from './Dialog.js';

interface ConfirmWriteDialogProps {
  readonly write: PendingWrite;
  readonly reason: string;
  readonly onAnswer: (confirmed: boolean) => void;
}

export function ConfirmWriteDialog({ write, reason, onAnswer }: ConfirmWriteDialogProps) {
  return (
    <Dialog title="Confirm this write" onClose={() => onAnswer(false)} wide>
      <p>{reason}</p>
      <pre className="request" aria-label="The request">
        {`${write.method} ${write.path}`}
        {write.body !== undefined ? `\n\n${JSON.stringify(write.body, null, 2)}` : ''}
      </pre>
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer(false)}>
          Cancel
        </button>
        <button type="button" className="primary" data-autofocus onClick={() => onAnswer(true)}>
          Send with confirm: true
        </button>
      </div>
    </Dialog>
  );
}
