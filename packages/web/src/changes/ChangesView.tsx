/**
 * A table's Changes view: its DynamoDB stream followed live, each record as
 * the diff of its old and new image, filtered by key text and event name,
 * with pause and resume. A table without a stream gets a note and a button
 * that turns one on.
 */
import { useId, useMemo, useState } from 'react';
import type { TableDescription } from '../api/types.js';
import { useRequest } from '../app/Dialog.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { primaryKeyNames } from '../workbench/table-indexes.js';
import { ChangeBody } from './ChangeBody.js';
import { turnStreamOn, type StreamStart } from './changes-api.js';
import { recordChange, recordKeyText, recordMatches, viewTypeWords, type EventFilter } from './record-view.js';
import { useStreamTail, type StreamTail } from './use-stream-tail.js';
import '../workbench/editor/editor.css';
import './changes.css';

interface ChangesViewProps {
  readonly connectionId: string;
  readonly table: string;
  readonly description: TableDescription;
  /** The stream was turned on here: the table's description is read again. */
  readonly onStreamChanged: () => void;
}

function statusText(tail: StreamTail): string {
  if (tail.status === 'closed') return 'The stream closed.';
  if (tail.paused) return tail.held === 0 ? 'Paused.' : `Paused: ${tail.held} new change${tail.held === 1 ? '' : 's'} held back.`;
  return tail.status === 'connecting' ? 'Connecting to the stream…' : 'Following new changes.';
}

function timeText(seconds: number | undefined): string {
  return seconds === undefined ? '' : new Date(seconds * 1000).toLocaleTimeString();
}

export function ChangesView({ connectionId, table, description, onStreamChanged }: ChangesViewProps) {
  const titleId = useId();
  const spec = description.table.StreamSpecification;
  const enabled = spec?.StreamEnabled === true;
  const keyNames = useMemo(() => primaryKeyNames(description.table), [description.table]);
  const [from, setFrom] = useState<StreamStart>('latest');
  const [keyFilter, setKeyFilter] = useState('');
  const [eventFilter, setEventFilter] = useState<EventFilter>('ALL');
  const tail = useStreamTail(connectionId, table, from, enabled);
  const turningOn = useRequest();
  const shown = tail.records.filter(({ record }) => recordMatches(record, { keyText: keyFilter, event: eventFilter }, keyNames));

  return (
    <section className="changes-view" aria-labelledby={titleId}>
      <header className="changes-head">
        <h2 id={titleId}>Changes</h2>
        {enabled && (
          <p className="muted" role="status">
            {statusText(tail)} The stream keeps {viewTypeWords(spec?.StreamViewType)}.
          </p>
        )}
      </header>
      {!enabled && (
        <div className="changes-note">
          <p>
            {table} has no stream, so there are no changes to follow. A stream records every write to the table for 24 hours; turning it on changes nothing
            else.
          </p>
          <button type="button" disabled={turningOn.busy} onClick={() => void turningOn.send(async () => {
              await turnStreamOn(connectionId, table, 'NEW_AND_OLD_IMAGES');
              onStreamChanged();
            })}>
            Turn the stream on (new and old images)
          </button>
          <ErrorNote error={turningOn.error} />
        </div>
      )}
      {enabled && (
        <>
          <div className="changes-controls">
            <label>
              From{' '}
              <select value={from} onChange={(event) => setFrom(event.target.value as StreamStart)}>
                <option value="latest">now on</option>
                <option value="trim-horizon">the oldest record (24 hours)</option>
              </select>
            </label>
            <label>
              Key contains <input type="search" value={keyFilter} spellCheck={false} onChange={(event) => setKeyFilter(event.target.value)} />
            </label>
            <label>
              Event{' '}
              <select value={eventFilter} onChange={(event) => setEventFilter(event.target.value as EventFilter)}>
                <option value="ALL">all</option>
                <option value="INSERT">INSERT</option>
                <option value="MODIFY">MODIFY</option>
                <option value="REMOVE">REMOVE</option>
              </select>
            </label>
            <button type="button" aria-pressed={tail.paused} onClick={() => tail.setPaused(!tail.paused)}>
              {tail.paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" onClick={tail.clear} disabled={tail.records.length === 0}>
              Clear
            </button>
            {tail.status === 'closed' && (
              <button type="button" onClick={tail.restart}>
                Reconnect
              </button>
            )}
          </div>
          {shown.length === 0 ? (
            <p className="muted">{tail.records.length === 0 ? 'No changes yet: write to the table and they appear here.' : 'No change matches the filters.'}</p>
          ) : (
            <ol className="changes-list" aria-label={`Changes of ${table}`}>
              {shown.map(({ id, record }) => {
                const key = recordKeyText(record, keyNames);
                return (
                  <li key={id} aria-label={`${record.eventName ?? 'change'} ${key}`}>
                    <div className="changes-record-head">
                      <strong className={`changes-event changes-${(record.eventName ?? '').toLowerCase()}`}>{record.eventName}</strong>
                      <span className="wb-mono">{key}</span>
                      <time className="muted">{timeText(record.dynamodb.ApproximateCreationDateTime)}</time>
                      {record.userIdentity?.Type === 'Service' && <span className="muted">expired (TTL)</span>}
                    </div>
                    <ChangeBody change={recordChange(record, keyNames)} />
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
