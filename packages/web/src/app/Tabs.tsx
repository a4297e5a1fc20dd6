/** The open tables as links (each tab is a URL, with its panes), each with a close button. */
import { followLink } from './router.js';
import { tabPath, type OpenTable, type SavedTab } from './tab-state.js';

interface TabsProps {
  readonly tabs: readonly SavedTab[];
  readonly isActive: (tab: OpenTable) => boolean;
  readonly connectionName: (id: string) => string;
  readonly currentConnection: string | undefined;
  readonly onClose: (tab: OpenTable) => void;
}

export function Tabs({ tabs, isActive, connectionName, currentConnection, onClose }: TabsProps) {
  if (tabs.length === 0) return null;
  return (
    <nav className="tabs" aria-label="Open tables">
      {tabs.map((tab) => {
        const path = tabPath(tab);
        const label = tab.connectionId === currentConnection ? tab.table : `${tab.table} · ${connectionName(tab.connectionId)}`;
        return (
          <span key={`${tab.connectionId}/${tab.table}`} className={isActive(tab) ? 'tab tab-active' : 'tab'}>
            <a href={path} aria-current={isActive(tab) ? 'page' : undefined} onClick={(event) => followLink(event, path)}>
              {label}
            </a>
            <button type="button" className="icon-button" aria-label={`Close ${label}`} onClick={() => onClose(tab)}>
              ×
            </button>
          </span>
        );
      })}
    </nav>
  );
}
