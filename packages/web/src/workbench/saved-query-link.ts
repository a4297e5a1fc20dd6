/**
 * A link that opens a table with one of its saved queries in a pane:
 * `/c/<connection>/t/<table>?saved=<name>`. The workspace opens the query,
 * then drops `saved` from the URL (the pane is in `?panes=` from then on).
 */
import { routePath } from '../app/router.js';

const SAVED_PARAM = 'saved';
/** Said on the window when a table's saved queries change, so lists of them read them again. */
export const SAVED_QUERIES_CHANGED = 'dynotable:saved-queries';

export function savedQueryLink(connectionId: string, table: string, name: string): string {
  return `${routePath({ view: 'table', connectionId, table })}?${new URLSearchParams({ [SAVED_PARAM]: name }).toString()}`;
}

/** The saved query a location's query string asks for, if any. */
export function savedNameIn(search: string): string | undefined {
  const name = new URLSearchParams(search).get(SAVED_PARAM);
  return name === null || name === '' ? undefined : name;
}

/** The query string without the saved query's name. */
export function searchWithoutSaved(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SAVED_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
