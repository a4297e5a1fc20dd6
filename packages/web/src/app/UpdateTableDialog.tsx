/**
 * Updating a table: billing and throughput, adding a GSI, deleting one, TTL.
 * DynamoDB takes one index change per call, so each change is its own form.
 */
import { useState } from 'react';
import { updateTable } from '../api/endpoints.js';
import type { BillingMode, TableDescription, UpdateTableInput } from '../api/types.js';
import { BillingFields } from './CreateTableDialog.js';
import { Dialog, DialogActions, DialogForm, useRequest } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { Field } from './Field.js';
import { globalIndexInput, newIndexDraft, type IndexDraft } from './index-drafts.js';
import { IndexFields } from './IndexFields.js';
import { throughputInput, type ThroughputDraft } from './key-fields.js';
import { StreamUpdateForm } from '../changes/StreamFields.js';

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
  const request = useRequest();

  const { busy } = request;
  const send = (input: UpdateTableInput) =>
    request.send(async () => {
      await updateTable(connectionId, table.TableName, input);
      onUpdated();
    });

  return (
    <Dialog title={`Update ${table.TableName}`} onClose={onClose} wide>
      <DialogForm onSubmit={() => send({ billingMode: billing, ...(billing === 'PROVISIONED' ? { provisionedThroughput: throughputInput(throughput) } : {}) })}>
        <fieldset>
          <legend>Billing</legend>
          <BillingFields name="update-billing" billing={billing} onBilling={setBilling} throughput={throughput} onThroughput={setThroughput} />
          <button type="submit" disabled={busy}>
            Change billing
          </button>
        </fieldset>
      </DialogForm>
      <DialogForm onSubmit={() => send({ createIndex: globalIndexInput(index) })}>
        <IndexFields value={index} onChange={setIndex} />
        <button type="submit" disabled={busy}>
          Add this index
        </button>
      </DialogForm>
      {gsis.length > 0 && (
        <DialogForm onSubmit={() => send({ deleteIndex: doomed })}>
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
        </DialogForm>
      )}
      <DialogForm onSubmit={() => send({ timeToLive: { enabled: !ttlOn, attributeName: ttlAttribute } })}>
        <fieldset>
          <legend>Time to live: {ttlOn ? `on, attribute ${description.timeToLive.attributeName ?? '?'}` : 'off'}</legend>
          <Field label="TTL attribute">
            <input value={ttlAttribute} required disabled={ttlOn} spellCheck={false} onChange={(event) => setTtlAttribute(event.target.value)} />
          </Field>
          <button type="submit" disabled={busy}>
            {ttlOn ? 'Turn TTL off' : 'Turn TTL on'}
          </button>
        </fieldset>
      </DialogForm>
      <StreamUpdateForm description={description} busy={busy} onSend={send} />
      <ErrorNote error={request.error} />
      <DialogActions onClose={onClose} closeLabel="Close" />
    </Dialog>
  );
}
