import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateEntitySize, numberSize, projectedSize, utf8ByteLength } from '@dynotable/core';
import { attribute, entity, model, table } from './fixtures.js';

const bytesOf = (estimate: ReturnType<typeof estimateEntitySize>, name: string) => estimate.attributes.find((row) => row.name === name)?.bytes;

const profile = model({
  tables: [
    table({
      globalSecondaryIndexes: [
        { name: 'Everything', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' }, partitionKeys: [{ name: 'GSI1PK', type: 'S' }], sortKeys: [{ name: 'GSI1SK', type: 'S' }], projection: { type: 'ALL' } },
        { name: 'KeysOnly', partitionKey: { name: 'GSI2PK', type: 'S' }, partitionKeys: [{ name: 'GSI2PK', type: 'S' }], sortKeys: [], projection: { type: 'KEYS_ONLY' } },
        { name: 'WithHandle', partitionKey: { name: 'GSI3PK', type: 'S' }, partitionKeys: [{ name: 'GSI3PK', type: 'S' }], sortKeys: [], projection: { type: 'INCLUDE', attributes: ['handle'] } },
      ],
    }),
  ],
  entities: [
    entity({
      name: 'Player',
      attributes: [
        attribute('playerId', 'string', { minLength: 4, maxLength: 12 }),
        attribute('handle', 'string', { maxLength: 21 }),
        attribute('rating', 'number', { integer: true, min: 0, max: 99999 }),
        attribute('createdAt', 'timestamp'),
        attribute('seenAt', 'timestamp', { format: 'epoch-seconds' }),
        attribute('token', 'uuid'),
        attribute('region', 'enum', { values: ['eu', 'us', 'apac'] }),
        attribute('active', 'boolean'),
        attribute('settings', 'map', { averageBytes: 300, required: false }),
      ],
      keys: { PK: 'PLAYER#{playerId}', SK: 'PROFILE', GSI1PK: 'RATING', GSI1SK: 'RATING#{rating:05}', GSI2PK: 'HANDLE#{handle}', GSI3PK: 'H#{handle}' },
    }),
  ],
});

describe('estimateEntitySize', () => {
  const average = estimateEntitySize(profile, 'Player');
  const max = estimateEntitySize(profile, 'Player', 'max');

  it('counts each attribute as its name bytes plus its value bytes by declared type', () => {
    expect(bytesOf(average, 'playerId')).toBe(utf8ByteLength('playerId') + Math.ceil((4 + 12) / 2));
    expect(bytesOf(max, 'playerId')).toBe(utf8ByteLength('playerId') + 12);
    // No minLength: 1..21 characters, midpoint 11.
    expect(bytesOf(average, 'handle')).toBe(utf8ByteLength('handle') + 11);
    expect(bytesOf(average, 'createdAt')).toBe(utf8ByteLength('createdAt') + 20);
    expect(bytesOf(average, 'seenAt')).toBe(utf8ByteLength('seenAt') + numberSize('1782218096'));
    expect(bytesOf(average, 'token')).toBe(utf8ByteLength('token') + 36);
    expect(bytesOf(average, 'active')).toBe(utf8ByteLength('active') + 1);
    expect(bytesOf(average, 'settings')).toBe(utf8ByteLength('settings') + 300);
    // enum: the value nearest the mean length (eu/us/apac: mean 2.67 → a 2-letter value); max: the longest.
    expect(bytesOf(average, 'region')).toBe(utf8ByteLength('region') + 2);
    expect(bytesOf(max, 'region')).toBe(utf8ByteLength('region') + 4);
  });

  it('sizes a number from its declared range, a round midpoint read as a typical value', () => {
    // Midpoint 50000 would be 2 bytes; a typical 5-digit value (51111) is 4, as is the max 99999.
    expect(bytesOf(average, 'rating')).toBe(utf8ByteLength('rating') + numberSize('51111'));
    expect(bytesOf(max, 'rating')).toBe(utf8ByteLength('rating') + numberSize('99999'));
  });

  it('expands key templates: literal bytes plus field bytes', () => {
    expect(bytesOf(average, 'PK')).toBe(2 + utf8ByteLength('PLAYER#') + 8);
    expect(bytesOf(average, 'SK')).toBe(2 + utf8ByteLength('PROFILE'));
    expect(bytesOf(average, 'GSI1SK')).toBe(6 + utf8ByteLength('RATING#') + 5);
  });

  it('totals the attributes, and max is never smaller than average', () => {
    expect(average.bytes).toBe(average.attributes.reduce((sum, row) => sum + row.bytes, 0));
    expect(max.bytes).toBeGreaterThan(average.bytes);
  });

  it('projects an index entry: ALL is the item, KEYS_ONLY the table and index keys, INCLUDE adds the named attributes', () => {
    expect(projectedSize(profile, 'Player', 'Everything')).toBe(average.bytes);
    const keys = ['PK', 'SK'].map((name) => bytesOf(average, name)!).reduce((a, b) => a + b, 0);
    expect(projectedSize(profile, 'Player', 'KeysOnly')).toBe(keys + bytesOf(average, 'GSI2PK')!);
    expect(projectedSize(profile, 'Player', 'WithHandle')).toBe(keys + bytesOf(average, 'GSI3PK')! + bytesOf(average, 'handle')!);
  });

  it('sizes any declared string length range at its midpoint and maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 500 }), (minLength, extra) => {
        const maxLength = minLength + extra;
        const one = model({ entities: [entity({ name: 'Note', attributes: [attribute('text', 'string', { minLength, maxLength })], keys: {} })] });
        expect(estimateEntitySize(one, 'Note').bytes).toBe(4 + Math.ceil((minLength + maxLength) / 2));
        expect(estimateEntitySize(one, 'Note', 'max').bytes).toBe(4 + maxLength);
      }),
    );
  });

  it('names an unknown entity or index', () => {
    expect(() => estimateEntitySize(profile, 'Nobody')).toThrow(/Nobody/);
    expect(() => projectedSize(profile, 'Player', 'Missing')).toThrow(/Missing/);
  });
});
