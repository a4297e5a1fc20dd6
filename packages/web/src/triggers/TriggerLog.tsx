/** A table's trigger log: each call (records, outcome, the handler's output and error), each batch given up, each change of state. */
import type { TriggerEvent } from '../api/types.js';

function range(first: string, last: string): string {
  return first === last ? first : `${first} – ${last}`;
}

function EventLine({ event }: { readonly event: TriggerEvent }) {
  const time = new Date(event.time).toLocaleTimeString();
  if (event.kind === 'status') {
    return (
      <li className={`trigger-event status ${event.level}`}>
        <span className="muted">{time}</span> {event.triggerId}: {event.message}
      </li>
    );
  }
  if (event.kind === 'failure') {
    const info = event.failure.DDBStreamBatchInfo;
    return (
      <li className="trigger-event failure">
        <span className="muted">{time}</span> {event.triggerId}: gave up {info.batchSize} record{info.batchSize === 1 ? '' : 's'} ({range(info.startSequenceNumber, info.endSequenceNumber)}) after {event.failure.requestContext.approximateInvokeCount} calls
        {event.failure.error !== undefined && (
          <>
            : <strong>{event.failure.error.type}</strong> {event.failure.error.message}
          </>
        )}
      </li>
    );
  }
  const tags = [event.retry > 0 ? `retry ${event.retry}` : '', event.bisected ? 'bisected' : ''].filter(Boolean).join(', ');
  return (
    <li className={`trigger-event invocation ${event.outcome}`}>
      <span className="muted">{time}</span> {event.triggerId}: {event.records} record{event.records === 1 ? '' : 's'} ({range(event.firstSequenceNumber, event.lastSequenceNumber)}){tags !== '' && ` [${tags}]`} →{' '}
      {event.outcome === 'success' && 'ok'}
      {event.outcome === 'partial' && `partial failure: ${(event.batchItemFailures ?? []).join(', ')}`}
      {event.outcome === 'error' && (
        <>
          <strong>{event.error?.type}</strong> {event.error?.message}
        </>
      )}{' '}
      <span className="muted">({event.durationMs} ms)</span>
      {event.output.length > 0 && (
        <pre className="trigger-output">
          {event.output.map((line, index) => (
            <span key={index} className={line.stream}>
              {line.text}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </li>
  );
}

export function TriggerLog({ events }: { readonly events: readonly TriggerEvent[] }) {
  if (events.length === 0) return <p className="muted">Nothing yet: calls of the handler appear here as they happen.</p>;
  return (
    <ol className="trigger-log" aria-label="Trigger log" aria-live="polite">
      {events.map((event) => (
        <EventLine key={event.seq} event={event} />
      ))}
    </ol>
  );
}
