/**
 * The open tables, one tab each, with each tab's panes; kept for the browser
 * tab's session so a reload brings every tab back as it was.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { decodeTabs, encodeTabs, sameTab, type OpenTable, type SavedTab } from './tab-state.js';

const STORAGE_KEY = 'dynotable.tabs';

function load(): SavedTab[] {
  try {
    return decodeTabs(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return [];
  }
}

let tabs: readonly SavedTab[] = load();
/** Panes of tables not (yet) in the list: a table's workspace can speak before its tab is added. */
const loosePanes = new Map<string, string>();
const listeners = new Set<() => void>();
const looseKey = (tab: OpenTable) => JSON.stringify([tab.connectionId, tab.table]);

function store(next: readonly SavedTab[]): void {
  tabs = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, encodeTabs(tabs));
  } catch {
    // Storage refused: the tabs last for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved `panes` parameter of a table's tab. */
export function tabPanes(tab: OpenTable): string | undefined {
  return tabs.find((open) => sameTab(open, tab))?.panes ?? loosePanes.get(looseKey(tab));
}

/** Keeps a table's panes (the `panes` parameter) with its tab. */
export function setTabPanes(tab: OpenTable, panes: string): void {
  if (!tabs.some((open) => sameTab(open, tab))) {
    loosePanes.set(looseKey(tab), panes);
    return;
  }
  if (tabPanes(tab) === panes) return;
  store(tabs.map((open) => (sameTab(open, tab) ? { ...open, panes } : open)));
}

export function useTabs(active: OpenTable | undefined) {
  const open = useSyncExternalStore(subscribe, () => tabs);
  useEffect(() => {
    if (active === undefined || tabs.some((tab) => sameTab(tab, active))) return;
    const panes = loosePanes.get(looseKey(active));
    loosePanes.delete(looseKey(active));
    store([...tabs, panes === undefined ? { ...active } : { ...active, panes }]);
  }, [active?.connectionId, active?.table]);
  /** Closes a tab and answers the tab to show instead when it was the active one. */
  const close = useCallback((closing: OpenTable): SavedTab | undefined => {
    const index = tabs.findIndex((tab) => sameTab(tab, closing));
    const rest = tabs.filter((tab) => !sameTab(tab, closing));
    loosePanes.delete(looseKey(closing));
    store(rest);
    return rest[Math.min(Math.max(index, 0), rest.length - 1)];
  }, []);
  return { tabs: open, close, isActive: (tab: OpenTable) => active !== undefined && sameTab(tab, active) };
}
