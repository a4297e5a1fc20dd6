/** Content codings on their own: decoding request bodies within a limit, choosing a response coding. */
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeRequestBody, encodeResponseBody, responseCoding } from '../../src/wire/content-encoding.js';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('decodeRequestBody', () => {
  it('undoes gzip, deflate and a chain of them, last applied first', () => {
    const json = '{"TableName":"t"}';
    const gzip = decodeRequestBody('gzip', gzipSync(json), 1000);
    expect(gzip.ok && text(gzip.bytes)).toBe(json);
    const chain = decodeRequestBody('deflate, GZIP', gzipSync(deflateSync(json)), 1000);
    expect(chain.ok && text(chain.bytes)).toBe(json);
    const identity = decodeRequestBody('identity', Buffer.from(json), 1000);
    expect(identity.ok && text(identity.bytes)).toBe(json);
  });

  it('stops at the limit of decompressed bytes', () => {
    const body = gzipSync(Buffer.alloc(10_000));
    expect(decodeRequestBody('gzip', body, 9_999)).toEqual({ ok: false, problem: 'too-large' });
    expect(decodeRequestBody('gzip', body, 10_000).ok).toBe(true);
  });

  it('names an unsupported or corrupt coding', () => {
    expect(decodeRequestBody('br', Buffer.from('x'), 100)).toEqual({ ok: false, problem: 'unsupported', coding: 'br' });
    expect(decodeRequestBody('gzip, compress', Buffer.from('x'), 100)).toEqual({ ok: false, problem: 'unsupported', coding: 'compress' });
    expect(decodeRequestBody('deflate', Buffer.from('not deflate'), 100)).toEqual({ ok: false, problem: 'corrupt', coding: 'deflate' });
    // A gzip stream cut short is corrupt too.
    expect(decodeRequestBody('gzip', gzipSync('{"a":1}').subarray(0, 12), 100)).toMatchObject({ ok: false, problem: 'corrupt' });
  });
});

describe('responseCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['br', undefined],
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['deflate, gzip', 'gzip'],
    ['gzip;q=0.5, deflate', 'deflate'],
    ['gzip;q=0, deflate;q=0', undefined],
    ['*', 'gzip'],
    ['*;q=0, deflate', 'deflate'],
    ['GZip ; q=1', 'gzip'],
  ])('Accept-Encoding %j → %j', (accept, expected) => {
    expect(responseCoding(accept)).toBe(expected);
  });

  it('compresses a body that decodes back to itself', () => {
    const body = Buffer.from('{"Items":[]}'.repeat(100));
    for (const coding of ['gzip', 'deflate'] as const) {
      const decoded = decodeRequestBody(coding, encodeResponseBody(coding, body), body.length);
      expect(decoded.ok && text(decoded.bytes)).toBe(body.toString());
    }
  });
});
