/**
 * A stream in memory behind the trigger's StreamsApi, and a trigger set run
 * on it with a fake handler and a clock that moves only when the trigger
 * sleeps: every run is the same.
 */
import { afterEach } from 'vitest';
import type { Shard, StreamRecord, StreamsApi } from '../../../src/triggers/streams-api.js';
import { DEFAULT_SETTINGS } from '../../../src/triggers/settings.js';
import type { TriggerSettings } from '../../../src/triggers/settings.js';
import type { HandlerRun } from '../../../src/triggers/handler-runner.js';
import type { LambdaStreamRecord } from '../../../src/triggers/lambda-records.js';
import { TriggerSet } from '../../../src/triggers/trigger-set.js';
import type { TriggerStore } from '../../../src/triggers/trigger-store.js';
import type { TriggerEvent } from '../../../src/triggers/trigger-types.js';

const STREAM_ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/Orders/stream/2026-12-02T19:00:00.000';

interface FakeShard {
  id: string;
  parent?: string;
  closed: boolean;
  records: StreamRecord[];
}

export class FakeStream {
  readonly shards: FakeShard[] = [];
  streamArn: string | undefined = STREAM_ARN;
  private sequence = 100;

  shard(id: string, parent?: string): FakeShard {
    const shard: FakeShard = { id, closed: false, records: [], ...(parent === undefined ? {} : { parent }) };
    this.shards.push(shard);
    return shard;
  }

  /** An INSERT of item `{pk: {S: key}}` (plus `extra` in its image) on the shard. */
  insert(shardId: string, key: string, extra: Record<string, unknown> = {}, eventName = 'INSERT'): string {
    const shard = this.shards.find((each) => each.id === shardId)!;
    const SequenceNumber = String(++this.sequence).padStart(21, '0');
    shard.records.push({
      eventID: `e${SequenceNumber}`,
      eventName: eventName as 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      dynamodb: {
        ApproximateCreationDateTime: new Date(1_796_000_000_000),
        Keys: { pk: { S: key } },
        NewImage: { pk: { S: key }, ...extra } as never,
        SequenceNumber,
        SizeBytes: 20,
        StreamViewType: 'NEW_IMAGE',
      },
    });
    return SequenceNumber;
  }

  api(): StreamsApi {
    return {
      latestStreamArn: async () => this.streamArn,
      shards: async () =>
        this.shards.map(
          (shard): Shard => ({
            ShardId: shard.id,
            ...(shard.parent === undefined ? {} : { ParentShardId: shard.parent }),
            SequenceNumberRange: {
              StartingSequenceNumber: '0',
              ...(shard.closed ? { EndingSequenceNumber: shard.records.at(-1)?.dynamodb?.SequenceNumber ?? '0' } : {}),
            },
          }),
        ),
      shardIterator: async (_arn, shardId, type, sequenceNumber) => {
        const shard = this.shards.find((each) => each.id === shardId)!;
        const index =
          type === 'TRIM_HORIZON'
            ? 0
            : type === 'LATEST'
              ? shard.records.length
              : shard.records.findIndex((record) => record.dynamodb!.SequenceNumber === sequenceNumber) + (type === 'AFTER_SEQUENCE_NUMBER' ? 1 : 0);
        return `${shardId}@${index}`;
      },
      records: async (iterator, limit) => {
        const [shardId, at] = iterator.split('@') as [string, string];
        const shard = this.shards.find((each) => each.id === shardId)!;
        const records = shard.records.slice(Number(at), Number(at) + limit);
        const index = Number(at) + records.length;
        return { records, next: shard.closed && index >= shard.records.length ? undefined : `${shardId}@${index}` };
      },
      close: () => {},
    };
  }
}

/** The keys (`pk`) of a batch's records, in order. */
export function keysOf(records: readonly LambdaStreamRecord[]): string[] {
  return records.map((record) => (record.dynamodb.Keys as { pk: { S: string } }).pk.S);
}

function settings(overrides: Partial<TriggerSettings> = {}): TriggerSettings {
  return { ...DEFAULT_SETTINGS, table: 'Orders', handler: '/handlers/orders.mjs', start: 'TRIM_HORIZON', ...overrides };
}

export type FakeHandler = (records: readonly LambdaStreamRecord[]) => unknown;

/** Runs a trigger on the stream with `handler`; each call's keys go to `calls`. `store`: where its checkpoints are kept. */
export function runTrigger(stream: FakeStream, handler: FakeHandler, overrides: Partial<TriggerSettings> = {}, store?: TriggerStore) {
  const calls: string[][] = [];
  const events: TriggerEvent[] = [];
  let clock = 0;
  const set = new TriggerSet({
    api: stream.api(),
    ...(store === undefined ? {} : { store }),
    environment: {
      invoke: async (event): Promise<HandlerRun> => {
        calls.push(keysOf(event.Records));
        try {
          return { ok: true, result: handler(event.Records), output: [] };
        } catch (error) {
          return { ok: false, error: { type: 'Error', message: (error as Error).message }, output: [] };
        }
      },
      sleep: async (ms) => {
        clock += ms;
        await new Promise((resolve) => setImmediate(resolve));
      },
      now: () => clock,
      retryDelayMs: () => 1000,
    },
  });
  set.watch((event) => events.push(event));
  const info = set.add(settings(overrides));
  /** Lets the trigger run until `done` holds (at most `turns` turns of the event loop). */
  async function until(done: () => boolean, turns = 2000): Promise<void> {
    for (let turn = 0; turn < turns && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
    if (!done()) throw new Error(`the trigger did not get there; calls so far: ${JSON.stringify(calls)}`);
  }
  return { set, info, calls, events, until, clock: () => clock, stop: () => set.closeAll() };
}

/** runTrigger for a test file: every trigger it starts is stopped after each test. */
export function runTriggersStoppedAfterEach(): typeof runTrigger {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  return (...args) => {
    const running = runTrigger(...args);
    stops.push(running.stop);
    return running;
  };
}
