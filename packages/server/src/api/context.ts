/** What every route handler receives: the open connections and the running jobs. */
import type { ConnectionRegistry } from '../connections/registry-types.js';
import type { WriteJournal } from '../journal/journal.js';
import type { JobRegistry } from '../data/job-types.js';
import type { ModelLinks } from '../links/model-links.js';
import type { TableQueries } from '../queries/table-queries.js';
import type { ConnectionTriggers } from '../triggers/connection-triggers.js';
import type { AgentExposure, ProposalQueue } from '../agents/proposal-types.js';
import type { McpEndpoint } from '../mcp/endpoint.js';

export interface ServerContext {
  readonly connections: ConnectionRegistry;
  readonly jobs: JobRegistry;
  /** `--read-only`: every connection is read-only, whatever it asks for. */
  readonly readOnly: boolean;
  /** The write journal (docs/journal.md): every item write is recorded so it can be undone. None: nothing is recorded. */
  readonly journal?: WriteJournal;
  /** Which model each table is linked to (docs/model-links.md). */
  readonly links: ModelLinks;
  /** Each table's query history and saved queries (docs/workbench.md). */
  readonly queries: TableQueries;
  /** Handlers run on the embedded engine's streams (docs/triggers.md); none: the trigger routes refuse. */
  readonly triggers?: ConnectionTriggers;
  /** Writes proposed by agents, waiting for a person (docs/mcp.md); none: agents cannot stage writes. */
  readonly proposals?: ProposalQueue;
  /** Which connections agents may see; none exposed by default. */
  readonly agents?: AgentExposure;
  /** The workbench's MCP endpoint for agents (docs/mcp.md): off unless `--mcp` or the workbench switches it on. */
  readonly mcp?: McpEndpoint;
}
