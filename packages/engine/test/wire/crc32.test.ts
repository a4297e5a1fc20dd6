import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, crc32OfText, crc32Table } from '../../src/wire/crc32.js';

const text = (value: string) => new TextEncoder().encode(value);

describe('crc32', () => {
  it.each([
    ['', 0],
    ['123456789', 0xcbf43926],
    ['The quick brown fox jumps over the lazy dog', 0x414fa339],
    // x-amz-crc32 values captured from DynamoDB-compatible servers for these bodies.
    ['healthy: dynamodb.us-east-1.amazonaws.com ', 3128867991],
    ['<UnknownOperationException/>\n', 3552371480],
  ])('of %j is %d', (input, expected) => {
    expect(crc32Table(text(input))).toBe(expected);
    expect(crc32(text(input))).toBe(expected);
  });

  it('is unsigned for every byte string, and the table and the native version agree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const value = crc32Table(bytes);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(0xffffffff);
        expect(crc32(bytes)).toBe(value);
        expect(zlibCrc32(bytes) >>> 0).toBe(value);
      }),
    );
  });

  it('reads a view at its offset, not its whole buffer', () => {
    const whole = text('xx123456789yy');
    expect(crc32Table(whole.subarray(2, 11))).toBe(0xcbf43926);
    expect(crc32(whole.subarray(2, 11))).toBe(0xcbf43926);
  });

  it('of a text is that of its UTF-8 bytes as node writes them, a lone surrogate as U+FFFD', () => {
    expect(crc32OfText('123456789')).toBe(0xcbf43926);
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('\ud800', '\udfff', 'é', '€', '😀'), fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 60 }), (value) => {
        expect(crc32OfText(value)).toBe(crc32Table(Buffer.from(value, 'utf8')));
      }),
      { seed: 19, numRuns: 300 },
    );
  });
});
