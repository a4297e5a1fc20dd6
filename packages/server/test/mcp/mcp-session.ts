/** An MCP client connected in memory to the server of src/mcp/ over a fresh in-memory embedded engine (with the examples). */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createJobRegistry } from '../../src/api/jobs.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionRegistry } from '../../src/connections/registry-types.js';
import type { ProposalQueue } from '../../src/agents/proposal-types.js';
import { ModelLinks } from '../../src/links/model-links.js';
import { createMcpServer } from '../../src/mcp/create-server.js';
import { SessionAgentExposure } from '../../src/agents/agent-exposure.js';
import { TableQueries } from '../../src/queries/table-queries.js';
import { exampleLink } from '../../src/seed/example-links.js';

export interface McpSession {
  readonly client: Client;
  readonly connections: ConnectionRegistry;
  readonly exposure: SessionAgentExposure;
  readonly logged: string[];
  close(): Promise<void>;
}

export async function mcpSession(options: { proposals?: ProposalQueue; exposed?: string[]; modelFiles?: { name: string; text: string }[] } = {}): Promise<McpSession> {
  const connections = createConnectionRegistry();
  await connections.add({ kind: 'embedded', inMemory: true });
  await connections.ready();
  const exposure = new SessionAgentExposure(connections);
  for (const id of options.exposed ?? ['embedded']) exposure.setExposed(id, true);
  const logged: string[] = [];
  const server = createMcpServer({
    connections,
    jobs: createJobRegistry(),
    readOnly: false,
    links: new ModelLinks({ example: exampleLink }),
    queries: new TableQueries(),
    agents: exposure,
    log: (line) => logged.push(line),
    ...(options.proposals !== undefined ? { proposals: options.proposals } : {}),
    ...(options.modelFiles !== undefined ? { modelFiles: options.modelFiles } : {}),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'dynotable-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    connections,
    exposure,
    logged,
    async close() {
      await client.close();
      await server.close();
      await connections.closeAll();
    },
  };
}

/** A tool's answer: its structured content, or its error text. */
export interface ToolAnswer {
  readonly isError: boolean;
  readonly text: string;
  readonly data: Record<string, unknown>;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, text: content.map((part) => part.text).join('\n'), data: (result.structuredContent ?? {}) as Record<string, unknown> };
}
