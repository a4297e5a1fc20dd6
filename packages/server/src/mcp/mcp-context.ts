/** What the MCP tools receive: the server's context (connections, links, proposals, exposure) and where to log a bug. */
import type { ServerContext } from '../api/context.js';

export interface McpContext extends ServerContext {
  /** One line per unexpected failure (stderr for `dynotable mcp`, the server log over HTTP). */
  readonly log: (line: string) => void;
  /** Model files a person named for this launch (`--model`), offered as resources. */
  readonly modelFiles?: readonly { readonly name: string; readonly text: string }[];
}
