/**
 * Whether coding agents may see this connection and propose writes to it
 * (docs/agent-writes.md). Off for every connection at each start; the
 * server refuses agents on a connection that is not exposed.
 */
import { useEffect, useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { listExposure, setExposure } from './agents-api.js';
import './agents.css';

export function ExposeToAgents({ connectionId }: { readonly connectionId: string }) {
  const [exposed, setExposed] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    setExposed(undefined);
    listExposure(controller.signal).then(
      (answer) => setExposed(answer.connections.find((connection) => connection.id === connectionId)?.exposed ?? false),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [connectionId]);
  const change = async (next: boolean) => {
    setError(undefined);
    try {
      setExposed((await setExposure(connectionId, next)).exposed);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <label className="agents-expose" title="Agents connected through dynotable mcp may read this connection and propose writes, which wait for your approval">
        <input type="checkbox" checked={exposed === true} disabled={exposed === undefined} onChange={(event) => void change(event.target.checked)} /> Expose to agents
      </label>
      <ErrorNote error={error} />
    </>
  );
}
