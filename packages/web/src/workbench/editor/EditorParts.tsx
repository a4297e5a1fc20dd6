/** The item editor's smaller pieces: the read-only note, the format switch, a problem in the text and the last write's line. */
import type { EditMode } from './edited-item.js';
import { problemText, type EditProblem } from './edit-error.js';

export const MODE_LABELS: Record<EditMode, string> = { plain: 'Plain JSON', typed: 'DynamoDB JSON' };

export function ReadOnlyNote({ reason, busy, onLoadFull }: { readonly reason: string; readonly busy: boolean; readonly onLoadFull: () => void }) {
  return (
    <div className="ed-readonly" role="note">
      <p>
        <strong>Read-only: </strong>
        {reason}
      </p>
      <button type="button" className="primary" disabled={busy} onClick={onLoadFull}>
        Load the full item from the table
      </button>
    </div>
  );
}

export function FormatSwitch({ name, mode, onChange }: { readonly name: string; readonly mode: EditMode; readonly onChange: (mode: EditMode) => void }) {
  return (
    <div role="radiogroup" aria-label="Format" className="wb-segmented">
      {(['plain', 'typed'] as const).map((option) => (
        <label key={option} className={mode === option ? 'wb-on' : undefined}>
          <input type="radio" name={name} checked={mode === option} onChange={() => onChange(option)} />
          {MODE_LABELS[option]}
        </label>
      ))}
    </div>
  );
}

interface TextProblemProps {
  readonly id: string;
  readonly problem: EditProblem;
  /** The problem stops a switch of format rather than a save. */
  readonly switching: boolean;
  readonly onShowSpot: (offset: number) => void;
}

export function TextProblem({ id, problem, switching, onShowSpot }: TextProblemProps) {
  return (
    <div id={id} className="error-note" role="alert">
      <p>
        <strong>{switching ? 'Cannot switch the format yet' : 'Cannot save'}</strong> {problemText(problem)}
      </p>
      {problem.offset !== undefined && (
        <button type="button" className="link-button" onClick={() => onShowSpot(problem.offset!)}>
          Show the spot in the text
        </button>
      )}
    </div>
  );
}

export function LastWriteLine({ text, canUndo, busy, onUndo }: { readonly text: string; readonly canUndo: boolean; readonly busy: boolean; readonly onUndo: () => void }) {
  return (
    <div className="ed-last" role="status">
      <span>{text}</span>
      {canUndo && (
        <button type="button" disabled={busy} onClick={onUndo}>
          Undo this write
        </button>
      )}
    </div>
  );
}
