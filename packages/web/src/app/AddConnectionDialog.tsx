/** Opening another connection: the embedded engine, DynamoDB Local, any endpoint, or AWS. */
import { useState } from 'react';
import { addConnection, listAwsProfiles } from '../api/endpoints.js';
import type { ConnectionInfo, ConnectionKind, ConnectionRequest } from '../api/types.js';
import { Dialog, DialogActions, DialogForm, useRequest } from './Dialog.js';
import { ErrorNote } from './ErrorNote.js';
import { Field } from './Field.js';
import { useLoad } from './use-load.js';

const KINDS: { kind: ConnectionKind; label: string }[] = [
  { kind: 'embedded', label: 'Embedded engine' },
  { kind: 'dynamodb-local', label: 'DynamoDB Local' },
  { kind: 'endpoint', label: 'Another endpoint' },
  { kind: 'aws', label: 'AWS' },
];

interface Draft {
  kind: ConnectionKind;
  name: string;
  /** Embedded: a data directory (absolute); empty for in memory. */
  dataDir: string;
  /** DynamoDB Local: empty starts one. */
  endpoint: string;
  region: string;
  profile: string;
}

function requestOf(draft: Draft): ConnectionRequest {
  const name = draft.name.trim() === '' ? {} : { name: draft.name.trim() };
  switch (draft.kind) {
    case 'embedded':
      return { kind: 'embedded', ...name, ...(draft.dataDir === '' ? { inMemory: true } : { dataDir: draft.dataDir }) };
    case 'dynamodb-local':
      return { kind: 'dynamodb-local', ...name, ...(draft.endpoint === '' ? { start: true } : { endpoint: draft.endpoint }) };
    case 'endpoint':
      return { kind: 'endpoint', ...name, endpoint: draft.endpoint, ...(draft.region !== '' ? { region: draft.region } : {}) };
    case 'aws':
      return { kind: 'aws', ...name, region: draft.region, ...(draft.profile !== '' ? { profile: draft.profile } : {}) };
  }
}

export function AddConnectionDialog({ onClose, onAdded }: { readonly onClose: () => void; readonly onAdded: (connection: ConnectionInfo) => void }) {
  const [draft, setDraft] = useState<Draft>({ kind: 'embedded', name: '', dataDir: '', endpoint: '', region: '', profile: '' });
  const { busy, error, send } = useRequest();
  const profiles = useLoad((signal) => (draft.kind === 'aws' ? listAwsProfiles(signal) : Promise.resolve(undefined)), [draft.kind]);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = () => send(async () => onAdded((await addConnection(requestOf(draft))).connection));
  const text = (label: string, field: 'name' | 'dataDir' | 'endpoint' | 'region', options: { required?: boolean; placeholder?: string } = {}) => (
    <Field label={<>{label}</>}>
      <input value={draft[field]} required={options.required} placeholder={options.placeholder} spellCheck={false} onChange={(event) => set({ [field]: event.target.value })} />
    </Field>
  );
  return (
    <Dialog title="Add a connection" onClose={onClose}>
      <DialogForm onSubmit={submit}>
        <fieldset>
          <legend>Kind</legend>
          {KINDS.map(({ kind, label }) => (
            <label key={kind} className="choice">
              <input type="radio" name="connection-kind" checked={draft.kind === kind} onChange={() => set({ kind })} /> {label}
            </label>
          ))}
        </fieldset>
        {text('Name (optional)', 'name')}
        {draft.kind === 'embedded' && text('Data directory (absolute path; empty keeps it in memory)', 'dataDir')}
        {draft.kind === 'dynamodb-local' && text('Endpoint of a running DynamoDB Local (empty starts one)', 'endpoint', { placeholder: 'http://localhost:8000' })}
        {draft.kind === 'endpoint' && text('Endpoint URL', 'endpoint', { required: true, placeholder: 'http://localhost:8000' })}
        {draft.kind === 'endpoint' && text('Region (optional)', 'region', { placeholder: 'us-east-1' })}
        {draft.kind === 'aws' && (
          <>
            <Field label="Profile">
              <select
                value={draft.profile}
                onChange={(event) => {
                  const region = profiles.data?.profiles.find((profile) => profile.name === event.target.value)?.region;
                  set({ profile: event.target.value, ...(region !== undefined && draft.region === '' ? { region } : {}) });
                }}
              >
                <option value="">The default credential chain</option>
                {profiles.data?.profiles.map((profile) => (
                  <option key={profile.name} value={profile.name}>
                    {profile.name}
                    {profile.region !== undefined ? ` (${profile.region})` : ''}
                  </option>
                ))}
              </select>
            </Field>
            {text('Region', 'region', { required: true, placeholder: 'eu-west-1' })}
            <p className="muted">An AWS connection asks before every write; change that with its safety mode.</p>
          </>
        )}
        <ErrorNote error={error ?? profiles.error} />
        <DialogActions onClose={onClose} submit="Add connection" disabled={busy} />
      </DialogForm>
    </Dialog>
  );
}
