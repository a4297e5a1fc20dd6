/** Closing the editor with unsaved edits asks first: nothing typed is lost by a stray Escape. */
import { useEffect, useId, useRef } from 'react';

export function DiscardPrompt({ onKeep, onDiscard }: { readonly onKeep: () => void; readonly onDiscard: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  const id = useId();
  // Focus on the safe answer: Enter or Space keeps the edits.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="error-note ed-discard" role="alertdialog" aria-label="Unsaved edits" aria-describedby={id}>
      <p id={id}>This item has edits that are not saved. Close the editor and lose them?</p>
      <div className="wb-row">
        <button ref={keep} type="button" className="primary" onClick={onKeep}>
          Keep editing
        </button>
        <button type="button" className="danger" onClick={onDiscard}>
          Discard the edits
        </button>
      </div>
    </div>
  );
}
