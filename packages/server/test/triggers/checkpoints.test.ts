/**
 * Checkpoints: a trigger started again on the same trigger file goes on after
 * the last record it finished — mid-batch when it was stopped part-way, after
 * a LATEST starting point taken before any record arrived, past shards read
 * to their end — and the file keeps only what reads back.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/triggers/settings.js';
import { TriggerStore } from '../../src/triggers/trigger-store.js';
import { FakeStream, keysOf, runTriggersStoppedAfterEach } from './support/fake-streams.js';

const dir = mkdtempSync(join(tmpdir(), 'dynotable-checkpoints-'));
let files = 0;
const newFile = () => join(dir, `triggers-${++files}.json`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runTriggersStoppedAfterEach();

const succeed = () => null;

describe('a trigger started again', () => {
  it('goes on after the records done when it was stopped part-way through a bisected batch', async () => {
    const file = newFile();
    const stream = new FakeStream();
    stream.shard('shard-1');
    for (const key of ['a', 'b', 'X', 'd', 'e']) stream.insert('shard-1', key);
    const first = run(stream, (records) => {
      if (keysOf(records).includes('X')) throw new Error('not yet');
      return null;
    }, { bisect: true }, new TriggerStore(file));
    await first.until(() => first.calls.filter((call) => call.length === 1 && call[0] === 'X').length >= 2);
    await first.stop();
    expect(first.calls.slice(0, 4)).toEqual([['a', 'b', 'X', 'd', 'e'], ['a', 'b', 'X'], ['a', 'b'], ['X']]);

    const second = run(stream, succeed, { bisect: true }, new TriggerStore(file));
    await second.until(() => second.calls.length > 0);
    expect(second.calls).toEqual([['X', 'd', 'e']]);
  });

  it('reads what arrived while it was stopped, from the LATEST starting point it took (an empty shard: from its start)', async () => {
    for (const before of [[], ['old']]) {
      const file = newFile();
      const stream = new FakeStream();
      stream.shard('shard-1');
      for (const key of before) stream.insert('shard-1', key);
      const first = run(stream, succeed, { start: 'LATEST' }, new TriggerStore(file));
      await first.until(() => readFileSync(file, 'utf8').includes('shard-1'));
      await first.stop();
      expect(first.calls).toEqual([]);

      stream.insert('shard-1', 'new');
      const second = run(stream, succeed, { start: 'LATEST' }, new TriggerStore(file));
      await second.until(() => second.calls.length > 0);
      expect(second.calls).toEqual([['new']]);
    }
  });

  it('skips a shard it read to its end and goes on in its child', async () => {
    const file = newFile();
    const stream = new FakeStream();
    const parent = stream.shard('shard-1');
    stream.insert('shard-1', 'a');
    parent.closed = true;
    stream.shard('shard-2', 'shard-1');
    stream.insert('shard-2', 'b');
    const first = run(stream, succeed, {}, new TriggerStore(file));
    await first.until(() => first.calls.flat().includes('b'));
    await first.stop();
    expect(JSON.parse(readFileSync(file, 'utf8')).checkpoints['Orders=/handlers/orders.mjs']).toEqual({
      [stream.streamArn!]: { 'shard-1': { after: expect.any(String), ended: true }, 'shard-2': { after: expect.any(String) } },
    });

    stream.insert('shard-2', 'c');
    const second = run(stream, succeed, {}, new TriggerStore(file));
    await second.until(() => second.calls.length > 0);
    expect(second.calls).toEqual([['c']]);
  });

  it('without a trigger file starts from its starting position each time', async () => {
    const stream = new FakeStream();
    stream.shard('shard-1');
    stream.insert('shard-1', 'a');
    const first = run(stream, succeed);
    await first.until(() => first.calls.length > 0);
    await first.stop();
    const second = run(stream, succeed);
    await second.until(() => second.calls.length > 0);
    expect(second.calls).toEqual([['a']]);
  });
});

describe('the trigger file', () => {
  const settings = { ...DEFAULT_SETTINGS, table: 'Orders', handler: '/handlers/orders.mjs' };

  it('keeps the workbench triggers and their checkpoints; a removed trigger takes its checkpoints with it', () => {
    const file = newFile();
    const store = new TriggerStore(file);
    store.addTrigger({ id: 't1', settings });
    store.addTrigger({ id: 't2', settings: { ...settings, table: 'Other' } });
    store.checkpoints('t1').advance('arn', 'shard', '000000000000000000001');
    store.checkpoints('t2').advance('arn', 'shard', '000000000000000000002');
    store.removeTrigger('t1');

    const again = new TriggerStore(file);
    expect(again.triggers()).toEqual([{ id: 't2', settings: { ...settings, table: 'Other' } }]);
    expect(again.checkpoints('t1').ranBefore).toBe(false);
    const kept = again.checkpoints('t2');
    expect(kept.ranBefore).toBe(true);
    expect(kept.shard('arn', 'shard')).toEqual({ after: '000000000000000000002' });
  });

  it('reads a damaged file as empty, and leaves out triggers whose settings no longer pass', () => {
    const damaged = newFile();
    writeFileSync(damaged, '{"triggers": [');
    expect(new TriggerStore(damaged).triggers()).toEqual([]);
    const odd = newFile();
    writeFileSync(odd, JSON.stringify({ triggers: [{ id: 't1', settings: { ...settings, batchSize: 0 } }, { id: 't2', settings }, 'junk'], checkpoints: { t2: { arn: { s: { after: 5, ended: true } } } } }));
    const store = new TriggerStore(odd);
    expect(store.triggers().map((trigger) => trigger.id)).toEqual(['t2']);
    expect(store.checkpoints('t2').shard('arn', 's')).toEqual({ ended: true });
  });
});
