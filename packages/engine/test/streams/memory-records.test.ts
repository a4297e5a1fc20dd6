/**
 * The record log an engine in memory keeps per stream (memory-records.ts):
 * records read back as the text a store would keep, by sequence number
 * across gaps, and trimmed oldest first; and the logs follow their streams
 * when a table is deleted and made again under the same name. And a rewrite
 * whose text differs only in order makes no record.
 */
import { describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../src/streams/memory-records.js';
import { recordText, type RecordParts } from '../../src/streams/record.js';
import type { KeySchema } from '../../src/tables/meta.js';
import type { Engine } from '../../src/engine.js';
import { createStreamTable, engineAt, getRecords, HOUR, iterator, put, readKeys, shards, type StreamRecord } from './support.js';

const KEYS: KeySchema = { partition: { name: 'pk', type: 'S' } };

function parts(overrides: Partial<RecordParts>): RecordParts {
  return {
    eventId: 1,
    eventName: 0,
    region: 'us-east-1',
    createdAt: 1_000,
    size: 10,
    viewType: 1,
    byService: false,
    keysJson: undefined,
    newJson: '{"pk":{"S":"a"}}',
    oldJson: undefined,
    ...overrides,
  };
}

function firstSequence(engine: Engine, arn: string): string {
  return shards(engine, arn)[0]!.SequenceNumberRange.StartingSequenceNumber;
}

function readRecords(engine: Engine, arn: string): StreamRecord[] {
  return getRecords(engine, iterator(engine, arn, shards(engine, arn)[0]!.ShardId, 'TRIM_HORIZON')).Records;
}

function sequences(log: MemoryRecords, from: number, to: number): number[] {
  return [...log.read(from, to)].map((record) => record.sequence);
}

describe('the in-memory record log', () => {
  it('reads back each record as the text a store would keep, whatever its flags and region', () => {
    const log = new MemoryRecords(KEYS);
    const kept = [
      parts({ eventId: 7, createdAt: 1_700_000_000_123 }),
      parts({ eventId: 8, eventName: 2, viewType: 3, byService: true, region: 'eu-west-1', newJson: undefined, oldJson: '{"pk":{"S":"b"},"n":{"N":"1"}}' }),
      parts({ eventId: 9, eventName: 1, viewType: 0, region: 'ap-south-1', keysJson: '{"pk":{"S":"c"}}', newJson: undefined }),
      parts({ eventId: 2 ** 40, region: 'eu-west-1' }),
    ];
    kept.forEach((record, index) => log.append(index + 1, record));
    const read = [...log.read(1, Number.POSITIVE_INFINITY)];
    expect(read.map((record) => record.sequence)).toEqual([1, 2, 3, 4]);
    expect(read.map((record) => record.json)).toEqual(kept.map((record) => recordText(record, KEYS)));
  });

  it('finds records by sequence number across gaps and stops at the upper bound', () => {
    const log = new MemoryRecords(KEYS);
    for (const sequence of [3, 4, 9, 10, 11]) log.append(sequence, parts({ eventId: sequence }));
    expect(sequences(log, 1, 100)).toEqual([3, 4, 9, 10, 11]);
    expect(sequences(log, 5, 10)).toEqual([9, 10]);
    expect(sequences(log, 12, 100)).toEqual([]);
    expect(log.last).toBe(11);
  });

  it('grows past its first allocation and trims the records written at or before a time', () => {
    const log = new MemoryRecords(KEYS);
    for (let sequence = 1; sequence <= 1_000; sequence++) log.append(sequence, parts({ createdAt: sequence * 10, eventId: sequence }));
    expect(log.trim(5)).toEqual({ dropped: 0, first: 1 });
    expect(log.trim(6_000)).toEqual({ dropped: 600, first: 601 });
    expect(log.size).toBe(400);
    expect(sequences(log, 1, 605)).toEqual([601, 602, 603, 604, 605]);
    expect([...log.read(601, 601)][0]!.json).toBe(recordText(parts({ createdAt: 6_010, eventId: 601 }), KEYS));
    expect(log.trim(100_000)).toEqual({ dropped: 400, first: undefined });
    expect(log.last).toBeUndefined();
  });
});

describe('records of an engine in memory', () => {
  it("stay with a deleted table's stream, and a table made again under its name starts an empty stream", () => {
    // The same clock reading gives the new stream the old one's label: only the records can tell them apart.
    const engine = engineAt();
    const first = createStreamTable(engine, 'events');
    const start = firstSequence(engine, first);
    put(engine, 'events', 'a');
    engine.execute('DeleteTable', { TableName: 'events' });
    const second = createStreamTable(engine, 'events');
    expect(second).toBe(first);
    expect(readKeys(engine, second)).toEqual([]);
    // Numbered afresh, as on disk, where the old records moved out of the new stream's space.
    expect(firstSequence(engine, second)).toBe(start);
    put(engine, 'events', 'b');
    expect(readKeys(engine, second)).toEqual(['b']);
  });

  it('of a stream no longer readable go with its table', () => {
    const engine = engineAt();
    const start = firstSequence(engine, createStreamTable(engine, 'events'));
    put(engine, 'events', 'a');
    engine.execute('UpdateTable', { TableName: 'events', StreamSpecification: { StreamEnabled: false } });
    engine.clock.ms += 25 * HOUR;
    engine.execute('DeleteTable', { TableName: 'events' });
    engine.clock.ms -= 25 * HOUR;
    const again = createStreamTable(engine, 'events');
    expect(readKeys(engine, again)).toEqual([]);
    expect(firstSequence(engine, again)).toBe(start);
  });
});

describe('a rewrite that changes nothing', () => {
  it('makes no record when only the order of attributes, set members or map entries differs, and a record for a change that keeps every character', () => {
    const engine = engineAt();
    const arn = createStreamTable(engine, 'events');
    const item = (first: 'a' | 'b', members: string[], text: string) => {
      const a = { a: { S: 'one' } };
      const b = { b: { M: first === 'a' ? { x: { N: '1' }, y: { S: 'z' } } : { y: { S: 'z' }, x: { N: '1' } } } };
      return { pk: { S: 'k' }, ...(first === 'a' ? { ...a, ...b } : { ...b, ...a }), set: { SS: members }, text: { S: text } };
    };
    engine.execute('PutItem', { TableName: 'events', Item: item('a', ['p', 'q'], 'ab') });
    engine.execute('PutItem', { TableName: 'events', Item: item('b', ['q', 'p'], 'ab') });
    engine.execute('PutItem', { TableName: 'events', Item: item('b', ['q', 'p'], 'ba') });
    const events = readRecords(engine, arn).map((record) => [record.eventName, (record.dynamodb.NewImage as { text?: unknown } | undefined)?.text]);
    expect(events).toEqual([
      ['INSERT', { S: 'ab' }],
      ['MODIFY', { S: 'ba' }],
    ]);
  });
});
