/**
 * The journal side of a bulk delete (batch delete, purge): BatchWriteItem
 * returns no old items, so before each batch of keys is sent its items are
 * read (consistent BatchGetItem) and appended to the journal, on disk, as
 * lines of one operation. Keys with no item are not recorded: deleting them
 * changes nothing. The reads' capacity is tallied for the caller to add.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { itemToWire, type Item } from '@dynotable/core';
import type { JournalContext } from './context.js';
import { addConsumed, NOTHING_CONSUMED, type Consumed } from '../data/consumed.js';
import { keyAttributes, type TableShape } from '../data/table-description.js';
import type { BulkRecord, WriteJournal } from './journal.js';
import { keyId, readItems } from './read-items.js';
import { targetOf } from './target.js';
import { appendBatch } from './transfer.js';
import type { ItemChange, JournalOperation } from './types.js';

export interface DeletionsAhead {
  readonly bulk: BulkRecord;
  /** Reads and records the items at these keys; resolves once they are on disk. */
  beforeBatch(keys: readonly Item[]): Promise<void>;
  /** The capacity the reads consumed so far. */
  reads(): Consumed;
}

export function journalDeletionsAhead(
  context: JournalContext,
  journal: WriteJournal,
  connectionId: string,
  client: DynamoDBClient,
  table: TableShape,
  operation: JournalOperation,
  signal: AbortSignal,
): DeletionsAhead {
  const names = keyAttributes(table);
  const bulk = journal.begin({ target: targetOf(context.connections.get(connectionId).info, journal.session), table: table.name, operation });
  let reads = NOTHING_CONSUMED;
  return {
    bulk,
    reads: () => reads,
    async beforeBatch(keys) {
      const read = await readItems(client, table.name, names, keys, { tableClass: table.tableClass, signal });
      reads = addConsumed(reads, read.consumed);
      const changes: ItemChange[] = keys.flatMap((key) => {
        const item = read.items.get(keyId(key, names));
        return item === undefined ? [] : [{ key: itemToWire(key), before: itemToWire(item), after: null }];
      });
      await appendBatch(bulk, changes);
    },
  };
}
