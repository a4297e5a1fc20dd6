/**
 * Where a data folder keeps what agents were allowed and what they proposed
 * (docs/agent-writes.md): `<data>/agents/exposure.json` and one file per
 * proposal in `<data>/agents/proposals/`. The workbench on that folder and a
 * `dynotable mcp` given it share them.
 */
import { join } from 'node:path';

export interface AgentsFolder {
  readonly exposureFile: string;
  readonly proposalsDir: string;
  /** False under `--read-only`: the files are read, and nothing is written. */
  readonly writable: boolean;
}

export function agentsFolderOf(dataDir: string, writable: boolean): AgentsFolder {
  const root = join(dataDir, 'agents');
  return { exposureFile: join(root, 'exposure.json'), proposalsDir: join(root, 'proposals'), writable };
}
