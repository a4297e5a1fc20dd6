/** Every route of the HTTP API, gathered from the areas that define them. */
import type { Route } from './route.js';
import { agentRoutes } from './agents-routes.js';
import { connectionRoutes } from './connections-routes.js';
import { itemRoutes } from './items-routes.js';
import { jobRoutes } from './jobs-routes.js';
import { journalRoutes } from './journal-routes.js';
import { linkRoutes } from './links-routes.js';
import { mcpRoutes } from './mcp-routes.js';
import { modelApplyRoutes } from './model-apply-routes.js';
import { modelRoutes } from './model-routes.js';
import { partiqlRoutes } from './partiql-routes.js';
import { queryRoutes } from './queries-routes.js';
import { streamRoutes } from './streams-routes.js';
import { tableRoutes } from './tables-routes.js';
import { transferRoutes } from './transfer-routes.js';
import { triggerRoutes } from './triggers-routes.js';

export const API_ROUTES: readonly Route[] = [
  ...connectionRoutes,
  ...tableRoutes,
  ...itemRoutes,
  ...partiqlRoutes,
  ...modelRoutes,
  ...modelApplyRoutes,
  ...transferRoutes,
  ...jobRoutes,
  ...journalRoutes,
  ...linkRoutes,
  ...queryRoutes,
  ...streamRoutes,
  ...triggerRoutes,
  ...agentRoutes,
  ...mcpRoutes,
];
