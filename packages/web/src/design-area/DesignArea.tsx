/** The model tools: one page at a time, with their navigation; all of them work on the model in the store. */
import type { ConnectionInfo } from '../api/types.js';
import { DESIGN_PAGES, followLink, routePath, type DesignPage } from '../app/router.js';
import { CodegenPage } from '../codegen/CodegenPage.js';
import { DesignerPage } from '../designer/DesignerPage.js';
import { ExpressionsPage } from '../expressions/ExpressionsPage.js';
import { PricingPage } from '../pricing/PricingPage.js';
import { VerifyPage } from '../verify/VerifyPage.js';
import { DESIGN_PAGE_TITLES } from './pages.js';
import './design.css';

interface DesignAreaProps {
  readonly page: DesignPage;
  readonly connections: readonly ConnectionInfo[];
}

export function DesignArea({ page, connections }: DesignAreaProps) {
  return (
    <div className="design-area">
      <nav className="design-nav" aria-label="Model tools">
        <ul>
          {DESIGN_PAGES.map((name) => {
            const path = routePath({ view: 'design', page: name });
            return (
              <li key={name}>
                <a href={path} aria-current={name === page ? 'page' : undefined} onClick={(event) => followLink(event, path)}>
                  {DESIGN_PAGE_TITLES[name]}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main className="design-main" id="main" tabIndex={-1}>
        {page === 'model' && <DesignerPage />}
        {page === 'verify' && <VerifyPage connections={connections} />}
        {page === 'pricing' && <PricingPage />}
        {page === 'expressions' && <ExpressionsPage />}
        {page === 'codegen' && <CodegenPage />}
      </main>
    </div>
  );
}
