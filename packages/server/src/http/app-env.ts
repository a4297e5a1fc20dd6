/** What the server's Hono app carries: Node's request and response, and what the checks found. */
import type { HttpBindings } from '@hono/node-server';
import type { Credential } from './security.js';

export interface AppEnv {
  readonly Bindings: HttpBindings;
  readonly Variables: {
    /** The Host header, lower-cased, once checked. */
    host: string;
    credential: Credential;
    /** API requests: aborted when the client goes away before the answer is complete. */
    signal: AbortSignal;
  };
}
