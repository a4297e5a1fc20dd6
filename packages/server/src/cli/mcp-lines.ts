/** What `dynotable --mcp` prints for the person: where agents connect, the MCP token, and what they may see. */
import type { McpEndpointView } from '../mcp/endpoint.js';

export function mcpLines(view: McpEndpointView | undefined, exposed: readonly string[]): string {
  if (view?.url === undefined || view.token === undefined) return '';
  return (
    `\nMCP for coding agents (its own token; docs/mcp.md):\n  ${view.url}\n  Authorization: Bearer ${view.token}\n` +
    `  Claude Code: claude mcp add --transport http dynotable ${view.url} --header "Authorization: Bearer ${view.token}"\n` +
    `  Connections exposed to agents: ${exposed.join(', ') || 'none (add --expose <id>)'}\n`
  );
}
