import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferKeyTemplate } from '../../src/interchange/key-template-inference.js';
import { compileKeyTemplate } from '../../src/keys/template.js';

const token = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const prefix = fc.stringMatching(/^[A-Z]{1,6}$/);

describe('inferKeyTemplate', () => {
  it('recovers a template whose fields are attributes stored on the item', () => {
    fc.assert(
      fc.property(prefix, prefix, fc.uniqueArray(fc.tuple(token, token), { minLength: 2, maxLength: 6, selector: ([a]) => a }), (first, second, values) => {
        const template = `${first}#{a}#${second}#{b}`;
        const samples = values.map(([a, b]) => ({ key: compileKeyTemplate(template).format({ a, b }), attributes: { a, b } }));
        // Equal a and b in every sample would make either field fit; the first listed wins.
        fc.pre(values.some(([a, b]) => a !== b));
        expect(inferKeyTemplate(samples, 'PK', 'PK')).toEqual({ template, source: 'samples' });
      }),
    );
  });

  it('names the varying part after the alias when no attribute holds it', () => {
    const samples = ['USER#u1', 'USER#u2'].map((key) => ({ key, attributes: {} }));
    expect(inferKeyTemplate(samples, 'userId', 'PK')).toEqual({ template: 'USER#{userId}', source: 'samples' });
    expect(inferKeyTemplate([{ key: 'USER#u1', attributes: {} }], 'userId', 'PK').template).toBe('USER#{userId}');
  });

  it('keeps a constant key only when the alias is the key attribute itself', () => {
    const samples = ['PROFILE', 'PROFILE'].map((key) => ({ key, attributes: {} }));
    expect(inferKeyTemplate(samples, 'SK', 'SK').template).toBe('PROFILE');
    expect(inferKeyTemplate([{ key: 'PROFILE', attributes: {} }], 'kind', 'SK').template).toBe('{kind}');
  });

  it('reads sortable encodings: zero-padded integers (also negative) and ISO timestamps', () => {
    const samples = [
      { key: `R#${compileKeyTemplate('{n:06}').format({ n: 42 })}#T#2026-06-23T10:00:00.120Z`, attributes: { n: '42', at: '2026-06-23T10:00:00.12Z' } },
      { key: `R#${compileKeyTemplate('{n:06}').format({ n: -7 })}#T#2026-01-01T00:00:00.000Z`, attributes: { n: '-7', at: '2026-01-01T00:00:00Z' } },
    ];
    expect(inferKeyTemplate(samples, 'SK', 'SK').template).toBe('R#{n:06}#T#{at:iso-ms}');
  });

  it('falls back to the shared prefix when the parts do not line up, and to the alias with no samples', () => {
    const samples = [
      { key: 'ORDER#1#2', attributes: {} },
      { key: 'ORDER#3#4#5', attributes: {} },
    ];
    expect(inferKeyTemplate(samples, 'orderId', 'PK')).toEqual({ template: 'ORDER#{orderId}', source: 'prefix' });
    expect(inferKeyTemplate([], 'orderId', 'PK')).toEqual({ template: '{orderId}', source: 'alias' });
  });

  it('reads an index key without # as the attribute itself', () => {
    const samples = [
      { key: '12', attributes: { price: '12' } },
      { key: '40', attributes: { price: '40' } },
    ];
    expect(inferKeyTemplate(samples, 'quantity', 'quantity', { plainWhenSingleSegment: true }).template).toBe('{quantity}');
    expect(inferKeyTemplate(samples, 'quantity', 'quantity').template).toBe('{price}');
  });
});
