/** Strict UTF-8 and bounded JSON depth, shared by the engine's wire protocol and the workbench API. */
import { describe, expect, it } from 'vitest';
import { InvalidUtf8Error, decodeUtf8Strict, firstInvalidUtf8, nestsDeeperThan, tooDeepPath } from '@dynotable/core';

describe('decodeUtf8Strict', () => {
  it('decodes UTF-8, skipping a leading byte-order mark', () => {
    expect(decodeUtf8Strict(Buffer.from('café 日本 😀'))).toBe('café 日本 😀');
    expect(decodeUtf8Strict(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
  });

  it('refuses invalid bytes, naming where the first bad sequence starts, instead of reading U+FFFD', () => {
    const cases: Array<[number[], number]> = [
      [[0x61, 0xe9, 0x62], 1], // Latin-1 é
      [[0x61, 0x62, 0xff], 2],
      [[0xc0, 0xaf], 0], // overlong '/'
      [[0xe0, 0x80, 0xaf], 0], // overlong
      [[0xed, 0xa0, 0x80], 0], // a surrogate, encoded
      [[0xf4, 0x90, 0x80, 0x80], 0], // beyond U+10FFFF
      [[0x61, 0xe6, 0x97], 1], // cut short
      [[0x80], 0], // a continuation byte alone
    ];
    for (const [bytes, offset] of cases) {
      const data = Uint8Array.from(bytes);
      expect(() => decodeUtf8Strict(data)).toThrow(InvalidUtf8Error);
      expect(firstInvalidUtf8(data)).toBe(offset);
      try {
        decodeUtf8Strict(data);
      } catch (error) {
        expect((error as InvalidUtf8Error).offset).toBe(offset);
      }
    }
  });

  it('finds no invalid byte in valid text', () => {
    const bytes = Buffer.from('a é 日 😀 \u{10ffff}');
    expect(firstInvalidUtf8(bytes)).toBe(bytes.length);
  });
});

describe('JSON depth', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('['.repeat(1001), 1000)).toBe(true);
    expect(nestsDeeperThan('['.repeat(1000) + ']'.repeat(1000), 1000)).toBe(false);
    expect(nestsDeeperThan(`"${'['.repeat(5000)}"`, 1000)).toBe(false);
    expect(nestsDeeperThan(`"\\"${'['.repeat(5000)}"`, 1000)).toBe(false);
  });

  it('tooDeepPath walks a parsed value without recursion and says where', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(tooDeepPath(deep, 3)).toBe('a.a.a');
    expect(tooDeepPath({ x: [[1]] }, 3)).toBeUndefined();
    expect(tooDeepPath({ x: [[[1]]] }, 3)).toBe('x[0][0]');
  });
});
