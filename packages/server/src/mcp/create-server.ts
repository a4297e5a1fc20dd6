/**
 * The MCP server for coding agents (docs/mcp.md): every tool, resource and
 * prompt on one McpServer, over whichever transport the caller connects
 * (stdio for `dynotable mcp`, streamable HTTP in the workbench at /mcp).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageVersion } from '../version.js';
import type { McpContext } from './mcp-context.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerTools } from './tool.js';
import { expressionTools } from './tools/expression-tools.js';
import { modelTools } from './tools/model-tools.js';
import { patternTool } from './tools/pattern-tool.js';
import { tableTools } from './tools/table-tools.js';
import { writeTools } from './tools/write-tools.js';

const MCP_TOOLS = [...tableTools, patternTool, ...modelTools, ...expressionTools, ...writeTools];

const INSTRUCTIONS =
  'DynoTable: DynamoDB modeling and the live tables a person exposed to agents. Design from access patterns (design_model), lint, cost and verify on the embedded engine, then generate_code. ' +
  'Reads run directly; every write (propose_*) is staged for a person to approve in the workbench, and proposal_status tells you what happened. No tool returns credentials.';

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: 'dynotable', version: packageVersion() }, { instructions: INSTRUCTIONS });
  registerTools(server, context, MCP_TOOLS);
  registerResources(server, context);
  registerPrompts(server);
  return server;
}
