/**
 * The workbench's MCP endpoint for coding agents (docs/mcp.md): off at each
 * start; switched on here, it shows where an agent connects and the line that
 * adds it to Claude Code. The endpoint has its own token, not the API's.
 */
import { useEffect, useState } from 'react';
import { ErrorNote } from '../app/ErrorNote.js';
import { CopyButton } from '../codegen/CopyButton.js';
import { getMcp, setMcp, type McpState } from './agents-api.js';

export function McpSwitch() {
  const [state, setState] = useState<McpState | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    getMcp(controller.signal).then(setState, (failure: unknown) => !controller.signal.aborted && setError(failure));
    return () => controller.abort();
  }, []);
  const change = async (enabled: boolean) => {
    setError(undefined);
    try {
      setState(await setMcp(enabled));
    } catch (failure) {
      setError(failure);
    }
  };
  const command = state?.enabled === true ? `claude mcp add --transport http dynotable ${state.url} --header "Authorization: Bearer ${state.token}"` : undefined;
  return (
    <section className="agents-mcp" aria-label="The MCP endpoint for agents">
      <label>
        <input type="checkbox" checked={state?.enabled === true} disabled={state === undefined} onChange={(event) => void change(event.target.checked)} /> Serve the MCP endpoint
        for agents
      </label>
      {command !== undefined && (
        <p>
          <code aria-label="Add this workbench to Claude Code">{command}</code> <CopyButton text={command} label="Copy the command" />
        </p>
      )}
      <ErrorNote error={error} />
    </section>
  );
}
