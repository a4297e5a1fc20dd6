/** What every route handler receives: the open connections and the running jobs. */
import type { ConnectionRegistry } from '../connections/registry-types.js';
import type { JobRegistry } from './job-types.js';

export interface ServerContext {
  readonly connections: ConnectionRegistry;
  readonly jobs: JobRegistry;
  /** `--read-only`: every connection is read-only, whatever it asks for. */
  readonly readOnly: boolean;
}
