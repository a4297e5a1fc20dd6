/**
 * The actions the palette lists, built from what is open now by a list of
 * command sources: the shell's own (tables, tabs, views, connections), and
 * the actions that mounted parts of the page register (palette-actions.ts:
 * a pane's Run, an item's Edit, the linked model's access patterns). Another
 * kind of entry is one more source in COMMAND_SOURCES.
 */
import type { ConnectionInfo } from '../api/types.js';
import type { Command } from './CommandPalette.js';
import { connectionLabel } from './ConnectionSwitcher.js';
import { DESIGN_PAGES } from '../design-area/pages.js';
import { navigate, routePath, type Route } from './router.js';
import { savedQueryCommands } from './saved-query-commands.js';
import { TABLE_SEARCH_ID } from './TableList.js';
import { tabPath, type SavedTab } from './tab-state.js';
import { toggleTheme } from './theme.js';

export interface CommandContext {
  readonly route: Route;
  readonly connections: readonly ConnectionInfo[];
  readonly tableNames: readonly string[];
  readonly tabs: readonly SavedTab[];
  /** The actions registered by the parts of the page in view. */
  readonly registered?: readonly Command[];
  readonly closeActiveTab: () => void;
  readonly stepTab: (step: 1 | -1) => void;
  readonly deleteTable: () => void;
  readonly addConnection: () => void;
  readonly closeConnection: (connectionId: string) => void;
  /** The names of the open table's saved queries. */
  readonly savedQueries?: readonly string[];
}

/** One kind of palette entry, from what is open now. */
type CommandSource = (context: CommandContext) => readonly Command[];

export function focusTableSearch(): void {
  document.getElementById(TABLE_SEARCH_ID)?.focus();
}

const connectionOf = (route: Route): string | undefined => (route.view === 'home' || route.view === 'design' ? undefined : route.connectionId);

const tableCommands: CommandSource = ({ route, deleteTable, closeActiveTab }) => {
  const connectionId = connectionOf(route);
  const commands: Command[] = [];
  if (connectionId !== undefined) {
    commands.push({ id: 'new-table', group: 'Table', label: 'New table…', shortcut: 'n', run: () => navigate(routePath({ view: 'connection', connectionId, dialog: 'new-table' })) });
    commands.push({ id: 'search', group: 'Table', label: 'Search tables', shortcut: '/', run: focusTableSearch });
  }
  if (route.view === 'table') {
    const { table } = route;
    commands.push({ id: 'update-table', group: 'Table', label: `Update ${table}…`, shortcut: 'e', run: () => navigate(routePath({ ...route, dialog: 'edit' })) });
    commands.push({ id: 'delete-table', group: 'Table', label: `Delete ${table}…`, run: deleteTable });
    commands.push({ id: 'close-tab', group: 'Tab', label: `Close ${table}`, shortcut: 'w', run: closeActiveTab });
  }
  return commands;
};

const tabCommands: CommandSource = ({ route, tabs, stepTab }) => {
  if (tabs.length < 2) return [];
  const commands: Command[] = [
    { id: 'next-tab', group: 'Tab', label: 'Next tab', shortcut: ']', run: () => stepTab(1) },
    { id: 'previous-tab', group: 'Tab', label: 'Previous tab', shortcut: '[', run: () => stepTab(-1) },
  ];
  for (const tab of tabs) {
    if (route.view === 'table' && route.connectionId === tab.connectionId && route.table === tab.table) continue;
    commands.push({ id: `tab:${tab.connectionId}/${tab.table}`, group: 'Open tab', label: tab.table, run: () => navigate(tabPath(tab)) });
  }
  return commands;
};

const registeredCommands: CommandSource = ({ registered }) => registered ?? [];

const savedQuerySource: CommandSource = ({ route, savedQueries }) => (route.view === 'table' ? savedQueryCommands(route, savedQueries ?? []) : []);

const designCommands: CommandSource = () =>
  DESIGN_PAGES.map((page) => ({ id: `design:${page.id}`, group: 'Design', label: page.title, run: () => navigate(routePath({ view: 'design', page: page.id })) }));

const viewCommands: CommandSource = () => [
  { id: 'theme', group: 'View', label: 'Toggle dark / light theme', shortcut: 't', run: toggleTheme },
  { id: 'palette', group: 'View', label: 'Command palette', shortcut: 'Ctrl+K', run: () => {} },
];

const openTableCommands: CommandSource = ({ route, tableNames }) => {
  const connectionId = connectionOf(route);
  if (connectionId === undefined) return [];
  return tableNames.map((name) => ({ id: `open:${name}`, group: 'Open table', label: name, run: () => navigate(routePath({ view: 'table', connectionId, table: name })) }));
};

const connectionCommands: CommandSource = ({ route, connections, addConnection, closeConnection }) => {
  const connectionId = connectionOf(route);
  const commands: Command[] = [{ id: 'add-connection', group: 'Connection', label: 'Add a connection…', run: addConnection }];
  const current = connections.find((connection) => connection.id === connectionId);
  if (current !== undefined && connections.length > 1) {
    commands.push({ id: 'close-connection', group: 'Connection', label: `Close ${current.name}`, run: () => closeConnection(current.id) });
  }
  for (const connection of connections) {
    if (connection.id !== connectionId) {
      commands.push({ id: `connection:${connection.id}`, group: 'Switch connection', label: connectionLabel(connection), run: () => navigate(routePath({ view: 'connection', connectionId: connection.id })) });
    }
  }
  return commands;
};

/** The palette's entries, in this order. */
const COMMAND_SOURCES: readonly CommandSource[] = [tableCommands, savedQuerySource, registeredCommands, tabCommands, designCommands, viewCommands, openTableCommands, connectionCommands];

export function buildCommands(context: CommandContext): Command[] {
  const commands = COMMAND_SOURCES.flatMap((source) => source(context));
  // Ids key the palette's rows: a registered action that repeats one keeps the first.
  const seen = new Set<string>();
  return commands.filter((command) => !seen.has(command.id) && seen.add(command.id));
}
