/**
 * The workbench's switch for its MCP endpoint (docs/mcp.md): whether /mcp is
 * on, and — for the person, to paste into their agent's settings — its URL
 * and its own token. Nothing else of MCP goes through the API.
 */
import { z } from 'zod';
import type { McpEndpoint, McpEndpointView } from '../mcp/endpoint.js';
import type { ServerContext } from './context.js';
import { ApiError, defineRoute, type Route } from './route.js';

function endpointOf(context: ServerContext): McpEndpoint {
  if (context.mcp === undefined) throw new ApiError(501, 'McpUnavailable', 'This server has no MCP endpoint');
  return context.mcp;
}

export const mcpRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/mcp',
    input: z.object({}),
    summary: "The MCP endpoint for agents: whether it is on and, when it is, its URL and its own token",
    handler: async (context): Promise<McpEndpointView> => endpointOf(context).view(),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/mcp',
    input: z.strictObject({ enabled: z.boolean({ message: 'give enabled: true or false' }) }),
    summary: 'Switch the MCP endpoint for agents on or off; on, its URL and token (the same token for the whole launch)',
    handler: async (context, { input }): Promise<McpEndpointView> => endpointOf(context).setEnabled(input.enabled),
  }),
];
