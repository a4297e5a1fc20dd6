/**
 * One item's history: every change the table's stream and DynoTable's write
 * journal hold for its key, newest first, each with who or what made it and
 * the change as a diff.
 */
import { useId } from 'react';
import type { WireItem } from '@dynotable/core';
import type { HistoryAuthor, HistoryEntry, ItemHistoryView } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { useLoad } from '../app/use-load.js';
import { keyText } from '../workbench/editor/journal-view.js';
import { ChangeBody } from './ChangeBody.js';
import { itemHistory } from './changes-api.js';
import { recordChange } from './record-view.js';
import './changes.css';

interface ItemHistoryProps {
  readonly connectionId: string;
  readonly table: string;
  /** The item's primary key. */
  readonly itemKey: WireItem;
  readonly keyNames: readonly string[];
}

function authorText(by: HistoryAuthor): string {
  switch (by.kind) {
    case 'dynotable':
      return `DynoTable: ${by.operation} (operation ${by.operationId})${by.undone ? ', undone since' : ''}`;
    case 'ttl':
      return 'DynamoDB, by TTL: the item expired';
    case 'service':
      return `An AWS service (${by.principal})`;
    case 'other':
      return 'Another client: not a write made through this DynoTable';
  }
}

function sourcesText(entry: HistoryEntry): string {
  return entry.sources.length === 2 ? 'stream and journal' : entry.sources[0] === 'stream' ? 'stream' : 'journal';
}

function streamNote(view: ItemHistoryView): string | undefined {
  if (!view.stream.exists) return 'The table has no stream: only the writes DynoTable journaled are listed. Turn the stream on to see every change, whoever makes it.';
  if (view.stream.truncated) return `The stream holds more than ${view.stream.recordsRead.toLocaleString()} records: only that many were read.`;
  if (!view.stream.enabled) return 'The stream is off: the records it kept for 24 hours are listed, and no new ones.';
  return undefined;
}

function entryChange(entry: HistoryEntry, key: WireItem, keyNames: readonly string[]) {
  return recordChange({ eventName: entry.eventName, dynamodb: { Keys: key, ...(entry.before !== undefined ? { OldImage: entry.before } : {}), ...(entry.after !== undefined ? { NewImage: entry.after } : {}) } }, keyNames);
}

export function ItemHistory({ connectionId, table, itemKey, keyNames }: ItemHistoryProps) {
  const titleId = useId();
  const { data, error, loading, reload } = useLoad((signal) => itemHistory(connectionId, table, itemKey, signal), [connectionId, table, JSON.stringify(itemKey)]);
  const note = data === undefined ? undefined : streamNote(data);
  return (
    <section className="changes-history" aria-labelledby={titleId}>
      <h3 id={titleId}>History of {keyText(itemKey)}</h3>
      <ErrorNote error={error} onRetry={reload} />
      {loading && data === undefined && <p className="muted">Reading the stream and the journal…</p>}
      {note !== undefined && <p className="muted">{note}</p>}
      {data !== undefined && data.entries.length === 0 && <p className="muted">No change of this item is in the stream or the journal.</p>}
      {data !== undefined && data.entries.length > 0 && (
        <ol className="changes-list" aria-label={`History of ${keyText(itemKey)}`}>
          {data.entries.map((entry, at) => (
            <li key={`${entry.time}-${at}`} className="changes-history-entry" aria-label={`${entry.eventName} ${new Date(entry.time).toLocaleString()}`}>
              <div className="changes-record-head">
                <strong className={`changes-event changes-${entry.eventName.toLowerCase()}`}>{entry.eventName}</strong>
                <time dateTime={entry.time}>{new Date(entry.time).toLocaleString()}</time>
                <span>{authorText(entry.by)}</span>
                <span className="muted">from the {sourcesText(entry)}</span>
              </div>
              <ChangeBody change={entryChange(entry, itemKey, keyNames)} />
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={reload} disabled={loading}>
        Read again
      </button>
    </section>
  );
}
