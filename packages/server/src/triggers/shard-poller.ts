/**
 * Reads one shard as Lambda's poller does and hands batches on: records are
 * filtered as they arrive (records no pattern matches are passed over), then
 * gathered until the batch is full (batchSize, or 6 MB of records), the
 * batching window has passed since the first one waiting, or the shard is
 * closed and read to its end. One batch at a time: the next waits until the
 * one before is delivered or given up (records of an item stay in order).
 *
 * Checkpoints: after each batch, and after reads whose records the filters
 * all passed over, the last record done is handed to `checkpoint`; reading
 * starts after `after` when given. A shard read from LATEST for the first
 * time is first read to its current end, so its checkpoint is a record
 * rather than "the end at some moment" that a restart could not find again.
 */
import type { ShardIteratorType } from '@aws-sdk/client-dynamodb-streams';
import { lambdaRecord } from './lambda-records.js';
import type { LambdaStreamRecord } from './lambda-records.js';
import type { StreamsApi } from './streams-api.js';

/** Lambda's payload limit for a synchronous invocation. */
const MAX_BATCH_BYTES = 6 * 1024 * 1024;
/** GetRecords returns at most this many records. */
const MAX_GET_RECORDS = 1000;

export interface ShardPollerOptions {
  readonly api: StreamsApi;
  readonly streamArn: string;
  readonly shardId: string;
  readonly start: ShardIteratorType;
  /** Where an earlier run stopped: reading starts after this record (`start` is then not used). */
  readonly after?: string;
  readonly batchSize: number;
  /** Seconds. */
  readonly window: number;
  readonly accepts: (record: LambdaStreamRecord) => boolean;
  /** Delivers a batch to the end (retries, bisecting, giving up); how many of its records, from the first, are done. */
  readonly deliver: (batch: LambdaStreamRecord[]) => Promise<number>;
  /** Every record up to this SequenceNumber is done (undefined: none of the shard's yet, read it from its start). */
  readonly checkpoint: (after: string | undefined) => void;
  /** The shard is closed and every record of it done. */
  readonly ended: () => void;
  readonly warn: (message: string) => void;
  readonly stopped: () => boolean;
  /** The pause when a read found nothing (Lambda polls a shard about four times a second). */
  readonly idle: () => Promise<void>;
  readonly now: () => number;
}

/** Records taken from the front, up to the batch size and 6 MB. */
function takeBatch(pending: LambdaStreamRecord[], batchSize: number): LambdaStreamRecord[] {
  let bytes = 0;
  let count = 0;
  while (count < pending.length && count < batchSize) {
    bytes += Buffer.byteLength(JSON.stringify(pending[count]));
    if (count > 0 && bytes > MAX_BATCH_BYTES) break;
    count++;
  }
  return pending.splice(0, count);
}

function errorName(error: unknown): string {
  return (error as { name?: unknown }).name === undefined ? '' : String((error as { name: unknown }).name);
}

/** The last SequenceNumber the shard holds now (undefined: none), read from its start. */
async function lastSequence(options: ShardPollerOptions): Promise<string | undefined> {
  const { api, streamArn, shardId } = options;
  let iterator = await api.shardIterator(streamArn, shardId, 'TRIM_HORIZON');
  let last: string | undefined;
  while (iterator !== undefined && !options.stopped()) {
    const { records, next } = await api.records(iterator, MAX_GET_RECORDS);
    if (records.length === 0) break;
    last = records.at(-1)!.dynamodb?.SequenceNumber ?? last;
    iterator = next;
  }
  return last;
}

/** Resolves when the shard is closed and every record of it delivered, or when stopped. */
export async function pollShard(options: ShardPollerOptions): Promise<void> {
  const { api, streamArn, shardId } = options;
  let lastRead = options.after;
  let start = options.start;
  if (lastRead === undefined && start === 'LATEST') {
    lastRead = await lastSequence(options);
    // An empty shard: everything it will hold is newer than the trigger.
    if (lastRead === undefined) start = 'TRIM_HORIZON';
    options.checkpoint(lastRead);
  }
  let checkpointed = lastRead;
  const checkpoint = (after: string | undefined) => {
    if (after === undefined || after === checkpointed) return;
    checkpointed = after;
    options.checkpoint(after);
  };
  const freshIterator = () =>
    lastRead === undefined ? api.shardIterator(streamArn, shardId, start) : api.shardIterator(streamArn, shardId, 'AFTER_SEQUENCE_NUMBER', lastRead);
  let iterator = await freshIterator();
  const pending: LambdaStreamRecord[] = [];
  let firstWaitingSince: number | undefined;
  while (!options.stopped()) {
    let readAny = false;
    if (iterator !== undefined && pending.length < options.batchSize) {
      try {
        const { records, next } = await api.records(iterator, Math.min(MAX_GET_RECORDS, options.batchSize - pending.length));
        iterator = next;
        for (const record of records) {
          const converted = lambdaRecord(record, streamArn);
          lastRead = converted.dynamodb.SequenceNumber;
          readAny = true;
          if (!options.accepts(converted)) continue;
          pending.push(converted);
          firstWaitingSince ??= options.now();
        }
        // Records the filters all passed over are done.
        if (pending.length === 0) checkpoint(lastRead);
      } catch (error) {
        const name = errorName(error);
        if (name === 'ExpiredIteratorException') {
          iterator = await freshIterator();
        } else if (name === 'TrimmedDataAccessException') {
          options.warn(`records of shard ${shardId} were trimmed before they were read; reading on from the oldest kept`);
          lastRead = undefined;
          iterator = await api.shardIterator(streamArn, shardId, 'TRIM_HORIZON');
        } else {
          options.warn(`reading shard ${shardId} failed (${name || 'Error'}: ${(error as Error).message}); trying again`);
          await options.idle();
        }
        continue;
      }
    }
    const ended = iterator === undefined;
    const windowOver = firstWaitingSince !== undefined && options.now() - firstWaitingSince >= options.window * 1000;
    if (pending.length > 0 && (pending.length >= options.batchSize || windowOver || ended)) {
      const batch = takeBatch(pending, options.batchSize);
      const done = await options.deliver(batch);
      if (done < batch.length) {
        // Stopped part-way: what was not done is read again next time.
        if (done > 0) checkpoint(batch[done - 1]!.dynamodb.SequenceNumber);
        return;
      }
      checkpoint(pending.length === 0 ? lastRead : batch.at(-1)!.dynamodb.SequenceNumber);
      firstWaitingSince = pending.length > 0 ? options.now() : undefined;
      continue;
    }
    if (ended) {
      options.ended();
      return;
    }
    if (!readAny) await options.idle();
  }
}
