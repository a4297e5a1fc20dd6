/** The open tables, one tab each; kept for the browser tab's session. */
import { useCallback, useEffect, useState } from 'react';

export interface OpenTable {
  readonly connectionId: string;
  readonly table: string;
}

const STORAGE_KEY = 'dynotable.tabs';
const sameTab = (a: OpenTable, b: OpenTable) => a.connectionId === b.connectionId && a.table === b.table;

function restored(): OpenTable[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((t): t is OpenTable => typeof t?.connectionId === 'string' && typeof t?.table === 'string') : [];
  } catch {
    return [];
  }
}

export function useTabs(active: OpenTable | undefined) {
  const [tabs, setTabs] = useState<OpenTable[]>(restored);
  useEffect(() => {
    if (active !== undefined) setTabs((open) => (open.some((tab) => sameTab(tab, active)) ? open : [...open, active]));
  }, [active?.connectionId, active?.table]);
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
    } catch {
      // Storage refused: the tabs last for this page.
    }
  }, [tabs]);
  /** Closes a tab and answers the tab to show instead when it was the active one. */
  const close = useCallback(
    (closing: OpenTable): OpenTable | undefined => {
      const index = tabs.findIndex((tab) => sameTab(tab, closing));
      const rest = tabs.filter((tab) => !sameTab(tab, closing));
      setTabs(rest);
      return rest[Math.min(index, rest.length - 1)];
    },
    [tabs],
  );
  return { tabs, close, isActive: (tab: OpenTable) => active !== undefined && sameTab(tab, active) };
}
