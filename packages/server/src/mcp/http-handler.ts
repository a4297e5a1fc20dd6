/**
 * The streamable HTTP transport of the workbench's /mcp, stateless: each POST
 * gets a new MCP server on the workbench's context and answers with JSON.
 * There are no sessions, so no server-initiated stream: GET and DELETE are
 * 405 (the transport's spec allows it). The security checks (Host, the MCP
 * token, Origin) ran before this, in http/security-checks.ts.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer } from './create-server.js';
import type { McpContext } from './mcp-context.js';

const NOT_ALLOWED = { jsonrpc: '2.0', error: { code: -32000, message: 'This MCP endpoint is stateless: send every message as a POST' }, id: null };

export async function answerMcp(request: Request, body: unknown, context: McpContext): Promise<Response> {
  if (request.method !== 'POST') {
    return new Response(JSON.stringify(NOT_ALLOWED), { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } });
  }
  // A first start writes the examples after the URL is printed; tools answer once they are in, as the API does.
  await context.connections.ready();
  const server = createMcpServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    // JSON answers are complete once handleRequest returns.
    await server.close();
  }
}
