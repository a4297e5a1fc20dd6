/** Every view's URL reads back as the same view, whatever the names hold. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRoute, routePath, type Route } from '../src/app/router.js';
import { DESIGN_PAGES } from '../src/design-area/pages.js';

const name = fc.string({ minLength: 1, maxLength: 40 });
const route: fc.Arbitrary<Route> = fc.oneof(
  fc.constant<Route>({ view: 'home' }),
  fc.record({ view: fc.constant('connection' as const), connectionId: name }),
  fc.record({ view: fc.constant('connection' as const), connectionId: name, dialog: fc.constant('new-table' as const) }),
  fc.record({ view: fc.constant('table' as const), connectionId: name, table: name }),
  fc.record({ view: fc.constant('table' as const), connectionId: name, table: name, dialog: fc.constant('edit' as const) }),
  fc.record({ view: fc.constant('design' as const), page: fc.constantFrom(...DESIGN_PAGES.map((page) => page.id)) }),
);

describe('routes', () => {
  it('parse back from their path', () => {
    fc.assert(fc.property(route, (r) => {
        expect(parseRoute(routePath(r))).toEqual(r);
      }));
  });

  it('name the table in the path, percent-encoded', () => {
    expect(routePath({ view: 'table', connectionId: 'embedded', table: 'a/b c' })).toBe('/c/embedded/t/a%2Fb%20c');
    expect(parseRoute('/c/embedded/t/Orders.v2')).toEqual({ view: 'table', connectionId: 'embedded', table: 'Orders.v2' });
  });

  it('give each model tool its page, the designer first', () => {
    expect(routePath({ view: 'design', page: 'model' })).toBe('/design');
    expect(parseRoute('/design/pricing')).toEqual({ view: 'design', page: 'pricing' });
    expect(parseRoute('/design/nothing-here')).toEqual({ view: 'design', page: 'model' });
  });

  it('treat unknown paths as the home view', () => {
    expect(parseRoute('/')).toEqual({ view: 'home' });
    expect(parseRoute('/elsewhere')).toEqual({ view: 'home' });
  });
});
