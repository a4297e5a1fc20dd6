/**
 * The links of tables to models. A table's link is, in order: the one a person
 * set (or removed) for this connection and table; the model given with
 * `dynotable --model FILE`, when it has a table of that name; the example model
 * of an example table on the embedded engine.
 */
import type { ConnectionInfo } from '../data/shapes.js';
import type { LinkStore, StoredLinks } from './link-store.js';
import { MemoryLinkStore } from './link-store.js';
import { connectionIdentity, type ModelLink } from './model-link.js';

export interface ModelLinksOptions {
  readonly store?: LinkStore;
  /** The model of `--model FILE`: its text, its file name and its tables' names. */
  readonly commandLine?: { readonly name: string; readonly model: string; readonly tables: readonly string[] };
  /** The example link of a table of the embedded engine, if it is one of the examples. */
  readonly example?: (table: string) => ModelLink | undefined;
}

export class ModelLinks {
  private readonly store: LinkStore;
  private links: StoredLinks | undefined;

  constructor(private readonly options: ModelLinksOptions = {}) {
    this.store = options.store ?? new MemoryLinkStore();
  }

  private stored(): StoredLinks {
    this.links ??= this.store.load();
    return this.links;
  }

  private key(connection: ConnectionInfo, table: string): string {
    return `${connectionIdentity(connection)}\u0000${table}`;
  }

  get(connection: ConnectionInfo, table: string): ModelLink | undefined {
    const stored = this.stored();
    const key = this.key(connection, table);
    if (Object.hasOwn(stored, key)) return stored[key] ?? undefined;
    const commandLine = this.options.commandLine;
    if (commandLine !== undefined && commandLine.tables.includes(table)) {
      return { source: 'command-line', name: commandLine.name, modelTable: table, model: commandLine.model };
    }
    return connection.kind === 'embedded' ? this.options.example?.(table) : undefined;
  }

  set(connection: ConnectionInfo, table: string, link: ModelLink): ModelLink {
    this.write(this.key(connection, table), link);
    return link;
  }

  /** No model for this table, not even the example's or the command line's. */
  unlink(connection: ConnectionInfo, table: string): void {
    this.write(this.key(connection, table), null);
  }

  private write(key: string, link: ModelLink | null): void {
    const next = { ...this.stored(), [key]: link };
    this.store.save(next);
    this.links = next;
  }
}
