/**
 * Imports, copies and sample loads, journaled ahead (write-ahead): every BatchWriteItem of
 * the job goes through a recorder that, before the batch is sent, reads the
 * items at its keys (consistent BatchGetItem) and appends the batch to the
 * journal — its keys, the items there before, the items to be written — and
 * waits for that append to be on disk (fdatasync). Only then is the batch
 * sent. So whatever a crash leaves written is named by a journal record, and
 * the undo of that record finds each item either as the batch left it or
 * still as before (see undo-plan.ts).
 *
 * All the batches of a job share one operation id and undo together; a
 * closing line says how the job ended. A copy into a table it created reads
 * nothing: every key was free. Nothing is held in memory between batches, so
 * a job of any size is journaled in full; the journal file's own bound
 * (store.ts) is what limits how much of a very large job stays recorded.
 */
import { itemFromWire, type WireItem } from '@dynotable/core';
import type { JournalContext } from './context.js';
import type { Progress } from '../data/progress.js';
import { keyAttributes, readTableDescription, type TableDescriptionLike } from '../data/table-description.js';
import type { WireSend } from '../transfer/wire-send.js';
import type { BulkRecord, WriteJournal } from './journal.js';
import { keyId } from './read-items.js';
import { targetOf } from './target.js';
import type { ItemChange, JournalOperation, JournalTarget } from './types.js';

type Report = (progress: Progress) => void;

type WriteRequest = { PutRequest?: { Item: WireItem }; DeleteRequest?: { Key: WireItem } };

/** Why a batch was not sent: the journal could not take it first. */
class JournalWriteError extends Error {
  override readonly name = 'JournalWriteError';
}

/** Reads the items at keys with strongly consistent BatchGetItem through a wire send, unprocessed keys retried. */
async function readImages(send: WireSend, table: string, keys: readonly WireItem[], names: readonly string[]): Promise<Map<string, WireItem>> {
  const found = new Map<string, WireItem>();
  let pending = [...new Map(keys.map((key) => [keyId(itemFromWire(key), names), key])).values()];
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > 10) throw new JournalWriteError(`DynamoDB left ${pending.length} keys unread while journaling; this batch was not sent`);
    const output = await send('BatchGetItem', { RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } });
    for (const item of ((output['Responses'] as Record<string, WireItem[]> | undefined) ?? {})[table] ?? []) found.set(keyId(itemFromWire(item), names), item);
    pending = ((output['UnprocessedKeys'] as Record<string, { Keys?: WireItem[] }> | undefined) ?? {})[table]?.Keys ?? [];
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5000, 50 * 2 ** attempt)));
  }
  return found;
}

/** The key attributes of a table, partition key first, through a wire send. */
async function keyNamesOf(send: WireSend, table: string): Promise<string[]> {
  const output = await send('DescribeTable', { TableName: table });
  return keyAttributes(readTableDescription((output['Table'] ?? {}) as TableDescriptionLike));
}

