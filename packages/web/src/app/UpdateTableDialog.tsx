/**
 * Updating a table: billing and throughput, adding a GSI, deleting one, TTL.
 * DynamoDB takes one index change per call, so each change is its own form.
 */
import { useState, type FormEvent } from 'react';
import { updateTable } from '../api/endpoints.js';
import type { BillingMode, TableDescription, UpdateTableInput } from '../api/types.js';
import { Dialog } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { Field } from './Field.js';
import { globalIndexInput, newIndexDraft, type IndexDraft } from './index-drafts.js';
import { IndexFields } from './IndexFields.js';
import { ThroughputFields, throughputInput, type ThroughputDraft } from './key-fields.js';

interface UpdateTableDialogProps {
  readonly connectionId: string;
  readonly description: TableDescription;
  readonly onClose: () => void;
  readonly onUpdated: () => void;
}

export function UpdateTableDialog({ connectionId, description, onClose, onUpdated }: UpdateTableDialogProps) {
  const { table } = description;
  const [billing, setBilling] = useState<BillingMode>(table.BillingModeSummary?.BillingMode ?? 'PROVISIONED');
  const [throughput, setThroughput] = useState<ThroughputDraft>({
    read: String(table.ProvisionedThroughput?.ReadCapacityUnits || 5),
    write: String(table.ProvisionedThroughput?.WriteCapacityUnits || 5),
  });
  const [index, setIndex] = useState<IndexDraft>(newIndexDraft('GSI'));
  const gsis = table.GlobalSecondaryIndexes ?? [];
  const [doomed, setDoomed] = useState(gsis[0]?.IndexName ?? '');
  const ttlOn = description.timeToLive.status === 'ENABLED' || description.timeToLive.status === 'ENABLING';
  const [ttlAttribute, setTtlAttribute] = useState(description.timeToLive.attributeName ?? '');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const send = async (input: UpdateTableInput) => {
    setBusy(true);
    setError(undefined);
    try {
      await updateTable(connectionId, table.TableName, input);
      onUpdated();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const form = (input: () => UpdateTableInput) => ({
    className: 'form',
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void send(input());
    },
  });

  return (
    <Dialog title={`Update ${table.TableName}`} onClose={onClose} wide>
      <form {...form(() => ({ billingMode: billing, ...(billing === 'PROVISIONED' ? { provisionedThroughput: throughputInput(throughput) } : {}) }))}>
        <fieldset>
          <legend>Billing</legend>
          <label className="choice">
            <input type="radio" name="update-billing" checked={billing === 'PAY_PER_REQUEST'} onChange={() => setBilling('PAY_PER_REQUEST')} /> On demand
          </label>
          <label className="choice">
            <input type="radio" name="update-billing" checked={billing === 'PROVISIONED'} onChange={() => setBilling('PROVISIONED')} /> Provisioned
          </label>
          {billing === 'PROVISIONED' && <ThroughputFields value={throughput} onChange={setThroughput} />}
          <button type="submit" disabled={busy}>
            Change billing
          </button>
        </fieldset>
      </form>
      <form {...form(() => ({ createIndex: globalIndexInput(index) }))}>
        <IndexFields value={index} onChange={setIndex} />
        <button type="submit" disabled={busy}>
          Add this index
        </button>
      </form>
      {gsis.length > 0 && (
        <form {...form(() => ({ deleteIndex: doomed }))}>
          <fieldset>
            <legend>Delete a global secondary index</legend>
            <Field label="Index">
              <select value={doomed} onChange={(event) => setDoomed(event.target.value)}>
                {gsis.map((gsi) => (
                  <option key={gsi.IndexName}>{gsi.IndexName}</option>
                ))}
              </select>
            </Field>
            <button type="submit" className="danger" disabled={busy || doomed === ''}>
              Delete index
            </button>
          </fieldset>
        </form>
      )}
      <form {...form(() => ({ timeToLive: { enabled: !ttlOn, attributeName: ttlAttribute } }))}>
        <fieldset>
          <legend>Time to live: {ttlOn ? `on, attribute ${description.timeToLive.attributeName ?? '?'}` : 'off'}</legend>
          <Field label="TTL attribute">
            <input value={ttlAttribute} required disabled={ttlOn} spellCheck={false} onChange={(event) => setTtlAttribute(event.target.value)} />
          </Field>
          <button type="submit" disabled={busy}>
            {ttlOn ? 'Turn TTL off' : 'Turn TTL on'}
          </button>
        </fieldset>
      </form>
      <ErrorNote error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
