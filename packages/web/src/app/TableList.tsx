/** The tables of the connection, filtered as the user types (the server searches). */
import { useDeferredValue, useEffect, useState } from 'react';
import { listTables } from '../api/endpoints.js';
import { ErrorNote } from './ErrorNote.js';
import { formatCount } from './format.js';
import { preloadParts } from './lazy-parts.js';
import { followLink, routePath } from './router.js';
import { arrivedStartupTables, takeStartupTables } from './startup-data.js';
import { useLoad } from './use-load.js';

interface TableListProps {
  readonly connectionId: string;
  readonly activeTable: string | undefined;
  /** Changes when a table was created or deleted. */
  readonly version: number;
  readonly onNewTable: () => void;
}

export const TABLE_SEARCH_ID = 'table-search';

export function TableList({ connectionId, activeTable, version, onNewTable }: TableListProps) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const { data, error, loading, reload } = useLoad(
    (signal) => takeStartupTables(connectionId, query) ?? listTables(connectionId, query, signal),
    [connectionId, query],
    () => arrivedStartupTables(connectionId, query),
  );
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  // The first view is complete once tables show: the rest of the app can load meanwhile.
  useEffect(() => {
    if (data !== undefined) preloadParts();
  }, [data]);
  return (
    <nav className="table-list" aria-label="Tables">
      <div className="table-list-header">
        <h2>Tables</h2>
        <button type="button" onClick={onNewTable}>
          New table
        </button>
      </div>
      <input
        id={TABLE_SEARCH_ID}
        type="search"
        placeholder="Search tables  ( / )"
        aria-label="Search tables"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ErrorNote error={error} onRetry={reload} />
      {data !== undefined && data.tables.length === 0 && <p className="muted">{query === '' ? 'No tables yet.' : `No table matches “${query}”.`}</p>}
      <ul aria-busy={loading}>
        {data?.tables.map((table) => {
          const path = routePath({ view: 'table', connectionId, table: table.name });
          const keys = table.keySchema === undefined ? '' : [table.keySchema.partitionKey.name, table.keySchema.sortKey?.name].filter(Boolean).join(' · ');
          return (
            <li key={table.name}>
              <a href={path} aria-current={table.name === activeTable ? 'page' : undefined} onClick={(event) => followLink(event, path)}>
                <span className="table-name">{table.name}</span>
                <span className="table-meta">
                  {table.error !== undefined ? table.error.type : `${formatCount(table.itemCount)} items${keys !== '' ? ` · ${keys}` : ''}`}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {data?.lastEvaluatedTableName !== undefined && <p className="muted">More tables: refine the search.</p>}
    </nav>
  );
}
