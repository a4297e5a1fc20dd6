/** The shell: connection bar, table list, tabs, the open table, and the app-wide dialogs (those last load on demand). */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { setConfirmWrite, setUnauthorized, type PendingWrite } from '../api/client.js';
import { listConnections, listTables, removeConnection } from '../api/endpoints.js';
import type { ApiFailure } from '../api/failure.js';
import { ReviewQueueButton } from '../agents/ReviewQueueButton.js';
import { AuthScreen } from './AuthScreen.js';
import { buildCommands, focusTableSearch } from './commands.js';
import { useSavedQueryNames } from './saved-query-commands.js';
import { ConnectionSwitcher } from './ConnectionSwitcher.js';
import { AreaNav } from './AreaNav.js';
import { ErrorNote } from './ErrorNote.js';
import { AddConnectionDialog, CommandPalette, ConfirmWriteDialog, CreateTableDialog, DeleteTableDialog, DesignArea, TableView } from './lazy-parts.js';
import { LazyPart } from './LazyPart.js';
import { LeaveDialog, type LeaveQuestion } from './LeaveDialog.js';
import { PaletteScope, useRegisteredActions } from './palette-actions.js';
import { navigate, routePath, setLeaveCheck, useRoute } from './router.js';
import { useShortcuts } from './shortcuts.js';
import { arrivedStartupConnections, takeStartupConnections } from './startup-data.js';
import { TableList } from './TableList.js';
import { Tabs } from './Tabs.js';
import { tabPath, type OpenTable } from './tab-state.js';
import { useTabs } from './tabs.js';
import { unsavedWork } from './unsaved-work.js';
import { areaScope, tabScope } from './work-scopes.js';
import { toggleTheme, useTheme } from './theme.js';
import { useLoad } from './use-load.js';

interface Confirmation {
  readonly write: PendingWrite;
  readonly reason: string;
  readonly answer: (confirmed: boolean) => void;
}

