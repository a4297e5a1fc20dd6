/** The model tools: one page at a time, with their navigation; all of them work on the model in the store. */
import type { ConnectionInfo } from '../api/types.js';
import { LazyPart } from '../app/LazyPart.js';
import { followLink, routePath } from '../app/router.js';
import { DESIGN_PAGES, designPageInfo, type DesignPageId } from './pages.js';
import './design.css';

interface DesignAreaProps {
  readonly page: DesignPageId;
  readonly connections: readonly ConnectionInfo[];
}

export function DesignArea({ page, connections }: DesignAreaProps) {
  const { title, Component } = designPageInfo(page);
  return (
    <div className="design-area">
      <nav className="design-nav" aria-label="Model tools">
        <ul>
          {DESIGN_PAGES.map((entry) => {
            const path = routePath({ view: 'design', page: entry.id });
            return (
              <li key={entry.id}>
                <a href={path} aria-current={entry.id === page ? 'page' : undefined} onClick={(event) => followLink(event, path)}>
                  {entry.title}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main className="design-main" id="main" tabIndex={-1}>
        {/* Keyed by page: a page that failed does not keep its error when another opens. */}
        <LazyPart key={page} label={title}>
          <Component connections={connections} />
        </LazyPart>
      </main>
    </div>
  );
}