/** Appends one batch, turning a failure into "not sent". */
export async function appendBatch(bulk: BulkRecord, changes: readonly ItemChange[]): Promise<void> {
  try {
    await bulk.batch(changes);
  } catch (error) {
    throw new JournalWriteError(`the journal could not record the next batch, so it was not sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}

class TransferRecorder {
  /** The table was created by this job: every key was free, nothing to read. */
  private created: boolean;
  private keyNames: Promise<string[]> | undefined;
  /**
   * What DynamoDB left unprocessed of each batch sent, as request texts, until it is sent again:
   * that resend is not a new batch. (Batches may be in flight side by side.)
   */
  private unprocessed: Set<string>[] = [];
  /** Batches are journaled one after another (their sends may overlap): appends stay in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: WireSend,
    private readonly table: string,
    private readonly bulk: BulkRecord,
    created: boolean,
  ) {
    this.created = created;
  }

  readonly wrapped: WireSend = async (operation, input) => {
    if (operation === 'CreateTable' && input['TableName'] === this.table) {
      const output = await this.send(operation, input);
      this.created = true;
      return output;
    }
    if (operation !== 'BatchWriteItem') return this.send(operation, input);
    const requests = this.requestsOf(input['RequestItems']);
    const texts = requests.map((request) => JSON.stringify(request));
    const resent = texts.length === 0 ? -1 : this.unprocessed.findIndex((left) => texts.every((text) => left.has(text)));
    if (resent >= 0) this.unprocessed.splice(resent, 1);
    else {
      const journaled = this.queue.then(() => this.journal(requests));
      this.queue = journaled.catch(() => undefined);
      await journaled;
    }
    const output = await this.send(operation, input);
    const left = this.requestsOf(output['UnprocessedItems']);
    if (left.length > 0) this.unprocessed.push(new Set(left.map((request) => JSON.stringify(request))));
    return output;
  };

  private names(): Promise<string[]> {
    this.keyNames ??= keyNamesOf(this.send, this.table);
    return this.keyNames;
  }

  /** This table's write requests in a BatchWriteItem's RequestItems or UnprocessedItems. */
  private requestsOf(byTable: unknown): WriteRequest[] {
    return ((byTable as Record<string, WriteRequest[]> | undefined) ?? {})[this.table] ?? [];
  }

  private async journal(requests: readonly WriteRequest[]): Promise<void> {
    const names = await this.names();
    const keyOf = (item: WireItem): WireItem => Object.fromEntries(names.map((name) => [name, item[name]!]));
    const writes = requests.flatMap((request): { key: WireItem; after: WireItem | null }[] =>
      request.PutRequest !== undefined ? [{ key: keyOf(request.PutRequest.Item), after: request.PutRequest.Item }] : request.DeleteRequest !== undefined ? [{ key: keyOf(request.DeleteRequest.Key), after: null }] : [],
    );
    const before = this.created ? new Map<string, WireItem>() : await readImages(this.send, this.table, writes.map((write) => write.key), names);
    const changes: ItemChange[] = writes.flatMap(({ key, after }) => {
      const image = before.get(keyId(itemFromWire(key), names)) ?? null;
      // Deleting an absent item changes nothing.
      return image === null && after === null ? [] : [{ key, before: image, after }];
    });
    await appendBatch(this.bulk, changes);
  }
}

export interface JournaledTransfer {
  /** A server's: the context and the target connection's id. */
  readonly context?: JournalContext;
  readonly connectionId?: string;
  /** A command's: its journal and where it writes. */
  readonly journal?: WriteJournal;
  readonly target?: JournalTarget;
  readonly table: string;
  readonly operation: Extract<JournalOperation, 'import' | 'copy' | 'sample-load'>;
  /** The job created the table before it started: every key is free, so nothing is read before a batch. */
  readonly created?: boolean;
  /** The target's send and the job's report; `run` gets the send wrapped. */
  readonly send: WireSend;
  readonly report: Report;
}

function journalOf(job: JournaledTransfer): { journal: WriteJournal; target: JournalTarget } | undefined {
  const { context, connectionId } = job;
  if (context?.journal !== undefined && connectionId !== undefined) {
    const journal = context.journal;
    return { journal, target: targetOf(context.connections.get(connectionId).info, journal.session) };
  }
  if (job.journal !== undefined && job.target !== undefined) return { journal: job.journal, target: job.target };
  return undefined;
}

/**
 * Runs an import, copy or sample load with every batch journaled before it is sent, and
 * closes the operation when the job ends (or fails). Without a journal (none
 * in the context, or none given) it just runs.
 */
export async function journaledTransfer<R>(job: JournaledTransfer, run: (send: WireSend, report: Report) => Promise<R>, describe: (result: R) => string): Promise<R> {
  const found = journalOf(job);
  if (found === undefined) return run(job.send, job.report);
  const bulk = found.journal.begin({ target: found.target, table: job.table, operation: job.operation });
  const recorder = new TransferRecorder(job.send, job.table, bulk, job.created === true);
  const end = async (note: string) => {
    // The batches are on disk already; the closing line only says how the job ended.
    await bulk.end(note).catch(() => undefined);
  };
  let result: R;
  try {
    result = await run(recorder.wrapped, job.report);
  } catch (error) {
    await end(`${job.operation} stopped with an error (${error instanceof Error ? error.message : String(error)})`);
    throw error;
  }
  await end(describe(result));
  return result;
}
