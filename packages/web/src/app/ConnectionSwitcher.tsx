/**
 * The connection in use, its kind (AWS stands out) and its safety mode, which
 * is always visible and can be changed here (PATCH; the server enforces it).
 */
import { useId, useState } from 'react';
import { setSafety } from '../api/endpoints.js';
import type { ConnectionInfo, SafetyMode } from '../api/types.js';
import { ErrorNote } from './ErrorNote.js';
import { navigate, routePath } from './router.js';

const SAFETY_LABELS: Record<SafetyMode, string> = {
  'read-only': 'Read-only',
  'confirm-writes': 'Confirm writes',
  full: 'Full access',
};

const KIND_LABELS: Record<ConnectionInfo['kind'], string> = {
  embedded: 'Embedded engine',
  'dynamodb-local': 'DynamoDB Local',
  endpoint: 'Endpoint',
  aws: 'AWS',
};

export function connectionLabel(connection: ConnectionInfo): string {
  const where =
    connection.kind === 'aws'
      ? ['AWS', connection.profile, connection.region].filter(Boolean).join(' ')
      : connection.kind === 'embedded'
        ? ''
        : `${KIND_LABELS[connection.kind]} ${connection.endpoint ?? ''}`.trim();
  return where === '' ? connection.name : `${connection.name} — ${where}`;
}

interface ConnectionSwitcherProps {
  readonly connections: readonly ConnectionInfo[];
  readonly current: ConnectionInfo | undefined;
  /** The server runs with --read-only. */
  readonly serverReadOnly: boolean;
  readonly onChanged: () => void;
  readonly onAdd: () => void;
}

export function ConnectionSwitcher({ connections, current, serverReadOnly, onChanged, onAdd }: ConnectionSwitcherProps) {
  const [error, setError] = useState<unknown>(undefined);
  const connectionField = useId();
  const safetyField = useId();
  const changeSafety = async (safety: SafetyMode) => {
    if (current === undefined) return;
    setError(undefined);
    try {
      await setSafety(current.id, safety);
      onChanged();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <div className="connection-switcher">
      <label className="field-inline" htmlFor={connectionField}>
        Connection
      </label>
      <select
        id={connectionField}
        value={current?.id ?? ''}
        onChange={(event) => navigate(routePath({ view: 'connection', connectionId: event.target.value }))}
      >
        {connections.map((connection) => (
          <option key={connection.id} value={connection.id}>
            {connectionLabel(connection)}
          </option>
        ))}
      </select>
      <button type="button" className="icon-button" aria-label="Add a connection" title="Add a connection" onClick={onAdd}>
        +
      </button>
      {current?.kind === 'aws' && (
        <span className="badge badge-aws" title="A real AWS account: writes cost money and affect real data">
          AWS {current.region}
        </span>
      )}
      {current !== undefined && (
        <span className={`badge badge-safety safety-${current.safety}`}>
          <label className="visually-hidden" htmlFor={safetyField}>
            Safety mode
          </label>
          <select
            id={safetyField}
            value={current.safety}
            disabled={serverReadOnly}
            title={serverReadOnly ? 'The server was started with --read-only' : 'Who may write through this connection'}
            onChange={(event) => void changeSafety(event.target.value as SafetyMode)}
          >
            {(Object.keys(SAFETY_LABELS) as SafetyMode[]).map((mode) => (
              <option key={mode} value={mode}>
                {SAFETY_LABELS[mode]}
              </option>
            ))}
          </select>
        </span>
      )}
      <ErrorNote error={error} />
    </div>
  );
}
