/**
 * Sample items into a table the apply created, 25 per BatchWriteItem, every
 * batch journaled before it is sent (journal/transfer.ts) as one `sample-load`
 * operation per table, so `dynotable undo` (or the workbench's Undo) takes the
 * load back.
 */
import { itemToWire, type Item, type WireItem } from '@dynotable/core';
import type { JournaledTransfer } from '../../journal/transfer.js';
import { journaledTransfer } from '../../journal/transfer.js';
import { writeWireItems } from '../../transfer/wire-batch-writer.js';
import type { WireSend } from '../../transfer/wire-send.js';
import { ConsumedTally, type Consumed } from '../consumed.js';
import type { Progress } from '../progress.js';
import { readTableDescription, type TableDescriptionLike } from '../table-description.js';

/** Where the load is journaled: a server's context and connection, or a command's journal and target; neither: not journaled. */
export type JournalPlace = Pick<JournaledTransfer, 'context' | 'connectionId' | 'journal' | 'target'>;

export interface SampleLoad {
  readonly send: WireSend;
  readonly table: string;
  readonly items: readonly Item[];
  /** The apply created the table: nothing is there to read before each batch. */
  readonly created: boolean;
  readonly journal: JournalPlace;
  /** Progress of this table's load, from 0 to its item count. */
  readonly report: (progress: Progress) => void;
  readonly signal: AbortSignal;
}

export interface SampleLoadResult {
  readonly written: number;
  readonly stopped: boolean;
  readonly consumed: Consumed;
}

const GROUP = 256;

function* groups(items: readonly Item[]): Iterable<WireItem[]> {
  for (let start = 0; start < items.length; start += GROUP) yield items.slice(start, start + GROUP).map(itemToWire);
}

async function* asAsync<T>(values: Iterable<T>): AsyncIterable<T> {
  yield* values;
}

export async function loadSampleItems(load: SampleLoad): Promise<SampleLoadResult> {
  const { send, table, items, signal } = load;
  const shape = readTableDescription(((await send('DescribeTable', { TableName: table }))['Table'] ?? {}) as TableDescriptionLike);
  const consumed = new ConsumedTally(shape.tableClass);
  return journaledTransfer(
    { ...load.journal, table, operation: 'sample-load', send, report: load.report, created: load.created },
    async (journaledSend, report) => {
      report({ phase: 'load sample items', done: 0, total: items.length });
      const result = await writeWireItems(asAsync(groups(items)), {
        send: journaledSend,
        table,
        keys: shape.keys,
        signal,
        consumed,
        onWritten: (done) => report({ phase: 'load sample items', done, total: items.length }),
      });
      return { ...result, consumed: consumed.total };
    },
    (result) => `sample load of ${result.written} of ${items.length} items${result.stopped ? ', cancelled part way' : ''}`,
  );
}
