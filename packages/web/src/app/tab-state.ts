/**
 * An open table's tab as it is kept across reloads: which table, and its
 * panes as the URL writes them (`?panes=…`, see workbench/pane-url.ts), so
 * every tab comes back with its own queries. Pure: the storage is tabs.ts's.
 */
import { routePath } from './router.js';

export interface OpenTable {
  readonly connectionId: string;
  readonly table: string;
}

export interface SavedTab extends OpenTable {
  /** The tab's `panes` parameter; absent until its panes are known. */
  readonly panes?: string;
}

export const sameTab = (a: OpenTable, b: OpenTable): boolean => a.connectionId === b.connectionId && a.table === b.table;

/** The tab's URL, with its panes when it has some. */
export function tabPath(tab: SavedTab): string {
  const path = routePath({ view: 'table', connectionId: tab.connectionId, table: tab.table });
  return tab.panes === undefined ? path : `${path}?${new URLSearchParams({ panes: tab.panes }).toString()}`;
}

export function encodeTabs(tabs: readonly SavedTab[]): string {
  return JSON.stringify(tabs.map(({ connectionId, table, panes }) => (panes === undefined ? { connectionId, table } : { connectionId, table, panes })));
}

/** Never throws: what cannot be read is left out (an unreadable list is no tabs). */
export function decodeTabs(text: string | null): SavedTab[] {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const tabs: SavedTab[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { connectionId, table, panes } = entry as Record<string, unknown>;
    if (typeof connectionId !== 'string' || typeof table !== 'string') continue;
    if (tabs.some((tab) => sameTab(tab, { connectionId, table }))) continue;
    tabs.push(typeof panes === 'string' && panes !== '' ? { connectionId, table, panes } : { connectionId, table });
  }
  return tabs;
}
