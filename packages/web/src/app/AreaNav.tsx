/** The two areas of the app: live tables, and the model tools. */
import { DESIGN_PAGES } from '../design-area/pages.js';
import { followLink, routePath, type Route } from './router.js';

interface AreaNavProps {
  readonly route: Route;
  /** Where "Tables" goes from the model tools. */
  readonly lastConnectionId: string | undefined;
}

export function AreaNav({ route, lastConnectionId }: AreaNavProps) {
  const inDesign = route.view === 'design';
  const tablesPath = lastConnectionId !== undefined ? routePath({ view: 'connection', connectionId: lastConnectionId }) : '/';
  const designPath = routePath({ view: 'design', page: DESIGN_PAGES[0].id });
  return (
    <nav className="area-nav" aria-label="Areas">
      <a href={tablesPath} aria-current={inDesign ? undefined : 'page'} onClick={(event) => followLink(event, tablesPath)}>
        Tables
      </a>
      <a href={designPath} aria-current={inDesign ? 'page' : undefined} onClick={(event) => followLink(event, designPath)}>
        Design
      </a>
    </nav>
  );
}
