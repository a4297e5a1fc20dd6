/**
 * Imports and copies, journaled item by item: their writes go through
 * BatchWriteItem, which returns no old items, so before each batch is sent
 * the items at its keys are read (consistent BatchGetItem) and kept with the
 * items written. At the end the whole job is one operation that undoes
 * together.
 *
 * Beyond TRANSFER_JOURNAL_LIMIT items the images are not kept — the reads
 * would double the cost and the memory would grow with the file — and the
 * job is recorded as a summary that cannot be undone. An import knows its
 * count before writing (it validates the file first), so a large one never
 * pays for the reads; a copy learns it as it goes.
 */
import { itemFromWire, type WireItem } from '@dynotable/core';
import type { ServerContext } from '../api/context.js';
import type { JobProgress } from '../api/job-types.js';
import type { WireSend } from '../transfer/wire-send.js';
import { keyId } from './read-items.js';
import type { WriteJournal } from './journal.js';
import { recordChanges, recordTo } from './record.js';
import type { ItemChange, JournalOperation, JournalTarget } from './types.js';

export const TRANSFER_JOURNAL_LIMIT = 10_000;

type Report = (progress: JobProgress) => void;

class TransferRecorder {
  readonly changes = new Map<string, ItemChange>();
  overflow = false;
  private keyNames: Promise<string[]> | undefined;

  constructor(
    private readonly send: WireSend,
    private readonly table: string,
    private readonly limit: number,
  ) {}

  /** The import says how many items it will write before it writes any. */
  watch(report: Report): Report {
    return (progress) => {
      if (progress.phase === 'write' && progress.total > this.limit) this.stop();
      report(progress);
    };
  }

  readonly wrapped: WireSend = async (operation, input) => {
    if (operation === 'BatchWriteItem' && !this.overflow) await this.remember(input);
    return this.send(operation, input);
  };

  private stop(): void {
    this.overflow = true;
    this.changes.clear();
  }

  private names(): Promise<string[]> {
    this.keyNames ??= this.send('DescribeTable', { TableName: this.table }).then((output) => {
      const schema = ((output['Table'] as { KeySchema?: { AttributeName: string; KeyType: string }[] } | undefined)?.KeySchema ?? []).slice();
      return schema.sort((a, b) => (a.KeyType === 'HASH' ? -1 : b.KeyType === 'HASH' ? 1 : 0)).map((element) => element.AttributeName);
    });
    return this.keyNames;
  }

  private async remember(input: Record<string, unknown>): Promise<void> {
    const requests = ((input['RequestItems'] as Record<string, { PutRequest?: { Item: WireItem } }[]> | undefined) ?? {})[this.table] ?? [];
    const items = requests.flatMap((request) => (request.PutRequest === undefined ? [] : [request.PutRequest.Item]));
    if (this.changes.size + items.length > this.limit) return this.stop();
    const names = await this.names();
    const keyOf = (item: WireItem): WireItem => Object.fromEntries(names.map((name) => [name, item[name]!]));
    const fresh = items.filter((item) => !this.changes.has(keyId(itemFromWire(keyOf(item)), names)));
    const before = await this.read(fresh.map(keyOf), names);
    for (const item of items) {
      const id = keyId(itemFromWire(keyOf(item)), names);
      const known = this.changes.get(id);
      // A key met twice: the first image before, the last item after.
      this.changes.set(id, { key: keyOf(item), before: known !== undefined ? known.before : (before.get(id) ?? null), after: item });
    }
  }

  private async read(keys: WireItem[], names: string[]): Promise<Map<string, WireItem>> {
    const found = new Map<string, WireItem>();
    let pending = keys;
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 10) throw new Error(`DynamoDB left ${pending.length} keys unread while journaling; nothing of this batch was written`);
      const output = await this.send('BatchGetItem', { RequestItems: { [this.table]: { Keys: pending, ConsistentRead: true } } });
      for (const item of ((output['Responses'] as Record<string, WireItem[]> | undefined) ?? {})[this.table] ?? []) found.set(keyId(itemFromWire(item), names), item);
      pending = ((output['UnprocessedKeys'] as Record<string, { Keys?: WireItem[] }> | undefined) ?? {})[this.table]?.Keys ?? [];
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5000, 50 * 2 ** attempt)));
    }
    return found;
  }
}

export interface JournaledTransfer {
  /** A server's: the context and the target connection's id. */
  readonly context?: ServerContext;
  readonly connectionId?: string;
  /** A command's: its journal and where it writes. */
  readonly journal?: WriteJournal;
  readonly target?: JournalTarget;
  readonly table: string;
  readonly operation: Extract<JournalOperation, 'import' | 'copy'>;
  /** The target's send and the job's report; `run` gets them wrapped. */
  readonly send: WireSend;
  readonly report: Report;
  readonly limit?: number;
}

type Recorder = (changes: readonly ItemChange[], extra: { note: string; undoable?: boolean }) => Promise<unknown>;

function recorderOf(job: JournaledTransfer): Recorder | undefined {
  const { context, connectionId, journal, target } = job;
  if (context?.journal !== undefined && connectionId !== undefined) return (changes, extra) => recordChanges(context, connectionId, job.table, job.operation, changes, extra);
  if (journal !== undefined && target !== undefined) return (changes, extra) => recordTo(journal, () => target, job.table, job.operation, changes, extra);
  return undefined;
}

/**
 * Runs an import or copy through a recorder and journals it when it ends (or
 * fails). Without a journal (none in the context, or none given) it just runs.
 */
export async function journaledTransfer<R>(job: JournaledTransfer, run: (send: WireSend, report: Report) => Promise<R>, describe: (result: R) => string): Promise<R> {
  const save = recorderOf(job);
  if (save === undefined) return run(job.send, job.report);
  const limit = job.limit ?? TRANSFER_JOURNAL_LIMIT;
  const recorder = new TransferRecorder(job.send, job.table, limit);
  const record = (note: string) =>
    recorder.overflow
      ? save([], { note: `${note} (more than ${limit} items, so their images were not kept); not undoable`, undoable: false })
      : save([...recorder.changes.values()], { note });
  let result: R;
  try {
    result = await run(recorder.wrapped, recorder.watch(job.report));
  } catch (error) {
    await record(`${job.operation} stopped with an error (${error instanceof Error ? error.message : String(error)})`);
    throw error;
  }
  await record(describe(result));
  return result;
}
