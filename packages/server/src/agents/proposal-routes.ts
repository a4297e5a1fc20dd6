/**
 * The routes a proposal runs through: each kind is the write route a person's
 * own edit takes, and the preview route that shows what it would send. The
 * queue validates, previews and writes with these same routes, so a staged
 * write is checked, sent and journaled exactly as a person's would be.
 */
import { itemRoutes } from '../api/items-routes.js';
import { modelApplyRoutes } from '../api/model-apply-routes.js';
import type { Route } from '../api/route.js';
import type { ProposalKind } from './proposal-types.js';

export interface ProposalRoutes {
  readonly write: Route;
  readonly preview: Route;
}

const ITEMS = '/api/connections/:connectionId/tables/:table/items';
const APPLY = '/api/connections/:connectionId/apply';

function routeAt(routes: readonly Route[], path: string): Route {
  const route = routes.find((candidate) => candidate.method === 'POST' && candidate.path === path);
  if (route === undefined) throw new Error(`no POST route ${path}`);
  return route;
}

/** The kinds that have a route of their own; a transaction (none: a person writes one item at a time) is built from the items routes' builders (transaction.ts). */
export type RoutedKind = Exclude<ProposalKind, 'transaction'>;

export const PROPOSAL_ROUTES: Readonly<Record<RoutedKind, ProposalRoutes>> = {
  put: { write: routeAt(itemRoutes, `${ITEMS}/put`), preview: routeAt(itemRoutes, `${ITEMS}/preview/put`) },
  update: { write: routeAt(itemRoutes, `${ITEMS}/update`), preview: routeAt(itemRoutes, `${ITEMS}/preview/update`) },
  delete: { write: routeAt(itemRoutes, `${ITEMS}/delete`), preview: routeAt(itemRoutes, `${ITEMS}/preview/delete`) },
  'apply-model': { write: routeAt(modelApplyRoutes, APPLY), preview: routeAt(modelApplyRoutes, `${APPLY}/preview`) },
};

/** Every write passes the same guard (`--read-only`, read-only connections): a transaction takes the put route's. */
export function guardRouteOf(kind: ProposalKind): Route {
  return PROPOSAL_ROUTES[kind === 'transaction' ? 'put' : kind].write;
}
