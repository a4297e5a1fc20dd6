/** Before closing a tab or leaving an area with unsaved work: what would be lost, by name, and a choice (keeping it is the default). */
import { Dialog } from './Dialog.js';

export interface LeaveQuestion {
  /** What the person asked for, as a title: "Close AuditLog?", "Leave the Tables area?". */
  readonly title: string;
  /** The action's verb for the button that goes ahead: "Close the tab", "Leave". */
  readonly proceedLabel: string;
  /** One line per holder of unsaved work. */
  readonly lost: readonly string[];
  readonly proceed: () => void;
}

export function LeaveDialog({ question, onAnswer }: { readonly question: LeaveQuestion; readonly onAnswer: (proceed: boolean) => void }) {
  return (
    <Dialog title={question.title} onClose={() => onAnswer(false)}>
      <p>This would lose work that is not saved:</p>
      <ul>
        {question.lost.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="primary" data-autofocus onClick={() => onAnswer(false)}>
          Keep working
        </button>
        <button type="button" className="danger" onClick={() => onAnswer(true)}>
          {question.proceedLabel} and lose it
        </button>
      </div>
    </Dialog>
  );
}
