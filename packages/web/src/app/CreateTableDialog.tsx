/** Creating a table: keys, billing, GSIs and LSIs with projections, TTL. DynamoDB's own errors are shown as they come. */
import { useState } from 'react';
import { createTable } from '../api/endpoints.js';
import type { BillingMode, CreateTableInput } from '../api/types.js';
import { Dialog, DialogActions, DialogForm, useRequest } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { Field } from './Field.js';
import { globalIndexInput, localIndexInput, newIndexDraft, type IndexDraft } from './index-drafts.js';
import { IndexFields } from './IndexFields.js';
import { StreamFields, streamInput, type StreamChoice } from '../changes/StreamFields.js';
import { KeyFields, ThroughputFields, throughputInput, type KeyDraft, type ThroughputDraft } from './key-fields.js';

interface CreateTableDialogProps {
  readonly connectionId: string;
  readonly onClose: () => void;
  readonly onCreated: (table: string) => void;
}

export function CreateTableDialog({ connectionId, onClose, onCreated }: CreateTableDialogProps) {
  const [name, setName] = useState('');
  const [partitionKey, setPartitionKey] = useState<KeyDraft>({ name: 'PK', type: 'S' });
  const [sortKey, setSortKey] = useState<KeyDraft>({ name: 'SK', type: 'S' });
  const [billing, setBilling] = useState<BillingMode>('PAY_PER_REQUEST');
  const [throughput, setThroughput] = useState<ThroughputDraft>({ read: '5', write: '5' });
  const [indexes, setIndexes] = useState<IndexDraft[]>([]);
  const [ttl, setTtl] = useState('');
  const [stream, setStream] = useState<StreamChoice>('OFF');
  const { busy, error, send } = useRequest();

  const input = (): CreateTableInput => ({
    name,
    partitionKey,
    ...(sortKey.name !== '' ? { sortKey } : {}),
    billingMode: billing,
    ...(billing === 'PROVISIONED' ? { provisionedThroughput: throughputInput(throughput) } : {}),
    globalSecondaryIndexes: indexes.filter((index) => index.kind === 'GSI').map(globalIndexInput),
    localSecondaryIndexes: indexes.filter((index) => index.kind === 'LSI').map(localIndexInput),
    ...(ttl !== '' ? { ttlAttribute: ttl } : {}),
    ...streamInput(stream),
  });
  const submit = () =>
    send(async () => {
      await createTable(connectionId, input());
      onCreated(name);
    });
  const replaceIndex = (at: number, index: IndexDraft | undefined) =>
    setIndexes((all) => all.flatMap((existing, i) => (i !== at ? [existing] : index !== undefined ? [index] : [])));

  return (
    <Dialog title="New table" onClose={onClose} wide>
      <DialogForm onSubmit={submit}>
        <Field label="Table name">
          <input value={name} required data-autofocus spellCheck={false} onChange={(event) => setName(event.target.value)} />
        </Field>
        <div className="field-row">
          <KeyFields label="Partition key" value={partitionKey} onChange={setPartitionKey} />
          <KeyFields label="Sort key" optional value={sortKey} onChange={setSortKey} />
        </div>
        <fieldset>
          <legend>Billing</legend>
          <BillingFields name="billing" billing={billing} onBilling={setBilling} throughput={throughput} onThroughput={setThroughput} />
        </fieldset>
        {indexes.map((index, at) => (
          <IndexFields key={at} value={index} onChange={(changed) => replaceIndex(at, changed)} onRemove={() => replaceIndex(at, undefined)} />
        ))}
        <div className="actions">
          <button type="button" onClick={() => setIndexes((all) => [...all, newIndexDraft('GSI')])}>
            Add a global secondary index
          </button>
          <button type="button" onClick={() => setIndexes((all) => [...all, newIndexDraft('LSI')])} disabled={sortKey.name === ''} title="An LSI needs a table with a sort key">
            Add a local secondary index
          </button>
        </div>
        <Field label="Time to live attribute (optional)">
          <input value={ttl} spellCheck={false} onChange={(event) => setTtl(event.target.value)} />
        </Field>
        <StreamFields value={stream} onChange={setStream} />
        <ErrorNote error={error} />
        <DialogActions onClose={onClose} submit="Create table" disabled={busy} />
      </DialogForm>
    </Dialog>
  );
}

interface BillingFieldsProps {
  /** The radio group's name, one per form. */
  readonly name: string;
  readonly billing: BillingMode;
  readonly onBilling: (billing: BillingMode) => void;
  readonly throughput: ThroughputDraft;
  readonly onThroughput: (throughput: ThroughputDraft) => void;
}

/** On demand or provisioned, with the read and write units when provisioned. */
export function BillingFields({ name, billing, onBilling, throughput, onThroughput }: BillingFieldsProps) {
  return (
    <>
      <label className="choice">
        <input type="radio" name={name} checked={billing === 'PAY_PER_REQUEST'} onChange={() => onBilling('PAY_PER_REQUEST')} /> On demand
      </label>
      <label className="choice">
        <input type="radio" name={name} checked={billing === 'PROVISIONED'} onChange={() => onBilling('PROVISIONED')} /> Provisioned
      </label>
      {billing === 'PROVISIONED' && <ThroughputFields value={throughput} onChange={onThroughput} />}
    </>
  );
}
