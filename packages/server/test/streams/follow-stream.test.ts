/** The stream reader over a fake DynamoDB Streams: shard order, a split's children after their parent, latest, expired iterators. */
import { describe, expect, it } from 'vitest';
import { followStream, type FollowOptions } from '../../src/data/streams/follow-stream.js';
import { FakeStreams, record } from './fake-streams.js';

const ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/T/stream/2026-01-01T00:00:00.000';

async function read(api: FakeStreams, options: Partial<FollowOptions> & { stopAfter?: number } = {}): Promise<string[]> {
  const controller = new AbortController();
  const seen: string[] = [];
  for await (const event of followStream(api, ARN, { from: 'trim-horizon', until: 'caught-up', signal: controller.signal, ...options })) {
    seen.push(event.kind === 'record' ? `${event.shardId}:${event.record.dynamodb!.Keys!['pk']!.S!}` : 'caught-up');
    if (options.stopAfter !== undefined && seen.filter((text) => text !== 'caught-up').length >= options.stopAfter) controller.abort();
  }
  return seen;
}

describe('followStream', () => {
  it('reads a closed parent to its end before its children, over paged shard lists and record pages', async () => {
    const api = new FakeStreams(1);
    // Listed child first: the reader must still wait for the parent.
    api.addShard({ id: 'child-a', parent: 'root', records: [record('c1'), record('c2')] });
    api.addShard({ id: 'root', records: [record('r1'), record('r2'), record('r3')], closed: true });
    api.addShard({ id: 'child-b', parent: 'root', records: [record('d1')] });
    const seen = await read(api);
    expect(seen.slice(0, 3)).toEqual(['root:r1', 'root:r2', 'root:r3']);
    expect(seen.slice(3, 6).sort()).toEqual(['child-a:c1', 'child-a:c2', 'child-b:d1']);
    expect(seen.at(-1)).toBe('caught-up');
    expect(seen).toHaveLength(7);
  });

  it('starts a shard whose parent is trimmed away (not listed) at once', async () => {
    const api = new FakeStreams(5);
    api.addShard({ id: 'orphan', parent: 'gone', records: [record('o1')] });
    expect(await read(api)).toEqual(['orphan:o1', 'caught-up']);
  });

  it('follows a shard that closes while it is read into the child split off it', async () => {
    const api = new FakeStreams(5);
    const parent = api.addShard({ id: 'p', records: [record('old')] });
    let sleeps = 0;
    const sleep = async () => {
      sleeps++;
      if (sleeps === 1) {
        parent.records.push(record('new-in-parent'));
        parent.closed = true;
        api.addShard({ id: 'c', parent: 'p', records: [record('in-child')] });
      }
    };
    const seen = await read(api, { from: 'latest', until: 'follow', sleep, stopAfter: 2 });
    expect(seen).toEqual(['caught-up', 'p:new-in-parent', 'c:in-child']);
  });

  it('from latest skips the records already there, in open and closed shards', async () => {
    const api = new FakeStreams(5);
    api.addShard({ id: 'closed', records: [record('a')], closed: true });
    api.addShard({ id: 'open', parent: 'closed', records: [record('b')] });
    expect(await read(api, { from: 'latest' })).toEqual(['caught-up']);
    expect(api.calls).toContain('GetShardIterator open LATEST');
    expect(api.calls.some((call) => call.startsWith('GetShardIterator closed'))).toBe(false);
  });

  it('takes a new iterator after the last record read when one expires, repeating nothing', async () => {
    const api = new FakeStreams(5);
    api.addShard({ id: 's', records: [record('1'), record('2'), record('3'), record('4')] });
    let failed = false;
    const original = api.getRecords.bind(api);
    api.getRecords = async (input) => {
      const page = await original(input);
      // After the first page, the iterator it handed out has expired.
      if (!failed) {
        failed = true;
        api.failNext.push('ExpiredIteratorException');
      }
      return page;
    };
    expect(await read(api)).toEqual(['s:1', 's:2', 's:3', 's:4', 'caught-up']);
    expect(api.calls.filter((call) => call.startsWith('GetShardIterator'))).toEqual(['GetShardIterator s TRIM_HORIZON', 'GetShardIterator s AFTER_SEQUENCE_NUMBER']);
  });

  it('passes on an error it cannot recover from', async () => {
    const api = new FakeStreams(5);
    api.addShard({ id: 's', records: [record('1')] });
    api.failNext.push('AccessDeniedException');
    await expect(read(api)).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});
