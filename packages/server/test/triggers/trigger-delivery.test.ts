/**
 * A trigger's delivery, as Lambda's for a DynamoDB stream: batches, the
 * batching window, retries, bisecting on error, partial batch responses and
 * the on-failure record; on an in-memory stream with a fake handler.
 */
import { describe, expect, it } from 'vitest';
import type { FailureEvent, InvocationEvent } from '../../src/triggers/trigger-types.js';
import type { runTrigger } from './support/fake-streams.js';
import { FakeStream, keysOf, runTriggersStoppedAfterEach } from './support/fake-streams.js';

const run = runTriggersStoppedAfterEach();

function failuresOf(events: readonly unknown[]): FailureEvent[] {
  return (events as FailureEvent[]).filter((event) => event.kind === 'failure');
}

function streamWith(keys: string[]): FakeStream {
  const stream = new FakeStream();
  stream.shard('shard-1');
  for (const key of keys) stream.insert('shard-1', key);
  return stream;
}

const failOn = (bad: string) => (records: Parameters<Parameters<typeof runTrigger>[1]>[0]) => {
  if (keysOf(records).includes(bad)) throw new Error(`cannot process ${bad}`);
  return null;
};

describe('a handler that throws on one record, with bisect', () => {
  it('gets that record retried alone until its retries are used up; every other record succeeds once; the failure is reported', async () => {
    const stream = streamWith(['a', 'b', 'X', 'd', 'e']);
    const trigger = run(stream, failOn('X'), { bisect: true, retries: 2 });
    await trigger.until(() => trigger.calls.some((call) => call.includes('e')) && failuresOf(trigger.events).length === 1);
    expect(trigger.calls).toEqual([
      ['a', 'b', 'X', 'd', 'e'],
      ['a', 'b', 'X'],
      ['a', 'b'],
      ['X'],
      ['X'],
      ['X'],
      ['d', 'e'],
    ]);
    const [failure] = failuresOf(trigger.events);
    expect(keysOf(failure!.failure.records as never)).toEqual(['X']);
    expect(failure!.failure.requestContext).toMatchObject({ condition: 'RetryAttemptsExhausted', approximateInvokeCount: 5 });
    expect(failure!.failure.DDBStreamBatchInfo).toMatchObject({ shardId: 'shard-1', batchSize: 1, startSequenceNumber: failure!.failure.DDBStreamBatchInfo.endSequenceNumber });
    expect(failure!.failure.error).toEqual({ type: 'Error', message: 'cannot process X' });
    expect(trigger.set.list()[0]).toMatchObject({ invocations: 7, recordsGivenUp: 1 });
  });

  it('marks the halves as bisected and counts retries only on the record retried alone', async () => {
    const stream = streamWith(['a', 'X']);
    const trigger = run(stream, failOn('X'), { bisect: true, retries: 1 });
    await trigger.until(() => failuresOf(trigger.events).length === 1);
    const invocations = trigger.events.filter((event): event is InvocationEvent => event.kind === 'invocation');
    expect(invocations.map((each) => [each.records, each.retry, each.bisected, each.outcome])).toEqual([
      [2, 0, false, 'error'],
      [1, 0, true, 'success'],
      [1, 0, true, 'error'],
      [1, 1, true, 'error'],
    ]);
  });
});

describe('without bisect', () => {
  it('retries the whole batch, then gives it all up to the on-failure record', async () => {
    const stream = streamWith(['a', 'X', 'c']);
    const trigger = run(stream, failOn('X'), { retries: 2 });
    await trigger.until(() => failuresOf(trigger.events).length === 1);
    expect(trigger.calls).toEqual([['a', 'X', 'c'], ['a', 'X', 'c'], ['a', 'X', 'c']]);
    expect(keysOf(failuresOf(trigger.events)[0]!.failure.records as never)).toEqual(['a', 'X', 'c']);
  });

  it('retries until the handler succeeds when retries is -1 (the default), waiting longer each time', async () => {
    const stream = streamWith(['a']);
    let failuresLeft = 4;
    const trigger = run(stream, () => {
      if (failuresLeft-- > 0) throw new Error('not yet');
      return null;
    });
    await trigger.until(() => trigger.calls.length === 5 && trigger.events.some((event) => event.kind === 'invocation' && event.outcome === 'success'));
    expect(failuresOf(trigger.events)).toEqual([]);
  });

  it('with retries 0, gives a failed batch up at once and goes on with the next', async () => {
    const stream = streamWith(['X', 'b']);
    const trigger = run(stream, failOn('X'), { retries: 0, batchSize: 1 });
    await trigger.until(() => trigger.calls.length === 2);
    expect(trigger.calls).toEqual([['X'], ['b']]);
    expect(failuresOf(trigger.events)).toHaveLength(1);
  });
});

