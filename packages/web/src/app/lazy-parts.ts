/**
 * The parts of the app the first view (a connection's table list) does not
 * show, each in its own chunk so the first script stays small: the model
 * tools (the area, and each of its pages), an open table and the dialogs.
 * Once the first view is on screen the rest is fetched while the page is
 * idle, so opening them later does not wait.
 */
import { DESIGN_PAGES } from '../design-area/pages.js';
import { lazyPart } from './lazy-part.js';

const loaders = {
  designArea: () => import('../design-area/DesignArea.js'),
  tableView: () => import('./TableView.js'),
  queryWorkspace: () => import('../workbench/QueryWorkspace.js'),
  commandPalette: () => import('./CommandPalette.js'),
  addConnection: () => import('./AddConnectionDialog.js'),
  createTable: () => import('./CreateTableDialog.js'),
  deleteTable: () => import('./DeleteTableDialog.js'),
  confirmWrite: () => import('./ConfirmWriteDialog.js'),
};

export const DesignArea = lazyPart(() => loaders.designArea().then((module) => module.DesignArea));
export const TableView = lazyPart(() => loaders.tableView().then((module) => module.TableView));
export const CommandPalette = lazyPart(() => loaders.commandPalette().then((module) => module.CommandPalette));
export const AddConnectionDialog = lazyPart(() => loaders.addConnection().then((module) => module.AddConnectionDialog));
export const CreateTableDialog = lazyPart(() => loaders.createTable().then((module) => module.CreateTableDialog));
export const DeleteTableDialog = lazyPart(() => loaders.deleteTable().then((module) => module.DeleteTableDialog));
export const ConfirmWriteDialog = lazyPart(() => loaders.confirmWrite().then((module) => module.ConfirmWriteDialog));

let preloading = false;

/** Fetches every part in the background, once; a failure is left for the part to report when it is opened. */
export function preloadParts(): void {
  if (preloading) return;
  preloading = true;
  const start = () => {
    for (const load of [...Object.values(loaders), ...DESIGN_PAGES.map((page) => page.load)]) load().catch(() => {});
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}
