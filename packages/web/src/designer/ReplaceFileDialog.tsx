/**
 * Before an accepted design goes into a file that already has text: what the
 * merge changes, line by line, and a choice — replace the file, or keep it.
 */
import { useMemo } from 'react';
import { Dialog } from '../app/Dialog.js';
import { fileChange } from './file-change.js';

interface ReplaceFileDialogProps {
  readonly fileName: string;
  readonly before: string;
  readonly after: string;
  readonly onAnswer: (replace: boolean) => void;
}

const MARKS = { same: ' ', add: '+', remove: '−' } as const;
const SAID = { same: 'unchanged', add: 'added', remove: 'removed' } as const;

export function ReplaceFileDialog({ fileName, before, after, onAnswer }: ReplaceFileDialogProps) {
  const change = useMemo(() => fileChange(before, after), [before, after]);
  return (
    <Dialog title={`Merge the design into ${fileName}?`} onClose={() => onAnswer(false)} wide>
      <p>
        The design changes the tables, keys, indexes and access patterns; the file&apos;s comments, counts, rates and everything else the design does not decide stay.{' '}
        <strong>
          {change.added} line{change.added === 1 ? '' : 's'} added, {change.removed} removed
        </strong>{' '}
        ({change.linesBefore} lines before, {change.linesAfter} after).
      </p>
      <ol className="file-change" aria-label={`Changes to ${fileName}`} tabIndex={0}>
        {change.rows.map((row, index) =>
          row.kind === 'folded' ? (
            <li key={index} className="change-folded">
              … {row.lines} unchanged line{row.lines === 1 ? '' : 's'}
            </li>
          ) : (
            <li key={index} className={`change-${row.kind}`}>
              <span aria-hidden="true">{MARKS[row.kind]} </span>
              <span className="visually-hidden">{SAID[row.kind]}: </span>
              {row.text}
            </li>
          ),
        )}
      </ol>
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer(false)}>
          Cancel, keep the file
        </button>
        <button type="button" className="primary" data-autofocus onClick={() => onAnswer(true)}>
          Replace the file
        </button>
      </div>
    </Dialog>
  );
}
