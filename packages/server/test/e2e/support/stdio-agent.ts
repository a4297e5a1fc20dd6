/**
 * An agent for the tests of `dynotable mcp` over stdio: the MCP SDK's own
 * client launching the shipped command, each tool call's text and structured
 * content, and what the command printed on standard error.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT, type BundledCommand } from './bundled-command.js';

const BIN = `${ROOT}/packages/server/bin/dynotable.js`;

export type Json = Record<string, unknown>;

export interface StdioAgent {
  /** The MCP SDK's client itself, for what `call` does not cover (listing tools and resources). */
  readonly client: Client;
  call(name: string, args: Json): Promise<{ isError: boolean; text: string; data: Json }>;
  stderr(): string;
  close(): Promise<void>;
}

/** Launches the shipped `dynotable mcp ARGS` as an agent would, in `env` (this process's by default). */
export async function launchStdioAgent(command: BundledCommand, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<StdioAgent> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...command.execArgv, BIN, 'mcp', ...args],
    env: { ...(env as Record<string, string>), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'dynotable-e2e-agent', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as { text: string }[]).map((part) => part.text).join('\n');
      return { isError: result.isError === true, text, data: (result.structuredContent ?? {}) as Json };
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}
