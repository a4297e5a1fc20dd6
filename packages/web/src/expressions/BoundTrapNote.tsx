/** The day-window trap under the key condition: why the upper bound leaves keys out, and the fixed key conditions to use instead. */
import type { BoundTrapNote as Note } from './bound-trap.js';

interface BoundTrapNoteProps {
  readonly note: Note;
  readonly onUse: (key: string) => void;
}

export function BoundTrapNote({ note, onUse }: BoundTrapNoteProps) {
  const { trap } = note;
  const fixes = [
    { label: 'Use the bound followed by U+10FFFF', text: note.widened },
    ...(note.beginsWith !== undefined ? [{ label: `Use begins_with ${trap.day!}`, text: note.beginsWith }] : []),
  ];
  return (
    <div className="bound-trap" role="note" aria-label="Upper bound">
      <p>
        <strong>
          This bound leaves out every key that starts with <code>{trap.bound}</code> and goes on.
        </strong>{' '}
        {trap.explanation}
      </p>
      {fixes.map((fix) => (
        <div key={fix.label} className="xp-bound-fix">
          <pre className="xp-mono">{fix.text}</pre>
          <button type="button" onClick={() => onUse(fix.text)}>
            {fix.label}
          </button>
        </div>
      ))}
    </div>
  );
}
