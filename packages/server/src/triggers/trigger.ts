/**
 * One trigger: follows its table's current stream, polls each of its shards
 * (a child once its parent is read to its end), and delivers the batches to
 * the handler with Lambda's retries, bisecting and partial batch responses.
 * Everything it does goes out as events (trigger-types.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ShardIteratorType } from '@aws-sdk/client-dynamodb-streams';
import { batchOutcome } from './batch-response.js';
import type { Checkpoints } from './checkpoints.js';
import type { BatchOutcome } from './batch-response.js';
import { deliverBatch } from './deliver-batch.js';
import type { DeliveryAttempt } from './deliver-batch.js';
import { recordFilter } from './filter-patterns.js';
import type { HandlerRun } from './handler-runner.js';
import type { LambdaStreamRecord } from './lambda-records.js';
import { pollShard } from './shard-poller.js';
import type { TriggerSettings } from './settings.js';
import type { StreamsApi } from './streams-api.js';
import type { NewTriggerEvent, OnFailureRecord, TriggerInfo } from './trigger-types.js';

/** What a trigger needs from around it; tests give instant clocks and a fake handler. */
export interface TriggerEnvironment {
  readonly api: StreamsApi;
  /** Calls the handler (a HandlerRunner in use). */
  readonly invoke: (event: { Records: LambdaStreamRecord[] }, requestId: string) => Promise<HandlerRun>;
  readonly emit: (event: NewTriggerEvent) => void;
  /** A batch given up: written to the on-failure destination before delivery goes on. */
  readonly onFailure: (record: OnFailureRecord) => void;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  /** The pause before retry `n` (1 for the first). */
  readonly retryDelayMs: (retry: number) => number;
  /** Where the trigger got to, kept across restarts when the data folder keeps them (checkpoints.ts). */
  readonly checkpoints: Checkpoints;
}

/** How often the table's stream and its shards are looked up again. */
const DISCOVERY_MS = 1000;
/** The pause after a read that found nothing. */
const IDLE_MS = 250;

function isoSeconds(epochSeconds: number | undefined): string | undefined {
  return epochSeconds === undefined ? undefined : new Date(epochSeconds * 1000).toISOString();
}

export class Trigger {
  private stopped = false;
  private state: TriggerInfo['state'] = 'waiting';
  private streamArn: string | undefined;
  private invocations = 0;
  private recordsGivenUp = 0;
  private readonly accepts: (record: LambdaStreamRecord) => boolean;
  /** Shards being read or read to the end, by `streamArn shardId`. */
  private readonly started = new Set<string>();
  private readonly finished = new Set<string>();
  /** Shards being read, by `streamArn shardId`. */
  private readonly running = new Map<string, Promise<void>>();
  /** Streams whose shards are read: the latest, and older ones not yet read to their ends. */
  private readonly following = new Set<string>();
  private loop: Promise<void> | undefined;
  private wake: () => void = () => {};
  /** Resolves when the trigger is stopped: pauses end at once. */
  private readonly stopping = new Promise<void>((resolve) => (this.wake = resolve));

  constructor(
    readonly id: string,
    readonly settings: TriggerSettings,
    private readonly environment: TriggerEnvironment,
  ) {
    this.accepts = recordFilter(settings.filters);
  }

  info(): TriggerInfo {
    return {
      id: this.id,
      settings: this.settings,
      state: this.stopped ? 'stopped' : this.state,
      ...(this.streamArn === undefined ? {} : { streamArn: this.streamArn }),
      invocations: this.invocations,
      recordsGivenUp: this.recordsGivenUp,
    };
  }

  start(): void {
    this.loop ??= this.follow();
  }

  /** Stops reading; resolves once the shards' loops have ended (a call under way is let finish). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await Promise.all([...this.running.values()]);
  }

  /** A pause that a stop cuts short. */
  private pause(ms: number): Promise<void> {
    return Promise.race([this.environment.sleep(ms), this.stopping]);
  }

  private status(message: string, level: 'info' | 'warning' = 'info'): void {
    this.environment.emit({ kind: 'status', level, message });
  }

