/**
 * Where a table's panes are kept: in the URL while the table is in view (so
 * the view can be bookmarked and shared), and with its tab always (so a tab
 * in the background, and every tab after a reload, comes back with its own
 * panes). A shared link's panes win over the tab's.
 */
import { useEffect } from 'react';
import { parseRoute, useLocation } from '../app/router.js';
import { setTabPanes, tabPanes } from '../app/tabs.js';
import { decodePanes, encodePanes, PANES_PARAM } from './pane-url.js';
import { DEFAULT_QUERY_STATE, type QueryState } from './query-state.js';

const UNTOUCHED = encodePanes([DEFAULT_QUERY_STATE]);

/** Whether the page's URL is this table's, so its ?panes= belongs to this workspace. */
export function urlIsOurs(connectionId: string, table: string): boolean {
  const route = parseRoute(window.location.pathname);
  return route.view === 'table' && route.connectionId === connectionId && route.table === table;
}

/** The panes a table opens with: the URL's when it is the table's, else its tab's, else none. */
export function restoredPanes(connectionId: string, table: string): QueryState[] | undefined {
  const fromUrl = urlIsOurs(connectionId, table) ? decodePanes(new URLSearchParams(window.location.search).get(PANES_PARAM)) : undefined;
  return fromUrl ?? decodePanes(tabPanes({ connectionId, table }));
}

/** Keeps the panes with the tab, and in the URL whenever it is the table's (replaceState: editing a query is not a navigation). */
export function useKeptPanes(connectionId: string, table: string, states: readonly QueryState[]): void {
  const encoded = encodePanes(states);
  const here = useLocation();
  useEffect(() => {
    setTabPanes({ connectionId, table }, encoded);
    if (!urlIsOurs(connectionId, table)) return;
    const { pathname, search, hash } = window.location;
    const params = new URLSearchParams(search);
    const inUrl = params.get(PANES_PARAM);
    // A table opened and not queried yet keeps its plain URL.
    if (inUrl === encoded || (inUrl === null && encoded === UNTOUCHED)) return;
    params.set(PANES_PARAM, encoded);
    window.history.replaceState(window.history.state, '', `${pathname}?${params.toString()}${hash}`);
  }, [encoded, here, connectionId, table]);
}
