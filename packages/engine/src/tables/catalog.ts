/**
 * The tables of one engine: metadata kept in memory for every request and
 * written through to storage whenever it changes.
 */
import type { Storage } from '../storage/storage.js';
import type { TableMeta } from './meta.js';

export class Catalog {
  private readonly tables = new Map<string, TableMeta>();

  constructor(private readonly storage: Storage) {
    for (const record of storage.tables()) this.tables.set(record.name, record.meta as TableMeta);
  }

  find(name: string): TableMeta | undefined {
    return this.tables.get(name);
  }

  /** Table names in DynamoDB's ListTables order (ascending by UTF-16, as names are ASCII). */
  names(): string[] {
    return [...this.tables.keys()].sort();
  }

  save(meta: TableMeta): void {
    this.storage.saveTable({ name: meta.name, meta });
    this.tables.set(meta.name, meta);
  }

  remove(name: string): void {
    this.storage.dropTable(name);
    this.tables.delete(name);
  }
}
