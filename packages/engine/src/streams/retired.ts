/**
 * The streams of deleted tables. DynamoDB keeps them readable for 24 hours
 * after the table goes (listed, described as DISABLED, their records read),
 * so DeleteTable hands each stream still visible to this registry instead of
 * dropping it: its open shard is closed, its space is renamed out of the
 * table's (under a name no table can have, '#' being outside table names)
 * and an entry describing it is stored in the registry's own space. Both are
 * ordinary spaces, so the on-disk format is unchanged, and a DynoTable that
 * predates this sees no table there. Entries past their retention are
 * removed, with their records, the next time the registry is read.
 */
import type { EngineContext } from '../context.js';
import { indexSpace, tableSpace, type SpaceName, type Storage } from '../storage/storage.js';
import type { KeySchema, StreamMeta, TableMeta } from '../tables/meta.js';
import { isStreamVisible, streamSpace, tableStreams } from './stream-meta.js';

/** A storage "table" name no DynamoDB table can have. */
const RETIRED = '#deleted-table-streams';
const REGISTRY: SpaceName = tableSpace(RETIRED);
const ENTRY_PARTITION = 'stream';

/** A deleted table's stream: what DescribeStream needs of the table, and where its records are. */
export interface RetiredStream {
  tableName: string;
  keys: KeySchema;
  /** disabledAt is when the table was deleted, or when the stream was disabled before that. */
  stream: StreamMeta;
  space: SpaceName;
}

interface SavedEntry {
  tableName: string;
  keys: KeySchema;
  stream: StreamMeta;
}

export class RetiredStreams {
  /** Read from storage on first use, oldest first. */
  private entries: { key: string; retired: RetiredStream }[] | undefined;

  /** The deleted tables' streams still readable at `nowMs`; the others are removed (unless storage is read-only). */
  visible(context: EngineContext, nowMs: number): RetiredStream[] {
    const { storage } = context;
    const entries = this.load(storage);
    const expired = entries.filter((entry) => !isStreamVisible(entry.retired.stream, nowMs));
    if (expired.length > 0) {
      try {
        storage.atomic(() => {
          for (const entry of expired) storage.dropSpace(entry.retired.space);
          for (const entry of expired) context.streams.droppedSpace(entry.retired.space);
          storage.write(expired.map((entry) => ({ space: REGISTRY, partition: ENTRY_PARTITION, sort: entry.key })));
        });
        this.entries = entries.filter((entry) => !expired.includes(entry));
      } catch {
        // Read-only: they stay stored, past their retention.
      }
    }
    return entries.filter((entry) => isStreamVisible(entry.retired.stream, nowMs)).map((entry) => entry.retired);
  }

  /**
   * Keeps the visible streams of `table`, which is being deleted: call it
   * inside the storage transaction that drops the table.
   */
  retire(context: EngineContext, table: TableMeta): void {
    const { storage } = context;
    const nowMs = context.now();
    const entries = this.load(storage);
    for (const meta of tableStreams(table)) {
      if (!isStreamVisible(meta, nowMs)) continue;
      const from = streamSpace(table.name, meta.label);
      if (meta.disabledAt === undefined) storage.write(context.streams.close(storage, from));
      const key = `${table.tableId}/${meta.label}`;
      const space = indexSpace(RETIRED, key);
      storage.renameSpace(from, space);
      context.streams.moved(from, space);
      const saved: SavedEntry = { tableName: table.name, keys: table.keys, stream: { ...meta, disabledAt: meta.disabledAt ?? nowMs } };
      const text = JSON.stringify(saved);
      storage.write([{ space: REGISTRY, partition: ENTRY_PARTITION, sort: key, item: { d: { S: text } }, size: text.length }]);
      entries.push({ key, retired: { ...saved, space } });
    }
  }

  /** After a failed batch or a dropped table: storage is the truth again. */
  forget(): void {
    this.entries = undefined;
  }

  private load(storage: Storage): { key: string; retired: RetiredStream }[] {
    if (this.entries === undefined) {
      const entries: { key: string; retired: RetiredStream }[] = [];
      for (const stored of storage.range(REGISTRY, ENTRY_PARTITION, {}, true)) {
        const saved = JSON.parse((stored.item.d as { S: string }).S) as SavedEntry;
        entries.push({ key: stored.sort, retired: { ...saved, space: indexSpace(RETIRED, stored.sort) } });
      }
      entries.sort((a, b) => a.retired.stream.createdAt - b.retired.stream.createdAt);
      this.entries = entries;
    }
    return this.entries;
  }
}
