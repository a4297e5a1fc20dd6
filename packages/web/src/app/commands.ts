/** The actions the palette lists, built from what is open now. */
import type { ConnectionInfo } from '../api/types.js';
import type { Command } from './CommandPalette.js';
import { connectionLabel } from './ConnectionSwitcher.js';
import { DESIGN_PAGES } from '../design-area/pages.js';
import { navigate, routePath, type Route } from './router.js';
import { savedQueryCommands } from './saved-query-commands.js';
import { TABLE_SEARCH_ID } from './TableList.js';
import type { OpenTable } from './tabs.js';
import { toggleTheme } from './theme.js';

export interface CommandContext {
  readonly route: Route;
  readonly connections: readonly ConnectionInfo[];
  readonly tableNames: readonly string[];
  readonly tabs: readonly OpenTable[];
  readonly closeActiveTab: () => void;
  readonly stepTab: (step: 1 | -1) => void;
  readonly deleteTable: () => void;
  readonly addConnection: () => void;
  readonly closeConnection: (connectionId: string) => void;
  /** The names of the open table's saved queries. */
  readonly savedQueries?: readonly string[];
}

export function focusTableSearch(): void {
  document.getElementById(TABLE_SEARCH_ID)?.focus();
}

export function buildCommands(context: CommandContext): Command[] {
  const { route } = context;
  const connectionId = route.view === 'home' || route.view === 'design' ? undefined : route.connectionId;
  const commands: Command[] = [];
  if (connectionId !== undefined) {
    commands.push({ id: 'new-table', group: 'Table', label: 'New table…', shortcut: 'n', run: () => navigate(routePath({ view: 'connection', connectionId, dialog: 'new-table' })) });
    commands.push({ id: 'search', group: 'Table', label: 'Search tables', shortcut: '/', run: focusTableSearch });
  }
  if (route.view === 'table') {
    const { table } = route;
    commands.push({ id: 'update-table', group: 'Table', label: `Update ${table}…`, shortcut: 'e', run: () => navigate(routePath({ ...route, dialog: 'edit' })) });
    commands.push({ id: 'delete-table', group: 'Table', label: `Delete ${table}…`, run: context.deleteTable });
    commands.push({ id: 'close-tab', group: 'Tab', label: `Close ${table}`, shortcut: 'w', run: context.closeActiveTab });
    commands.push(...savedQueryCommands(route, context.savedQueries ?? []));
  }
  if (context.tabs.length > 1) {
    commands.push({ id: 'next-tab', group: 'Tab', label: 'Next tab', shortcut: ']', run: () => context.stepTab(1) });
    commands.push({ id: 'previous-tab', group: 'Tab', label: 'Previous tab', shortcut: '[', run: () => context.stepTab(-1) });
  }
  for (const page of DESIGN_PAGES) {
    commands.push({ id: `design:${page.id}`, group: 'Design', label: page.title, run: () => navigate(routePath({ view: 'design', page: page.id })) });
  }
  commands.push({ id: 'theme', group: 'View', label: 'Toggle dark / light theme', shortcut: 't', run: toggleTheme });
  commands.push({ id: 'palette', group: 'View', label: 'Command palette', shortcut: 'Ctrl+K', run: () => {} });
  for (const name of context.tableNames) {
    if (connectionId !== undefined) commands.push({ id: `open:${name}`, group: 'Open table', label: name, run: () => navigate(routePath({ view: 'table', connectionId, table: name })) });
  }
  commands.push({ id: 'add-connection', group: 'Connection', label: 'Add a connection…', run: context.addConnection });
  const current = context.connections.find((connection) => connection.id === connectionId);
  if (current !== undefined && context.connections.length > 1) {
    commands.push({ id: 'close-connection', group: 'Connection', label: `Close ${current.name}`, run: () => context.closeConnection(current.id) });
  }
  for (const connection of context.connections) {
    if (connection.id !== connectionId) {
      commands.push({ id: `connection:${connection.id}`, group: 'Switch connection', label: connectionLabel(connection), run: () => navigate(routePath({ view: 'connection', connectionId: connection.id })) });
    }
  }
  return commands;
}
