/**
 * Scopes: the prefixes of the ids under which parts of the page register
 * their palette actions and their unsaved work (unsaved-work.ts), so that
 * closing a tab or leaving an area asks about its own work only.
 *
 *   tables/<connection>/<table>/…   one table's tab (the item editor, its panes)
 *   design/…                        the Design area (the model editor)
 */
import type { Route } from './router.js';
import type { OpenTable } from './tab-state.js';

export const TABLES_SCOPE = 'tables/';
export const DESIGN_SCOPE = 'design/';

/** One tab's scope: `unsavedWork(tabScope(tab))` is what closing that tab would lose. */
export function tabScope(tab: OpenTable): string {
  return `${TABLES_SCOPE}${encodeURIComponent(tab.connectionId)}/${encodeURIComponent(tab.table)}/`;
}

/** The scope of the area a route is in: Design, or Tables for every other view. */
export function areaScope(route: Route): string {
  return route.view === 'design' ? DESIGN_SCOPE : TABLES_SCOPE;
}
