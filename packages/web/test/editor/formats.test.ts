import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFromPlainText, plainItemText } from '../../src/workbench/editor/plain-json.js';
import { itemFromTypedText, typedItemText } from '../../src/workbench/editor/typed-json.js';
import { readEditedItem, switchMode } from '../../src/workbench/editor/edited-item.js';
import { item } from './arbitraries.js';

const KEYS = [{ name: 'PK', type: 'S' as const }];

describe('plain JSON and DynamoDB JSON, both lossless', () => {
  it('reads back every item written as plain JSON, exactly (numbers as typed, sets, binary, tag-named maps)', () => {
    fc.assert(
      fc.property(item, (wire) => {
        expect(itemFromPlainText(plainItemText(wire))).toEqual(wire);
      }),
    );
  });

  it('reads back every item written as DynamoDB JSON, exactly', () => {
    fc.assert(
      fc.property(item, (wire) => {
        expect(itemFromTypedText(typedItemText(wire))).toEqual(wire);
      }),
    );
  });

  it('switches plain → typed → plain to the same text', () => {
    fc.assert(
      fc.property(item, (wire) => {
        const plain = plainItemText(wire);
        const typed = switchMode(plain, 'plain', 'typed');
        expect(typed.ok).toBe(true);
        if (!typed.ok) return;
        expect(typed.text).toBe(typedItemText(wire));
        const back = switchMode(typed.text, 'typed', 'plain');
        expect(back).toEqual({ ok: true, text: plain });
      }),
    );
  });

  it('keeps a 38-digit number and trailing zeros exactly as typed', () => {
    const wire = itemFromPlainText('{"PK": "a", "n": 12345678901234567890123456789012345678, "price": 12.50, "tiny": -1.5E-120}');
    expect(wire['n']).toEqual({ N: '12345678901234567890123456789012345678' });
    expect(wire['price']).toEqual({ N: '12.50' });
    expect(wire['tiny']).toEqual({ N: '-1.5E-120' });
    expect(plainItemText(wire)).toContain('"n": 12345678901234567890123456789012345678');
  });

  it('reads the set and binary notation of plain JSON', () => {
    const wire = itemFromPlainText('{"PK": "a", "tags": {"$SS": ["x", "y"]}, "ns": {"$NS": [1, 2.5]}, "b": {"$B": "AAEC"}, "bs": {"$BS": ["AQ=="]}, "m": {"$M": {"$B": "text"}}}');
    expect(wire).toEqual({
      PK: { S: 'a' },
      tags: { SS: ['x', 'y'] },
      ns: { NS: ['1', '2.5'] },
      b: { B: 'AAEC' },
      bs: { BS: ['AQ=='] },
      m: { M: { $B: { S: 'text' } } },
    });
  });

  it('writes a map with one tag-named member inside $M, and one with more members as it is', () => {
    const wrapped = plainItemText({ PK: { S: 'a' }, m: { M: { $SS: { S: 'x' } } } });
    expect(wrapped).toBe('{\n  "PK": "a",\n  "m": {\n    "$M": {\n      "$SS": "x"\n    }\n  }\n}');
    expect(plainItemText({ PK: { S: 'a' }, m: { M: { $SS: { S: 'x' }, other: { N: '1' } } } })).not.toContain('$M');
  });
});

describe('errors name the path and say what to do', () => {
  const problem = (text: string, mode: 'plain' | 'typed' = 'plain') => {
    const outcome = readEditedItem(text, mode, KEYS);
    if (outcome.ok) throw new Error('expected a problem');
    return outcome.problem;
  };

  it('points at a trailing comma with its line and column', () => {
    const found = problem('{\n  "PK": "a",\n  "tags": ["x",]\n}');
    expect(found.path).toBe('tags');
    expect(found.where).toBe('line 3, column 15');
    expect(problem('{"PK": "a",}').message).toMatch(/trailing comma/);
    expect(found.message).toMatch(/trailing comma/);
  });

  it('gives DynamoDB’s message for a set with duplicates, at the set', () => {
    const found = problem('{"PK": "a", "info": {"tags": {"$SS": ["x", "x"]}}}');
    expect(found.path).toBe('info.tags');
    expect(found.message).toMatch(/Input collection \[x, x\] contains duplicates|duplicates/);
  });

  it('refuses a 39-digit number with DynamoDB’s message', () => {
    const found = problem('{"PK": "a", "list": [1, 123456789012345678901234567890123456789]}');
    expect(found.path).toBe('list[1]');
    expect(found.message).toMatch(/significant digits|38/);
  });

  it('says an N in DynamoDB JSON takes a string', () => {
    const found = problem('{"PK": {"S": "a"}, "n": {"N": 5}}', 'typed');
    expect(found.path).toBe('n');
    expect(found.message).toContain('{"N": "12.5"}');
  });

  it('says a plain value in DynamoDB JSON mode is not typed', () => {
    expect(problem('{"PK": {"S": "a"}, "n": 5}', 'typed').message).toMatch(/exactly one type/);
    expect(problem('{"PK": {"S": "a"}, "n": {"Q": "5"}}', 'typed').message).toMatch(/"Q" is not a DynamoDB type/);
  });

  it('asks for a missing or mistyped key attribute', () => {
    expect(problem('{"SK": "a"}')).toMatchObject({ path: 'PK', message: expect.stringMatching(/partition key is missing; add "PK": "…"/) as unknown });
    expect(problem('{"PK": 5}').message).toMatch(/partition key is a string \(S\), this value is N/);
    expect(problem('{"PK": ""}').message).toMatch(/cannot contain an empty string value. Key: PK/);
  });

  it('refuses duplicate names and non-JSON numbers', () => {
    expect(problem('{"PK": "a", "x": 1, "x": 2}').message).toMatch(/appears twice/);
    expect(problem('{"PK": "a", "x": .5}').message).toMatch(/expected a value|not a JSON number/);
    expect(problem('{"PK": "a", "x": 01}').message).toMatch(/not a JSON number/);
  });

  it('refuses to switch the format while the text does not read, keeping the text', () => {
    const switched = switchMode('{"PK": "a", ', 'plain', 'typed');
    expect(switched.ok).toBe(false);
  });

  it('reports the size of a valid item', () => {
    const outcome = readEditedItem('{"PK": "abc", "n": 1}', 'plain', KEYS);
    // PK: 2 + 3; n: 1 + number (1 byte + 1) = 2 → 5 + 3
    expect(outcome).toMatchObject({ ok: true, size: 8 });
  });
});

describe('the size shown as you type', () => {
  it('is known while only the key is still wrong, and over 400 KB the item is refused with its size', () => {
    const missingKey = readEditedItem('{"SK": "abc"}', 'plain', KEYS);
    expect(missingKey).toMatchObject({ ok: false, size: 5 });
    const huge = readEditedItem(`{"PK": "a", "blob": "${'x'.repeat(400 * 1024)}"}`, 'plain', KEYS);
    expect(huge.ok).toBe(false);
    if (huge.ok) return;
    expect(huge.problem.message).toMatch(/^Item size has exceeded the maximum allowed size/);
    expect(huge.size).toBe(2 + 1 + 4 + 400 * 1024);
  });
});
