import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFriendly, encodeBase64 } from '@dynotable/core';
import { friendlyLiteral, literalList, numberLiteral, rawLiteral } from '../../src/workbench/literal-text.js';

function valueOf(literal: string): unknown {
  const request = compileFriendly({ filter: `x = ${literal}` });
  return request.ExpressionAttributeValues?.[':v0'];
}

describe('friendlyLiteral', () => {
  it('quotes and escapes any string so it reads back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const built = friendlyLiteral('S', text);
        expect(built.ok).toBe(true);
        if (built.ok) expect(valueOf(built.text)).toEqual({ S: text });
      }),
    );
  });

  it('keeps numbers exactly as typed, 38 digits included', () => {
    for (const typed of ['12345678901234567890123456789012345678', '-0.000100', '1.50E+3', ' 7 ']) {
      const built = numberLiteral(typed);
      expect(built).toEqual({ ok: true, text: typed.trim() });
      if (built.ok) expect(valueOf(built.text)).toEqual({ N: typed.trim() });
    }
  });

  it("refuses what is not a number, with DynamoDB's message", () => {
    expect(numberLiteral('12 OR y = 1')).toEqual({ ok: false, message: 'A value provided cannot be converted into a number' });
    expect(numberLiteral('abc').ok).toBe(false);
    expect(numberLiteral('123456789012345678901234567890123456789')).toEqual({
      ok: false,
      message: 'Attempting to store more than 38 significant digits in a Number',
    });
  });

  it('writes binary as b64"…" and refuses bad base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const built = friendlyLiteral('B', encodeBase64(bytes));
        expect(built.ok).toBe(true);
        if (built.ok) expect(valueOf(built.text)).toEqual({ B: bytes });
      }),
    );
    expect(friendlyLiteral('B', 'not base64!').ok).toBe(false);
  });

  it('reads booleans and null', () => {
    expect(friendlyLiteral('BOOL', 'TRUE')).toEqual({ ok: true, text: 'true' });
    expect(friendlyLiteral('BOOL', 'yes').ok).toBe(false);
    expect(friendlyLiteral('NULL', 'anything')).toEqual({ ok: true, text: 'null' });
  });

  it('accepts a hand-written literal only when it is one value', () => {
    expect(rawLiteral('[1, "a", {"k": <<1, 2>>}]')).toEqual({ ok: true, text: '[1, "a", {"k": <<1, 2>>}]' });
    expect(rawLiteral('1 OR y = 2').ok).toBe(false);
    expect(rawLiteral('"unterminated').ok).toBe(false);
    expect(rawLiteral('').ok).toBe(false);
  });
});

describe('literalList', () => {
  it('types each comma-separated value', () => {
    expect(literalList('N', '1, 2.50,3')).toEqual({ ok: true, text: '1, 2.50, 3' });
    expect(literalList('S', 'open, closed')).toEqual({ ok: true, text: '"open", "closed"' });
    expect(literalList('N', '1, x').ok).toBe(false);
  });

  it('takes hand-written literals as a whole', () => {
    expect(literalList('literal', '"a,b", [1, 2]')).toEqual({ ok: true, text: '"a,b", [1, 2]' });
    expect(literalList('literal', '1) OR (x = 1').ok).toBe(false);
  });
});
