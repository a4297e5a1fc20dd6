/**
 * Where the expressions run: a connection, one of its tables (listed, not
 * typed), and for Query and Scan the table itself or one of its indexes. The
 * chosen table's key schema and indexes are shown, and picking a table or an
 * index fills the key fields with its keys.
 */
import { useEffect, useId } from 'react';
import { describeTable, listTables } from '../api/endpoints.js';
import type { ConnectionInfo } from '../api/types.js';
import { ErrorNote } from '../app/ErrorNote.js';
import { useLoad } from '../app/use-load.js';
import { queryTargets } from '../workbench/table-indexes.js';
import type { ExpressionState } from './expression-state.js';
import { pickIndex, pickTable, targetText } from './table-choice.js';

interface TablePickerProps {
  readonly connections: readonly ConnectionInfo[];
  readonly connection: ConnectionInfo | undefined;
  readonly state: ExpressionState;
  readonly withIndex: boolean;
  readonly onChange: (change: Partial<ExpressionState>) => void;
  /** Whether the connection has the table: undefined while its tables are being listed. */
  readonly onListed: (listed: boolean | undefined) => void;
}

export function TablePicker({ connections, connection, state, withIndex, onChange, onListed }: TablePickerProps) {
  const id = useId();
  const connectionId = connection?.id;
  const tables = useLoad((signal) => (connectionId === undefined ? Promise.resolve(undefined) : listTables(connectionId, '', signal)), [connectionId]);
  const names = (tables.data?.tables ?? []).map((table) => table.name);
  const listed = names.includes(state.table);
  const known = tables.loading || tables.data === undefined ? undefined : listed;
  useEffect(() => onListed(known), [known, onListed]);
  const description = useLoad(
    (signal) => (connectionId === undefined || !listed ? Promise.resolve(undefined) : describeTable(connectionId, state.table, signal).then((answer) => answer.table)),
    [connectionId, state.table, listed],
  );
  const table = description.data;
  const targets = table === undefined ? [] : queryTargets(table);
  const indexListed = state.index === '' || targets.some((target) => target.indexName === state.index);

  const chooseTable = (name: string) => {
    if (connectionId === undefined) return;
    onChange({ table: name, index: '' });
    // The keys follow once the table is read; a failure leaves the fields as they are.
    describeTable(connectionId, name).then(
      (answer) => onChange(pickTable(answer.table)),
      () => undefined,
    );
  };

  return (
    <div className="xp-target">
      <div className="xp-row">
        {connections.length > 1 && (
          <div className="xp-field xp-narrow">
            <label htmlFor={`${id}-connection`}>Connection</label>
            <select id={`${id}-connection`} value={connection?.id ?? ''} onChange={(event) => onChange({ connection: event.target.value })}>
              {connections.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="xp-field xp-narrow">
          <label htmlFor={`${id}-table`}>Table</label>
          <select id={`${id}-table`} className="xp-mono" value={state.table} onChange={(event) => chooseTable(event.target.value)} aria-describedby={`${id}-schema`}>
            {!listed && <option value={state.table}>{state.table === '' ? 'Choose a table' : `${state.table} (not on this connection)`}</option>}
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {withIndex && (
          <div className="xp-field xp-narrow">
            <label htmlFor={`${id}-index`}>Index</label>
            <select id={`${id}-index`} className="xp-mono" value={state.index} onChange={(event) => table !== undefined && onChange(pickIndex(table, event.target.value))} disabled={table === undefined}>
              {!indexListed && <option value={state.index}>{`${state.index} (not on this table)`}</option>}
              {targets.map((target) => (
                <option key={target.indexName ?? ''} value={target.indexName ?? ''}>
                  {target.indexName === undefined ? 'The table itself' : `${target.indexName} (${target.kind.toUpperCase()})`}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div id={`${id}-schema`} className="xp-schema">
        {connection === undefined && <p className="muted">No connection: add one from the connection switcher to list its tables.</p>}
        {tables.loading && <p className="muted">Listing the tables of {connection?.name}…</p>}
        {!tables.loading && connection !== undefined && !listed && (
          <p className="xp-problem">
            {state.table === '' ? 'Choose a table' : `${state.table} is not a table of ${connection.name}`}: pick one of its {names.length} tables to run the request and to fill the keys.
          </p>
        )}
        {table !== undefined && (
          <ul aria-label={`Keys and indexes of ${table.TableName}`}>
            {targets.map((target) => (
              <li key={target.indexName ?? ''} className="xp-mono">
                {targetText(target)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorNote error={tables.error ?? description.error} />
    </div>
  );
}
