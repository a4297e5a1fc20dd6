/** An item's history put together from stream records and journal changes: which are the same write, who made each, in what order. */
import { describe, expect, it } from 'vitest';
import type { WireItem } from '@dynotable/core';
import { itemHistory, type JournaledChange } from '../../src/data/streams/item-history.js';
import type { StreamRecordJson } from '../../src/data/shapes.js';

const KEY: WireItem = { pk: { S: 'k' } };
const T0 = Date.parse('2026-06-01T10:00:00.000Z');

function streamRecord(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', at: number, images: { old?: WireItem; new?: WireItem } = {}, key: WireItem = KEY): StreamRecordJson {
  return {
    eventName,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(at / 1000),
      Keys: key,
      ...(images.old !== undefined ? { OldImage: images.old } : {}),
      ...(images.new !== undefined ? { NewImage: images.new } : {}),
    },
  };
}

function change(operation: string, at: number, before: WireItem | null, after: WireItem | null, extra: Partial<JournaledChange> = {}): JournaledChange {
  return { operationId: `op-${operation}-${at}`, operation, time: new Date(at).toISOString(), key: KEY, before, after, undone: false, ...extra };
}

const v = (text: string): WireItem => ({ ...KEY, v: { S: text } });

describe('itemHistory', () => {
  it('pairs a record with the journal change of the same images, and names a TTL deletion', () => {
    const records = [
      streamRecord('INSERT', T0 + 400, { new: v('1') }),
      streamRecord('INSERT', T0 + 500, { new: { pk: { S: 'someone-else' } } }, { pk: { S: 'someone-else' } }),
      { ...streamRecord('REMOVE', T0 + 9000, { old: v('1') }), userIdentity: { Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' } },
    ];
    const entries = itemHistory(KEY, records, [change('put', T0 + 450, null, v('1'))]);
    expect(entries.map((entry) => [entry.eventName, entry.by.kind, entry.sources.join('+')])).toEqual([
      ['REMOVE', 'ttl', 'stream'],
      ['INSERT', 'dynotable', 'stream+journal'],
    ]);
  });

  it('does not pair a change whose images differ, even at the same second', () => {
    const entries = itemHistory(KEY, [streamRecord('MODIFY', T0, { old: v('1'), new: v('2') })], [change('update', T0 + 100, v('1'), v('3'))]);
    expect(entries.map((entry) => entry.sources.join('+')).sort()).toEqual(['journal', 'stream']);
    expect(entries.find((entry) => entry.sources.length === 1 && entry.sources[0] === 'stream')!.by).toEqual({ kind: 'other' });
  });

  it('pairs KEYS_ONLY records by event and a close time only, and the images come from the journal', () => {
    const entries = itemHistory(KEY, [streamRecord('MODIFY', T0), streamRecord('MODIFY', T0 + 60_000)], [change('update', T0 + 200, v('1'), v('2'), { undone: true })]);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ by: { kind: 'dynotable', operation: 'update', undone: true }, before: v('1'), after: v('2'), sources: ['stream', 'journal'] });
    expect(entries[0]).toMatchObject({ by: { kind: 'other' }, sources: ['stream'] });
    expect(entries[0]).not.toHaveProperty('before');
  });

  it('reads a key change as a REMOVE at the old key and an INSERT at the new one', () => {
    const moved = { pk: { S: 'new' } };
    const move = change('move', T0, v('1'), { ...moved, v: { S: '1' } }, { newKey: moved });
    expect(itemHistory(KEY, [], [move]).map((entry) => entry.eventName)).toEqual(['REMOVE']);
    expect(itemHistory(moved, [], [move]).map((entry) => [entry.eventName, entry.after])).toEqual([['INSERT', { ...moved, v: { S: '1' } }]]);
  });

  it('keeps the stream order within a second and puts journal-only changes among the records by time', () => {
    const records = [streamRecord('INSERT', T0 + 100, { new: v('1') }), streamRecord('MODIFY', T0 + 200, { old: v('1'), new: v('2') })];
    // The INSERT was journaled later in the second than the MODIFY's stream time reads (seconds only).
    const changes = [change('put', T0 + 900, null, v('1')), change('delete', T0 + 5000, v('9'), null)];
    expect(itemHistory(KEY, records, changes).map((entry) => entry.eventName)).toEqual(['REMOVE', 'MODIFY', 'INSERT']);
  });
});
