/** The active cell expanded: its attribute, type and whole value, with a copy button. */
import { useState } from 'react';
import type { WireAttributeValue } from '@dynotable/core';
import { copyText, fullValue, wireTypeOf } from './cell-format.js';
import { copyToClipboard } from './clipboard.js';

interface CellDetailProps {
  readonly name: string;
  readonly value: WireAttributeValue | undefined;
  readonly onClose: () => void;
}

export function CellDetail({ name, value, onClose }: CellDetailProps) {
  const [status, setStatus] = useState('');
  return (
    <section className="wb-cell-detail" aria-label={`Value of ${name}`}>
      <header className="wb-row">
        <strong>{name}</strong>
        <span className="muted">{value === undefined ? 'absent' : wireTypeOf(value)}</span>
        <button
          type="button"
          disabled={value === undefined}
          onClick={() => {
            if (value !== undefined) void copyToClipboard(copyText(value)).then((ok) => setStatus(ok ? 'Copied' : 'Copy failed'));
          }}
        >
          Copy value
        </button>
        <span role="status" className="muted">
          {status}
        </span>
        <button type="button" className="icon-button" aria-label="Close the value" onClick={onClose}>
          ×
        </button>
      </header>
      <pre className="wb-mono">{value === undefined ? '(no such attribute in this item)' : fullValue(value)}</pre>
    </section>
  );
}
