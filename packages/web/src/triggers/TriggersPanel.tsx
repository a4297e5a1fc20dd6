/**
 * A table's triggers (docs/triggers.md): each handler with its settings and
 * counts, a form to add one, and the live log of their calls.
 */
import { ErrorNote } from '../app/ErrorNote.js';
import { removeTrigger } from './triggers-api.js';
import { settingsSummary } from './trigger-form.js';
import { TriggerForm } from './TriggerForm.js';
import { TriggerLog } from './TriggerLog.js';
import { useTableTriggers } from './use-triggers.js';
import './triggers.css';

export function TriggersPanel({ connectionId, table }: { readonly connectionId: string; readonly table: string }) {
  const { triggers, events, error, reload } = useTableTriggers(connectionId, table);
  return (
    <div className="triggers-panel">
      <p className="muted">
        A trigger runs a Node handler on this table&apos;s stream as Lambda would. The table needs a stream (Update table). Triggers run on the embedded engine only, and stop when DynoTable stops.
      </p>
      <ErrorNote error={error} onRetry={reload} />
      {triggers.length > 0 && (
        <ul className="trigger-list" aria-label="Triggers">
          {triggers.map((trigger) => (
            <li key={trigger.id}>
              <code>{trigger.settings.handler}</code> <span className="muted">({trigger.id}, {trigger.state}; {trigger.invocations} calls, {trigger.recordsGivenUp} records given up)</span>
              <br />
              <span className="muted">{settingsSummary(trigger.settings)}</span>{' '}
              <button type="button" className="danger" onClick={() => void removeTrigger(connectionId, trigger.id).then(reload, reload)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <TriggerForm connectionId={connectionId} table={table} onAdded={reload} />
      <h3>Log</h3>
      <TriggerLog events={events} />
    </div>
  );
}
