/**
 * The simplest AgentExposure: a set of connection ids held for this launch.
 * `dynotable mcp --expose <id>` and `dynotable --mcp --expose <id>` fill it;
 * the workbench's own exposure (the review queue's toggle) replaces it when present.
 */
import type { AgentExposure } from '../agents/proposal-types.js';

export class LaunchAgentExposure implements AgentExposure {
  private readonly exposed: Set<string>;

  constructor(ids: Iterable<string> = []) {
    this.exposed = new Set(ids);
  }

  isExposed(connectionId: string): boolean {
    return this.exposed.has(connectionId);
  }

  setExposed(connectionId: string, exposed: boolean): void {
    if (exposed) this.exposed.add(connectionId);
    else this.exposed.delete(connectionId);
  }

  exposedIds(): readonly string[] {
    return [...this.exposed];
  }
}
