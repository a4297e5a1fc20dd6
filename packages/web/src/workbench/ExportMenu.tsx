/** Export of the pane's result: what is loaded, or every page read again; as JSON lines, DynamoDB JSON or CSV; with its progress and a cancel. */
import { useId, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import { ErrorNote } from '../app/ErrorNote.js';
import type { ItemTextFormat } from './item-text.js';
import { EXPORT_FORMATS, useExport, type ExportScope, type ExportTarget } from './use-export.js';

interface ExportMenuProps {
  readonly target: ExportTarget | undefined;
  /** The loaded items in the order shown. */
  readonly items: () => readonly WireItem[];
  readonly loadedCount: number;
  /** Columns first in a CSV (the key attributes). */
  readonly leading: readonly string[];
}

function items(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

export function ExportMenu({ target, items: loadedItems, loadedCount, leading }: ExportMenuProps) {
  const id = useId();
  const [scope, setScope] = useState<ExportScope>('loaded');
  const [format, setFormat] = useState<ItemTextFormat>('jsonl');
  const { status, start, cancel } = useExport(target);
  const canReadAll = target?.source !== undefined;
  const reading = status.state === 'reading';
  return (
    <details className="wb-menu wb-export-menu">
      <summary>Export</summary>
      <div className="wb-menu-body">
        <fieldset>
          <legend>Items</legend>
          <label className="wb-check">
            <input type="radio" name={`${id}-scope`} checked={scope === 'loaded'} onChange={() => setScope('loaded')} disabled={reading} />
            Loaded items ({loadedCount.toLocaleString('en-US')})
          </label>
          <label className="wb-check">
            <input type="radio" name={`${id}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} disabled={reading || !canReadAll} />
            Every page (reads the query again from the start)
          </label>
        </fieldset>
        <label className="wb-field-inline">
          Format{' '}
          <select value={format} onChange={(event) => setFormat(event.target.value as ItemTextFormat)} disabled={reading}>
            {EXPORT_FORMATS.map((entry) => (
              <option key={entry.format} value={entry.format}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
        <div className="wb-row">
          <button type="button" disabled={reading || (scope === 'loaded' && loadedCount === 0)} onClick={() => void start(scope, format, loadedItems(), leading)}>
            Download
          </button>
          {reading && (
            <button type="button" onClick={cancel}>
              Cancel export
            </button>
          )}
        </div>
        {reading && <progress aria-label="Export progress" />}
        <p aria-live="polite" className="muted wb-export-status">
          {status.state === 'reading'
            ? `Read ${items(status.items)} (${status.pages.toLocaleString('en-US')} ${status.pages === 1 ? 'page' : 'pages'})…`
            : status.state === 'done'
              ? `Exported ${items(status.items)} to ${status.fileName}`
              : status.state === 'cancelled'
                ? `Export cancelled after ${items(status.items)}: nothing was saved`
                : ''}
        </p>
        {status.state === 'failed' && <ErrorNote error={status.error} />}
      </div>
    </details>
  );
}
