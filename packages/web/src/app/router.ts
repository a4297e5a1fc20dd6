/**
 * Every view has a URL, so it can be bookmarked and shared:
 *   /                              the first connection
 *   /c/<connection>                its tables
 *   /c/<connection>/new-table      the create-table dialog
 *   /c/<connection>/t/<table>      a table (the query workspace keeps its own ?… state)
 *   /c/<connection>/t/<table>/edit the update-table dialog
 *   /design[/<page>]               the model tools, one page each (design-area/pages.ts)
 * The server answers index.html for every path without an extension.
 */
import { useSyncExternalStore, type MouseEvent } from 'react';
import { DESIGN_PAGES, type DesignPageId } from '../design-area/pages.js';

/** The Design area's first page has the area's own URL. */
const FIRST_DESIGN_PAGE = DESIGN_PAGES[0].id;

export type Route =
  | { readonly view: 'home' }
  | { readonly view: 'design'; readonly page: DesignPageId }
  | { readonly view: 'connection'; readonly connectionId: string; readonly dialog?: 'new-table' }
  | { readonly view: 'table'; readonly connectionId: string; readonly table: string; readonly dialog?: 'edit' };

const NAVIGATED = 'dynotable:navigate';

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter((part) => part !== '').map(decodeURIComponent);
  if (parts[0] === 'design') {
    const page = DESIGN_PAGES.find((entry) => entry.id === parts[1])?.id ?? FIRST_DESIGN_PAGE;
    return { view: 'design', page };
  }
  if (parts[0] !== 'c' || parts[1] === undefined) return { view: 'home' };
  const connectionId = parts[1];
  if (parts[2] === 't' && parts[3] !== undefined) {
    return { view: 'table', connectionId, table: parts[3], ...(parts[4] === 'edit' ? { dialog: 'edit' as const } : {}) };
  }
  return { view: 'connection', connectionId, ...(parts[2] === 'new-table' ? { dialog: 'new-table' as const } : {}) };
}

export function routePath(route: Route): string {
  if (route.view === 'home') return '/';
  if (route.view === 'design') return route.page === FIRST_DESIGN_PAGE ? '/design' : `/design/${route.page}`;
  const base = `/c/${encodeURIComponent(route.connectionId)}`;
  if (route.view === 'connection') return route.dialog === 'new-table' ? `${base}/new-table` : base;
  const table = `${base}/t/${encodeURIComponent(route.table)}`;
  return route.dialog === 'edit' ? `${table}/edit` : table;
}

/** The query string each path had when the user left it (a table's query panes live there). */
const lastSearch = new Map<string, string>();

/**
 * Asked before each navigation, with where it goes from and to and the
 * navigation itself (to run once the person confirms): true lets it go now.
 */
export type LeaveCheck = (from: Route, to: Route, go: () => void) => boolean;

let leaveCheck: LeaveCheck | undefined;
/** The path the app shows: where Back or Forward comes from. */
let shownPath = typeof location === 'undefined' ? '/' : location.pathname;

/**
 * Back and Forward are navigations too. The browser has already moved when
 * it says so: a refused move puts the path the app shows back in the address
 * bar (the panes come back with it) before anything renders the new one.
 */
function checkHistoryMove(event: PopStateEvent): void {
  const target = `${location.pathname}${location.search}`;
  const from = shownPath;
  if (leaveCheck === undefined || leaveCheck(parseRoute(from), parseRoute(location.pathname), () => navigate(target, { confirmed: true }))) {
    shownPath = location.pathname;
    return;
  }
  event.stopImmediatePropagation();
  history.pushState(null, '', from);
  window.dispatchEvent(new Event(NAVIGATED));
}

// Listening from the start, so the check runs before any view hears of the move (they listen later).
if (typeof window !== 'undefined') window.addEventListener('popstate', checkHistoryMove);

/** Installs the check made before a navigation, Back and Forward included (one at a time: the shell's). */
export function setLeaveCheck(check: LeaveCheck | undefined): void {
  leaveCheck = check;
  shownPath = location.pathname;
}

/**
 * Goes to a view. A path without a query string gets back the one it had when
 * the user left it, so switching tabs keeps each table's query in the URL;
 * `exact` goes to the path as given (a page clearing its own query string).
 * `confirmed` skips the leave check (the person already answered it).
 */
export function navigate(to: string, options: { replace?: boolean; exact?: boolean; confirmed?: boolean } = {}): void {
  const remembered = to === location.pathname ? location.search : (lastSearch.get(to) ?? '');
  const path = to.includes('?') || options.exact === true ? to : `${to}${remembered}`;
  if (path === `${location.pathname}${location.search}`) return;
  if (options.confirmed !== true && leaveCheck !== undefined) {
    const go = () => navigate(to, { ...options, confirmed: true });
    if (!leaveCheck(parseRoute(location.pathname), parseRoute(path.split('?')[0] ?? '/'), go)) return;
  }
  lastSearch.set(location.pathname, location.search);
  if (options.replace === true) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  shownPath = location.pathname;
  window.dispatchEvent(new Event(NAVIGATED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

/** The current path and query string; re-renders on navigation and Back/Forward. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, () => `${location.pathname}${location.search}`);
}

export function useRoute(): Route {
  const here = useLocation();
  return parseRoute(here.split('?')[0] ?? '/');
}

/** A left click without modifiers follows the link in the app; others open a tab as links do. */
export function followLink(event: MouseEvent<HTMLAnchorElement>, path: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(path);
}
