/**
 * Reads one shard as Lambda's poller does and hands batches on: records are
 * filtered as they arrive (records no pattern matches are passed over), then
 * gathered until the batch is full (batchSize, or 6 MB of records), the
 * batching window has passed since the first one waiting, or the shard is
 * closed and read to its end. One batch at a time: the next waits until the
 * one before is delivered or given up (records of an item stay in order).
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
  readonly batchSize: number;
  /** Seconds. */
  readonly window: number;
  readonly accepts: (record: LambdaStreamRecord) => boolean;
  /** Delivers a batch to the end (retries, bisecting, giving up). */
  readonly deliver: (batch: LambdaStreamRecord[]) => Promise<void>;
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

/** Resolves when the shard is closed and every record of it delivered, or when stopped. */
export async function pollShard(options: ShardPollerOptions): Promise<void> {
  const { api, streamArn, shardId } = options;
  let lastRead: string | undefined;
  const freshIterator = () =>
    lastRead === undefined ? api.shardIterator(streamArn, shardId, options.start) : api.shardIterator(streamArn, shardId, 'AFTER_SEQUENCE_NUMBER', lastRead);
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
      await options.deliver(takeBatch(pending, options.batchSize));
      firstWaitingSince = pending.length > 0 ? options.now() : undefined;
      continue;
    }
    if (ended) return;
    if (!readAny) await options.idle();
  }
}