  private async follow(): Promise<void> {
    const { checkpoints } = this.environment;
    checkpoints.begin();
    // Streams an earlier run was reading: each is read on from its checkpoints until it ends.
    for (const streamArn of checkpoints.streams()) this.following.add(streamArn);
    let firstLook = true;
    let waitingNote = '';
    while (!this.stopped) {
      let latest: string | undefined;
      try {
        latest = await this.environment.api.latestStreamArn(this.settings.table);
        if (latest === undefined) {
          waitingNote = this.wait(waitingNote, `table ${this.settings.table} has no stream enabled; waiting for one (StreamSpecification)`);
        } else {
          waitingNote = '';
          if (latest !== this.streamArn) {
            this.streamArn = latest;
            this.state = 'running';
            this.status(`reading stream ${latest}`);
          }
          // A stream that appears after the trigger started (in this run or an earlier one) is read from its start: none of it is missed.
          await this.startShards(latest, firstLook && !checkpoints.ranBefore ? this.settings.start : 'TRIM_HORIZON');
          this.following.add(latest);
        }
      } catch (error) {
        const name = (error as { name?: string }).name ?? 'Error';
        const note = name === 'ResourceNotFoundException' ? `table ${this.settings.table} does not exist yet; waiting for it` : `looking up the stream failed (${name}: ${(error as Error).message}); trying again`;
        waitingNote = this.wait(waitingNote, note);
      }
      for (const streamArn of [...this.following]) if (streamArn !== latest) await this.followOlder(streamArn);
      firstLook = false;
      if (!this.stopped) await this.pause(DISCOVERY_MS);
    }
  }

  /** A stream that is no longer the table's latest: its shards are read to their ends, then it is let go. */
  private async followOlder(streamArn: string): Promise<void> {
    try {
      const shards = await this.startShards(streamArn, 'TRIM_HORIZON');
      if (shards.every((shardId) => this.finished.has(`${streamArn} ${shardId}`)) && ![...this.running.keys()].some((key) => key.startsWith(`${streamArn} `))) {
        this.following.delete(streamArn);
        this.environment.checkpoints.forget(streamArn);
      }
    } catch (error) {
      // Gone (a day after it was disabled): nothing more can be read of it.
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') return;
      this.following.delete(streamArn);
      this.environment.checkpoints.forget(streamArn);
      this.status(`stream ${streamArn} is gone; its checkpoints are dropped`, 'warning');
    }
  }

  /** Says why the trigger waits, once per reason. */
  private wait(said: string, note: string): string {
    if (this.streamArn === undefined) this.state = 'waiting';
    if (note !== said) this.status(note, 'warning');
    return note;
  }

  /**
   * Starts each shard not started yet whose parent, if still listed, is read
   * to its end: after its checkpoint, or from `position` when it has none.
   * Returns the ids of the stream's shards.
   */
  private async startShards(streamArn: string, position: StartingPosition): Promise<string[]> {
    const shards = await this.environment.api.shards(streamArn);
    const { checkpoints } = this.environment;
    const listed = new Set(shards.map((shard) => shard.ShardId));
    for (const shard of shards) {
      const shardId = shard.ShardId;
      if (shardId === undefined) continue;
      const key = `${streamArn} ${shardId}`;
      if (this.started.has(key)) continue;
      const parent = shard.ParentShardId;
      if (parent !== undefined && listed.has(parent) && !this.finished.has(`${streamArn} ${parent}`)) continue;
      const saved = checkpoints.shard(streamArn, shardId);
      const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
      // Read to its end by an earlier run; or, under LATEST, older than the trigger.
      if (saved?.ended === true || (saved === undefined && position === 'LATEST' && closed)) {
        this.started.add(key);
        this.finished.add(key);
        if (saved === undefined) checkpoints.ended(streamArn, shardId);
        continue;
      }
      this.started.add(key);
      // A shard with a checkpoint but no record done yet is read from its start.
      const start: ShardIteratorType = saved === undefined ? position : 'TRIM_HORIZON';
      const reading = this.readShard(streamArn, shardId, start, saved?.after).finally(() => {
        this.finished.add(key);
        this.running.delete(key);
      });
      this.running.set(key, reading);
    }
    return [...listed].filter((id): id is string => id !== undefined);
  }

