/**
 * The active cell expanded, in a panel beside its row (on the side with
 * more room, kept inside the viewport): its attribute, type and whole value,
 * with copy buttons. Escape or × closes it; the grid gets the focus back.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WireAttributeValue } from '@dynotable/core';
import { copyText, fullValue, wireTypeOf } from './cell-format.js';
import { copyToClipboard } from './clipboard.js';
import { dynamoJsonText, plainJsonText } from './item-text.js';

interface CellDetailProps {
  readonly name: string;
  readonly value: WireAttributeValue | undefined;
  /** The element id of the cell: the panel is placed beside it. */
  readonly cellId: string;
  readonly onClose: () => void;
}

const MARGIN = 8;
const GAP = 6;

interface Place {
  readonly left: number;
  readonly top: number;
}

/** Beside the cell, on its right if that side has room for the panel, else on its left; then clamped into the viewport. */
export function panelPlace(cell: { left: number; right: number; top: number }, panel: { width: number; height: number }, viewport: { width: number; height: number }): Place {
  const right = cell.right + GAP;
  const left = right + panel.width + MARGIN <= viewport.width ? right : cell.left - GAP - panel.width;
  return {
    left: Math.max(MARGIN, Math.min(left, viewport.width - panel.width - MARGIN)),
    top: Math.max(MARGIN, Math.min(cell.top, viewport.height - panel.height - MARGIN)),
  };
}

export function CellDetail({ name, value, cellId, onClose }: CellDetailProps) {
  const [status, setStatus] = useState('');
  const panel = useRef<HTMLElement>(null);
  const [place, setPlace] = useState<Place | undefined>(undefined);

  useLayoutEffect(() => {
    const update = () => {
      const cell = document.getElementById(cellId)?.getBoundingClientRect();
      const element = panel.current;
      if (cell === undefined || element === null) return;
      setPlace(panelPlace(cell, { width: element.offsetWidth, height: element.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }));
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [cellId, value]);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('.wb-cell-detail-value')?.focus();
  }, []);

  const copy = (text: string, what: string) => void copyToClipboard(text).then((ok) => setStatus(ok ? `Copied ${what}` : 'Copy failed: the browser refused the clipboard'));

  // In the page's top layer of boxes: a fixed panel inside the grid's contained box would be placed relative to it.
  return createPortal(
    <section
      ref={panel}
      role="dialog"
      aria-label={`Value of ${name}`}
      className="wb-cell-detail"
      style={place === undefined ? { visibility: 'hidden' } : place}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <header className="wb-row">
        <strong>{name}</strong>
        <span className="muted">{value === undefined ? 'absent' : wireTypeOf(value)}</span>
        <button type="button" className="icon-button wb-cell-detail-close" aria-label="Close the value" onClick={onClose}>
          ×
        </button>
      </header>
      <pre className="wb-mono wb-cell-detail-value" tabIndex={0} aria-label={`Whole value of ${name}`}>
        {value === undefined ? '(no such attribute in this item)' : fullValue(value)}
      </pre>
      <div className="wb-row">
        <button type="button" disabled={value === undefined} onClick={() => value !== undefined && copy(copyText(value), 'the value')}>
          Copy value
        </button>
        <button type="button" disabled={value === undefined} onClick={() => value !== undefined && copy(plainJsonText(value), 'as plain JSON')}>
          Copy as plain JSON
        </button>
        <button type="button" disabled={value === undefined} onClick={() => value !== undefined && copy(dynamoJsonText(value), 'as DynamoDB JSON')}>
          Copy as DynamoDB JSON
        </button>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
    </section>,
    document.body,
  );
}
