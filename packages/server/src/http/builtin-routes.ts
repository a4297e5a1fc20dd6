/** The kernel's own routes: a health check and the list of routes (for the UI and the docs). */
import { z } from 'zod';
import { defineRoute } from '../api/route.js';
import type { Route } from '../api/route.js';
import type { RouteSummary } from './pages.js';

export function builtinRoutes(listRoutes: () => RouteSummary[], version: string): Route[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/health',
      input: z.object({}),
      summary: 'Whether the server is up, its version, and whether it was started read-only',
      handler: async (context) => ({ ok: true, version, readOnly: context.readOnly }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/routes',
      input: z.object({}),
      summary: 'Every route of the API with its method, path and summary',
      handler: async () => ({ routes: listRoutes() }),
    }),
  ];
}
