/**
 * The first view's data, asked for as soon as the script runs instead of
 * after React's first render and effects: the connection list (index.html
 * preloads it) and, at once when the URL names a connection (else as soon as
 * the list names the first one, where the app goes), that connection's
 * tables. Each answer is handed over once, to the first view that asks for
 * it: as data when it has arrived, so that view shows it in its first render,
 * else as the request in flight. Later loads fetch again as usual.
 */
import { listConnections, listTables } from '../api/endpoints.js';
import type { ConnectionList, TableList } from '../api/types.js';
import { parseRoute } from './router.js';

interface Early<T> {
  readonly key: string;
  readonly answer: Promise<T>;
  arrived?: T;
}

let connections: Early<ConnectionList> | undefined;
let tables: Early<TableList> | undefined;

function early<T>(key: string, answer: Promise<T>): Early<T> {
  const request: Early<T> = { key, answer };
  // Nobody may ever take it (the URL's connection does not exist): its failure is not an unhandled rejection.
  answer.then((data) => (request.arrived = data), () => {});
  return request;
}

function requestTables(connectionId: string): void {
  tables = early(connectionId, listTables(connectionId, ''));
}

/**
 * Starts the requests the page opened on needs (every page shows the
 * connections; the model tools no tables). Settles once the connection list
 * has arrived (or failed) and every request is sent.
 */
export function requestStartupData(pathname: string): Promise<void> {
  const route = parseRoute(pathname);
  const answer = listConnections();
  connections = early('', answer);
  if (route.view === 'connection' || route.view === 'table') requestTables(route.connectionId);
  return answer.then(
    (list) => {
      if (route.view === 'home' && list.connections[0] !== undefined) requestTables(list.connections[0].id);
    },
    () => {},
  );
}

/** The connection list when it has arrived (then it is handed over). */
export function arrivedStartupConnections(): ConnectionList | undefined {
  const data = connections?.arrived;
  if (data !== undefined) connections = undefined;
  return data;
}

/** The connection list's request, once. */
export function takeStartupConnections(): Promise<ConnectionList> | undefined {
  const taken = connections;
  connections = undefined;
  return taken?.answer;
}

/** This connection's (unfiltered) table list when it has arrived (then it is handed over). */
export function arrivedStartupTables(connectionId: string, search: string): TableList | undefined {
  if (tables?.key !== connectionId || search !== '') return undefined;
  const data = tables.arrived;
  if (data !== undefined) tables = undefined;
  return data;
}

/**
 * The table list's request when it is this connection's (unfiltered). The
 * first table list shown asks, so the request is dropped either way: it must
 * not be taken, stale, much later.
 */
export function takeStartupTables(connectionId: string, search: string): Promise<TableList> | undefined {
  const taken = tables;
  tables = undefined;
  return taken !== undefined && taken.key === connectionId && search === '' ? taken.answer : undefined;
}