describe('removing a trigger', () => {
  it('during a failing call: the batch is neither retried nor given up, and nothing more is read', async () => {
    const stream = streamWith(['a', 'b']);
    let removing: Promise<void> | undefined;
    const trigger = run(
      stream,
      () => {
        removing ??= trigger.set.remove('t1');
        throw new Error('failing as it is removed');
      },
      { retries: 0, batchSize: 1 },
    );
    await trigger.until(() => removing !== undefined);
    await removing;
    expect(trigger.calls).toEqual([['a']]);
    expect(failuresOf(trigger.events)).toEqual([]);
    expect(trigger.set.list()).toEqual([]);
  });
});

describe('partial batch responses (reportFailures)', () => {
  it('retries from the lowest failed SequenceNumber on: the records before it are done', async () => {
    const stream = streamWith(['a', 'b', 'c', 'd']);
    const seqOf = (key: string) => stream.shards[0]!.records.find((record) => record.dynamodb!.Keys!['pk']!.S === key)!.dynamodb!.SequenceNumber!;
    let first = true;
    const trigger = run(
      stream,
      () => {
        if (!first) return { batchItemFailures: [] };
        first = false;
        return { batchItemFailures: [{ itemIdentifier: seqOf('d') }, { itemIdentifier: seqOf('b') }] };
      },
      { reportFailures: true },
    );
    await trigger.until(() => trigger.calls.length === 2);
    await trigger.until(() => trigger.events.filter((event) => event.kind === 'invocation').length === 2);
    expect(trigger.calls).toEqual([['a', 'b', 'c', 'd'], ['b', 'c', 'd']]);
    const partial = trigger.events.find((event): event is InvocationEvent => event.kind === 'invocation' && event.outcome === 'partial');
    expect(partial?.batchItemFailures).toEqual([seqOf('d'), seqOf('b')]);
  });

  it('gives up only the records from the checkpoint on once retries are used up', async () => {
    const stream = streamWith(['a', 'b', 'c']);
    const seqB = stream.shards[0]!.records[1]!.dynamodb!.SequenceNumber!;
    const trigger = run(stream, () => ({ batchItemFailures: [{ itemIdentifier: seqB }] }), { reportFailures: true, retries: 1 });
    await trigger.until(() => failuresOf(trigger.events).length === 1);
    expect(trigger.calls).toEqual([['a', 'b', 'c'], ['b', 'c']]);
    const [failure] = failuresOf(trigger.events);
    expect(keysOf(failure!.failure.records as never)).toEqual(['b', 'c']);
    expect(failure!.failure.responseContext.functionError).toBe('PartialBatchFailure');
  });

  it('fails the whole batch when an itemIdentifier is not in it', async () => {
    const stream = streamWith(['a', 'b']);
    const trigger = run(stream, () => ({ batchItemFailures: [{ itemIdentifier: 'nope' }] }), { reportFailures: true, retries: 0 });
    await trigger.until(() => failuresOf(trigger.events).length === 1);
    expect(failuresOf(trigger.events)[0]!.failure.error).toEqual({ type: 'InvalidBatchItemFailures', message: "itemIdentifier 'nope' is not the SequenceNumber of a record in the batch" });
    expect(keysOf(failuresOf(trigger.events)[0]!.failure.records as never)).toEqual(['a', 'b']);
  });

  it('is ignored without reportFailures, as Lambda ignores it', async () => {
    const stream = streamWith(['a', 'b']);
    const trigger = run(stream, () => ({ batchItemFailures: [{ itemIdentifier: 'nope' }] }), { retries: 0 });
    await trigger.until(() => trigger.events.some((event) => event.kind === 'invocation'));
    expect(trigger.calls).toEqual([['a', 'b']]);
    expect(failuresOf(trigger.events)).toEqual([]);
  });
});