export function App() {
  const route = useRoute();
  const [theme] = useTheme();
  const [signedOut, setSignedOut] = useState<ApiFailure | undefined>(undefined);
  const [confirmation, setConfirmation] = useState<Confirmation | undefined>(undefined);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [deleting, setDeleting] = useState<OpenTable | undefined>(undefined);
  const [tablesVersion, setTablesVersion] = useState(0);
  const [addingConnection, setAddingConnection] = useState(false);
  const [connectionError, setConnectionError] = useState<unknown>(undefined);
  const [leaving, setLeaving] = useState<LeaveQuestion | undefined>(undefined);
  useEffect(() => {
    setUnauthorized(setSignedOut);
    setConfirmWrite((write, reason) => new Promise((answer) => setConfirmation({ write, reason, answer })));
  }, []);

  const connections = useLoad((signal) => takeStartupConnections() ?? listConnections(signal), [], arrivedStartupConnections);
  const connectionList = connections.data?.connections ?? [];
  const connectionId = route.view === 'home' || route.view === 'design' ? undefined : route.connectionId;
  const current = connectionList.find((c) => c.id === connectionId);
  useEffect(() => {
    const first = connectionList[0];
    if (route.view === 'home' && first !== undefined) navigate(routePath({ view: 'connection', connectionId: first.id }), { replace: true });
  }, [route.view, connectionList]);

  const active = route.view === 'table' ? { connectionId: route.connectionId, table: route.table } : undefined;
  const { tabs, close, isActive } = useTabs(active);
  const shownTabs = active === undefined || tabs.some(isActive) ? tabs : [...tabs, active];
  const closeTabNow = useCallback(
    (tab: OpenTable) => {
      const next = close(tab);
      if (!isActive(tab)) return;
      navigate(next !== undefined ? tabPath(next) : routePath({ view: 'connection', connectionId: tab.connectionId }));
    },
    [close, isActive],
  );
  /** Closing a tab with unsaved work (an item being edited) asks first, naming it. */
  const closeTab = useCallback(
    (tab: OpenTable) => {
      const lost = unsavedWork(tabScope(tab));
      if (lost.length === 0) closeTabNow(tab);
      else setLeaving({ title: `Close ${tab.table}?`, proceedLabel: 'Close the tab', lost, proceed: () => closeTabNow(tab) });
    },
    [closeTabNow],
  );
  // Leaving an area (Tables, Design) unmounts its work: ask first when some is unsaved.
  useEffect(() => {
    setLeaveCheck((from, to, go) => {
      const scope = areaScope(from);
      if (scope === areaScope(to)) return true;
      const lost = unsavedWork(scope);
      if (lost.length === 0) return true;
      setLeaving({ title: `Leave the ${from.view === 'design' ? 'Design' : 'Tables'} area?`, proceedLabel: 'Leave', lost, proceed: go });
      return false;
    });
    return () => setLeaveCheck(undefined);
  }, []);
  const stepTab = (step: 1 | -1) => {
    const index = shownTabs.findIndex(isActive);
    const next = shownTabs[(index + step + shownTabs.length) % shownTabs.length];
    if (next !== undefined) navigate(tabPath(next));
  };

  const paletteTables = useLoad(
    (signal) => (paletteOpen && connectionId !== undefined ? listTables(connectionId, '', signal) : Promise.resolve(undefined)),
    [paletteOpen, connectionId],
  );
  const savedQueryNames = useSavedQueryNames(route, paletteOpen);
  const registered = useRegisteredActions(active !== undefined ? tabScope(active) : '');
  const commands = buildCommands({
    route,
    registered,
    connections: connectionList,
    tableNames: paletteTables.data?.tables.map((t) => t.name) ?? [],
    tabs: shownTabs,
    savedQueries: savedQueryNames,
    closeActiveTab: () => active !== undefined && closeTab(active),
    stepTab,
    deleteTable: () => setDeleting(active),
    addConnection: () => setAddingConnection(true),
    closeConnection: (id) => {
      setConnectionError(undefined);
      removeConnection(id).then(() => {
        const other = connectionList.find((connection) => connection.id !== id);
        connections.reload();
        navigate(other !== undefined ? routePath({ view: 'connection', connectionId: other.id }) : '/');
      }, setConnectionError);
    },
  });
  const shortcutKeys = useMemo(() => Object.fromEntries(commands.filter((c) => c.shortcut !== undefined && c.shortcut.length === 1).map((c) => [c.shortcut!, c.run])), [commands]);
  useShortcuts(useMemo(() => ({ palette: () => setPaletteOpen(true), keys: shortcutKeys, paletteOpen }), [shortcutKeys, paletteOpen]));

  // Bookmarks and the history list name the view.
  useEffect(() => {
    document.title = active !== undefined ? `${active.table} · ${current?.name ?? active.connectionId} · DynoTable` : current !== undefined ? `${current.name} · DynoTable` : 'DynoTable';
  }, [active?.table, active?.connectionId, current?.name]);

  if (signedOut !== undefined) {
    return <AuthScreen failure={signedOut} />;
  }
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to the table
      </a>
      <header className="topbar">
        <a className="brand" href="/" aria-label="DynoTable home">
          DynoTable
        </a>
        <AreaNav route={route} lastConnectionId={connectionList[0]?.id} />
        <ConnectionSwitcher connections={connectionList} current={current} serverReadOnly={connections.data?.readOnly === true} onChanged={connections.reload} onAdd={() => setAddingConnection(true)} />
        <div className="topbar-actions">
          <button type="button" onClick={() => setPaletteOpen(true)} aria-keyshortcuts="Control+K Meta+K">
            Commands <kbd>Ctrl K</kbd>
          </button>
          <ReviewQueueButton />
          <button type="button" onClick={toggleTheme} aria-label={`Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`}>
            {theme === 'dark' ? 'Light' : 'Dark'} theme
          </button>
        </div>
      </header>
      <ErrorNote error={connections.error ?? connectionError} />
      {connectionId !== undefined && connections.data !== undefined && current === undefined && (
        <p className="error-note" role="alert">There is no connection “{connectionId}”. Pick one above.</p>
      )}
      <LazyPart label="The model tools">
        {route.view === 'design' && <DesignArea page={route.page} connections={connectionList} />}
      </LazyPart>
      {current !== undefined && (
        <div className="workspace">
          <TableList
            connectionId={current.id}
            activeTable={active?.table}
            version={tablesVersion}
            onNewTable={() => navigate(routePath({ view: 'connection', connectionId: current.id, dialog: 'new-table' }))}
          />
          <main className="main" id="main" tabIndex={-1}>
            <Tabs tabs={shownTabs} isActive={isActive} currentConnection={connectionId} connectionName={(id) => connectionList.find((c) => c.id === id)?.name ?? id} onClose={closeTab} />
            <LazyPart label="The table view">
              {shownTabs.map((tab) => (
                <PaletteScope.Provider key={`${tab.connectionId}/${tab.table}`} value={tabScope(tab)}>
                  <TableView
                    connectionId={tab.connectionId}
                    table={tab.table}
                    hidden={!isActive(tab)}
                    editing={isActive(tab) && route.view === 'table' && route.dialog === 'edit'}
                    onDelete={() => setDeleting(tab)}
                  />
                </PaletteScope.Provider>
              ))}
            </LazyPart>
            {active === undefined && <EmptyMain onSearch={focusTableSearch} />}
          </main>
        </div>
      )}
      <LazyPart label="The command palette">
        {paletteOpen && <CommandPalette commands={commands} onClose={() => setPaletteOpen(false)} />}
      </LazyPart>
      <LazyPart label="The new table dialog">
        {route.view === 'connection' && route.dialog === 'new-table' && (
          <CreateTableDialog
            connectionId={route.connectionId}
            onClose={() => navigate(routePath({ view: 'connection', connectionId: route.connectionId }))}
            onCreated={(table) => {
              setTablesVersion((v) => v + 1);
              navigate(routePath({ view: 'table', connectionId: route.connectionId, table }));
            }}
          />
        )}
      </LazyPart>
      <LazyPart label="The add connection dialog">
        {addingConnection && (
          <AddConnectionDialog
            onClose={() => setAddingConnection(false)}
            onAdded={(connection) => {
              setAddingConnection(false);
              connections.reload();
              navigate(routePath({ view: 'connection', connectionId: connection.id }));
            }}
          />
        )}
      </LazyPart>
      <LazyPart label="The delete table dialog">
        {deleting !== undefined && (
          <DeleteTableDialog
            connectionId={deleting.connectionId}
            table={deleting.table}
            onClose={() => setDeleting(undefined)}
            onDeleted={() => {
              setDeleting(undefined);
              setTablesVersion((v) => v + 1);
              closeTabNow(deleting);
            }}
          />
        )}
      </LazyPart>
      {leaving !== undefined && (
        <LeaveDialog
          question={leaving}
          onAnswer={(proceed) => {
            setLeaving(undefined);
            if (proceed) leaving.proceed();
          }}
        />
      )}
      <LazyPart label="The write confirmation">
        {confirmation !== undefined && (
          <ConfirmWriteDialog
            write={confirmation.write}
            reason={confirmation.reason}
            onAnswer={(confirmed) => {
              setConfirmation(undefined);
              confirmation.answer(confirmed);
            }}
          />
        )}
      </LazyPart>
    </div>
  );
}

function EmptyMain({ onSearch }: { readonly onSearch: () => void }) {
  return (
    <section className="empty-main" aria-label="Getting started">
      <h1>Pick a table</h1>
      <p>
        Open a table from the list, <button type="button" className="link-button" onClick={onSearch}>search the tables</button> (<kbd>/</kbd>), or press{' '}
        <kbd>Ctrl</kbd> <kbd>K</kbd> for every action.
      </p>
    </section>
  );
}
