import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_SAMPLE, readSample } from '../../src/apply/sample-count.js';

describe('readSample', () => {
  it('reads a whole number up to the limit, an empty field as none', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_SAMPLE }), (n) => {
        expect(readSample(` ${n} `)).toEqual({ ok: true, value: n });
      }),
    );
    expect(readSample('')).toEqual({ ok: true, value: 0 });
  });

  it('says why anything else is refused', () => {
    expect(readSample('1.5')).toEqual({ ok: false, message: 'a whole number of items, such as 100' });
    expect(readSample('-3')).toMatchObject({ ok: false });
    expect(readSample('ten')).toMatchObject({ ok: false });
    expect(readSample(String(MAX_SAMPLE + 1))).toEqual({ ok: false, message: 'at most 100,000 here; load more with dynotable apply' });
  });
});
