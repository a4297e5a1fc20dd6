/** Copies text to the clipboard and says so for a moment. */
import { useEffect, useState } from 'react';
import { copyToClipboard } from '../workbench/clipboard.js';

const SAID_FOR_MS = 2000;

export function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const [said, setSaid] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (said === undefined) return;
    const timer = window.setTimeout(() => setSaid(undefined), SAID_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [said]);
  return (
    <>
      <button type="button" aria-label={`Copy ${label}`} onClick={() => void copyToClipboard(text).then((copied) => setSaid(copied ? 'Copied' : 'Could not copy: select the text and copy it'))}>
        Copy
      </button>
      <span role="status" className="muted">
        {said ?? ''}
      </span>
    </>
  );
}
