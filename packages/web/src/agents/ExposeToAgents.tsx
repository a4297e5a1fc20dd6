/**
 * Which connections coding agents may see and propose writes to
 * (docs/agent-writes.md): none at each start; the server refuses agents on a
 * connection that is not exposed. Shown in the review queue's dialog.
 */
import { useEffect, useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { listExposure, setExposure, type ExposureList } from './agents-api.js';
import './agents.css';

export function ExposeToAgents() {
  const [list, setList] = useState<ExposureList | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    listExposure(controller.signal).then(setList, (failure: unknown) => !controller.signal.aborted && setError(failure));
    return () => controller.abort();
  }, []);
  const change = async (id: string, next: boolean) => {
    setError(undefined);
    try {
      const answer = await setExposure(id, next);
      setList((old) => old && { connections: old.connections.map((connection) => (connection.id === id ? { ...connection, exposed: answer.exposed } : connection)) });
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <fieldset className="agents-expose" title="Agents may read an exposed connection and propose writes to it, which wait for your approval">
      <legend>Connections agents may use</legend>
      {list?.connections.map((connection) => (
        <label key={connection.id}>
          <input type="checkbox" checked={connection.exposed} onChange={(event) => void change(connection.id, event.target.checked)} /> Expose {connection.name} to agents
        </label>
      ))}
      <ErrorNote error={error} />
    </fieldset>
  );
}
