/** The palette's entries for the open table's saved queries: each opens its query in a pane. */
import { savedQueries } from '../workbench/queries-api.js';
import { savedQueryLink } from '../workbench/saved-query-link.js';
import type { Command } from './CommandPalette.js';
import { navigate, type Route } from './router.js';
import { useLoad } from './use-load.js';

export function savedQueryCommands(route: Route, names: readonly string[]): Command[] {
  if (route.view !== 'table') return [];
  const { connectionId, table } = route;
  return names.map((name) => ({
    id: `saved-query:${name}`,
    group: 'Saved query',
    label: `Open saved query ${name}`,
    run: () => navigate(savedQueryLink(connectionId, table, name)),
  }));
}

/** The names of the open table's saved queries, read each time the palette opens. */
export function useSavedQueryNames(route: Route, paletteOpen: boolean): readonly string[] {
  const table = route.view === 'table' ? route : undefined;
  const loaded = useLoad(
    (signal) => (paletteOpen && table !== undefined ? savedQueries(table.connectionId, table.table, signal) : Promise.resolve(undefined)),
    [paletteOpen, table?.connectionId, table?.table],
  );
  return loaded.data?.queries.map((query) => query.name) ?? [];
}