  private async readShard(streamArn: string, shardId: string, start: ShardIteratorType, after: string | undefined): Promise<void> {
    const { environment, settings } = this;
    try {
      await pollShard({
        api: environment.api,
        streamArn,
        shardId,
        start,
        ...(after === undefined ? {} : { after }),
        batchSize: settings.batchSize,
        window: settings.window,
        accepts: this.accepts,
        deliver: (batch) => this.deliver(streamArn, shardId, batch),
        checkpoint: (sequence) => environment.checkpoints.advance(streamArn, shardId, sequence),
        ended: () => environment.checkpoints.ended(streamArn, shardId),
        warn: (message) => this.status(message, 'warning'),
        stopped: () => this.stopped,
        idle: () => this.pause(IDLE_MS),
        now: environment.now,
      });
    } catch (error) {
      this.status(`reading shard ${shardId} stopped: ${(error as Error).message}`, 'warning');
    }
  }

  private deliver(streamArn: string, shardId: string, batch: LambdaStreamRecord[]): Promise<number> {
    return deliverBatch(batch, {
      retries: this.settings.retries,
      bisect: this.settings.bisect,
      stopped: () => this.stopped,
      backOff: (retry) => this.pause(this.environment.retryDelayMs(retry)),
      invoke: (attempt) => this.invoke(shardId, attempt),
      givenUp: async (records, outcome, invocations) => this.giveUp(streamArn, shardId, records, outcome, invocations),
    });
  }

  private async invoke(shardId: string, attempt: DeliveryAttempt): Promise<BatchOutcome> {
    const requestId = randomUUID();
    const records = [...attempt.records];
    const started = this.environment.now();
    const run = await this.environment.invoke({ Records: records }, requestId);
    const outcome = batchOutcome(run, records, this.settings.reportFailures);
    this.invocations++;
    this.environment.emit({
      kind: 'invocation',
      requestId,
      shardId,
      records: records.length,
      firstSequenceNumber: records[0]!.dynamodb.SequenceNumber,
      lastSequenceNumber: records.at(-1)!.dynamodb.SequenceNumber,
      retry: attempt.retry,
      bisected: attempt.bisected,
      outcome: outcome.kind,
      ...(outcome.kind === 'error' ? { error: outcome.error } : {}),
      ...(outcome.kind === 'partial' ? { batchItemFailures: outcome.identifiers } : {}),
      output: run.output,
      durationMs: this.environment.now() - started,
    });
    return outcome;
  }

  private giveUp(streamArn: string, shardId: string, records: readonly LambdaStreamRecord[], outcome: Exclude<BatchOutcome, { kind: 'success' }>, invocations: number): void {
    const first = records[0]!;
    const last = records.at(-1)!;
    const failure: OnFailureRecord = {
      requestContext: { requestId: randomUUID(), functionArn: this.settings.handler, condition: 'RetryAttemptsExhausted', approximateInvokeCount: invocations },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: outcome.kind === 'partial' ? 'PartialBatchFailure' : 'Unhandled' },
      version: '1.0',
      timestamp: new Date(this.environment.now()).toISOString(),
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: first.dynamodb.SequenceNumber,
        endSequenceNumber: last.dynamodb.SequenceNumber,
        ...(isoSeconds(first.dynamodb.ApproximateCreationDateTime) === undefined ? {} : { approximateArrivalOfFirstRecord: isoSeconds(first.dynamodb.ApproximateCreationDateTime)! }),
        ...(isoSeconds(last.dynamodb.ApproximateCreationDateTime) === undefined ? {} : { approximateArrivalOfLastRecord: isoSeconds(last.dynamodb.ApproximateCreationDateTime)! }),
        batchSize: records.length,
        streamArn,
      },
      ...(outcome.kind === 'error' ? { error: outcome.error } : { error: { type: 'PartialBatchFailure', message: `the handler reported ${outcome.identifiers.join(', ')} as failed` } }),
      records,
    };
    this.recordsGivenUp += records.length;
    this.environment.onFailure(failure);
    this.environment.emit({ kind: 'failure', failure });
  }
}

type StartingPosition = TriggerSettings['start'];
