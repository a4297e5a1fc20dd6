/**
 * The workbench's MCP endpoint (`/mcp`): off until a person switches it on
 * (`--mcp`, or the workbench's setting), with its own token, made once per
 * launch and separate from the API's: an agent holding it can call the MCP
 * tools and nothing of the API, and the browser's token opens nothing here.
 */
import { createToken } from '../http/security.js';

export const MCP_PATH = '/mcp';

export interface McpEndpointView {
  readonly enabled: boolean;
  /** Present when enabled: where an agent connects, and the token it sends as `Authorization: Bearer`. */
  readonly url?: string;
  readonly token?: string;
}

export class McpEndpoint {
  private on: boolean;
  private launchToken: string | undefined;
  private origin = '';

  constructor(enabled = false) {
    this.on = enabled;
  }

  get enabled(): boolean {
    return this.on;
  }

  /** The token while the endpoint is on; undefined when off (every request to /mcp is then refused). */
  get token(): string | undefined {
    if (!this.on) return undefined;
    this.launchToken ??= createToken();
    return this.launchToken;
  }

  /** Known once the server listens. */
  setOrigin(origin: string): void {
    this.origin = origin;
  }

  setEnabled(enabled: boolean): McpEndpointView {
    this.on = enabled;
    return this.view();
  }

  view(): McpEndpointView {
    const token = this.token;
    return token === undefined ? { enabled: false } : { enabled: true, url: `${this.origin}${MCP_PATH}`, token };
  }
}