describe('batching', () => {
  it('sends at most batchSize records per call, in order', async () => {
    const stream = streamWith(['a', 'b', 'c', 'd', 'e']);
    const trigger = run(stream, () => null, { batchSize: 2 });
    await trigger.until(() => trigger.calls.flat().length === 5);
    expect(trigger.calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('waits out the batching window for more records before sending a batch that is not full', async () => {
    const stream = streamWith(['a']);
    const trigger = run(stream, () => null, { batchSize: 10, window: 5 });
    await trigger.until(() => trigger.clock() >= 2000);
    expect(trigger.calls).toEqual([]);
    stream.insert('shard-1', 'b');
    await trigger.until(() => trigger.calls.length === 1);
    expect(trigger.calls).toEqual([['a', 'b']]);
    expect(trigger.clock()).toBeGreaterThanOrEqual(5000);
  });

  it('records each call as Lambda sends it: {Records} with eventSourceARN and epoch-second times', async () => {
    const stream = streamWith(['a']);
    const seen: unknown[] = [];
    const trigger = run(stream, (records) => seen.push(...records));
    await trigger.until(() => seen.length === 1);
    expect(seen[0]).toEqual({
      eventID: expect.any(String),
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      dynamodb: {
        ApproximateCreationDateTime: 1_796_000_000,
        Keys: { pk: { S: 'a' } },
        NewImage: { pk: { S: 'a' } },
        SequenceNumber: stream.shards[0]!.records[0]!.dynamodb!.SequenceNumber,
        SizeBytes: 20,
        StreamViewType: 'NEW_IMAGE',
      },
      eventSourceARN: stream.streamArn,
    });
  });
});

describe('filters', () => {
  it('deliver only the records a pattern matches; the others are passed over', async () => {
    const stream = new FakeStream();
    stream.shard('shard-1');
    stream.insert('shard-1', 'order#1', { status: { S: 'open' } });
    stream.insert('shard-1', 'order#2', { status: { S: 'closed' } });
    stream.insert('shard-1', 'user#1', { status: { S: 'open' } });
    stream.insert('shard-1', 'order#3', { status: { S: 'open' } }, 'MODIFY');
    const trigger = run(stream, () => null, {
      filters: ['{"eventName":["INSERT"],"dynamodb":{"Keys":{"pk":{"S":[{"prefix":"order#"}]}},"NewImage":{"status":{"S":["open"]}}}}', '{"eventName":["MODIFY"]}'],
    });
    await trigger.until(() => trigger.calls.length === 1);
    expect(trigger.calls).toEqual([['order#1', 'order#3']]);
  });
});

describe('shards and starting positions', () => {
  it('LATEST reads only what arrives after the trigger started', async () => {
    const stream = streamWith(['old']);
    const trigger = run(stream, () => null, { start: 'LATEST' });
    await trigger.until(() => trigger.events.some((event) => event.kind === 'status' && event.message.startsWith('reading stream')));
    await trigger.until(() => trigger.clock() >= 1000);
    stream.insert('shard-1', 'new');
    await trigger.until(() => trigger.calls.length === 1);
    expect(trigger.calls).toEqual([['new']]);
  });

  it('reads a child shard only after its parent is read to its end', async () => {
    const stream = new FakeStream();
    stream.shard('parent');
    stream.shard('child', 'parent');
    stream.insert('child', 'c1');
    stream.insert('parent', 'p1');
    const trigger = run(stream, () => null);
    await trigger.until(() => trigger.calls.length === 1);
    await trigger.until(() => trigger.clock() >= 3000);
    expect(trigger.calls).toEqual([['p1']]);
    stream.shards[0]!.closed = true;
    await trigger.until(() => trigger.calls.length === 2);
    expect(trigger.calls).toEqual([['p1'], ['c1']]);
  });

  it('waits for a stream, saying why, and reads it from its start once it is enabled', async () => {
    const stream = streamWith(['first']);
    stream.streamArn = undefined;
    const trigger = run(stream, () => null, { start: 'LATEST' });
    await trigger.until(() => trigger.events.some((event) => event.kind === 'status' && event.level === 'warning'));
    expect(trigger.set.list()[0]!.state).toBe('waiting');
    stream.streamArn = 'arn:aws:dynamodb:us-east-1:000000000000:table/Orders/stream/later';
    await trigger.until(() => trigger.calls.length === 1);
    expect(trigger.calls).toEqual([['first']]);
    expect(trigger.set.list()[0]).toMatchObject({ state: 'running', streamArn: stream.streamArn });
  });
});
