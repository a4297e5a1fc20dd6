import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { materializeOutput, outputToJson, outputToWire, RawJson } from '../../src/output/raw-json.js';

const json = fc.jsonValue({ maxDepth: 3 });
/** A wire item's JSON text, as stores keep it. */
const itemText = fc.dictionary(fc.string(), fc.record({ S: fc.string() }), { maxKeys: 3 }).map((item) => JSON.stringify(item));

/** An output with items as text where operations put them, plus ordinary members around them. */
const output = fc.record(
  {
    Item: itemText.map((text) => new RawJson(text)),
    Items: fc.array(fc.oneof(itemText.map((text) => new RawJson(text)), fc.dictionary(fc.string(), json, { maxKeys: 2 })), { maxLength: 4 }),
    Responses: fc.oneof(
      fc.dictionary(fc.string(), fc.array(itemText.map((text) => new RawJson(text)), { maxLength: 3 }), { maxKeys: 2 }),
      fc.array(fc.oneof(fc.constant({}), itemText.map((text) => ({ Item: new RawJson(text) }))), { maxLength: 3 }),
    ),
    Count: fc.integer(),
    Other: json,
    Missing: fc.constant(undefined),
  },
  { requiredKeys: [] },
);

/** The same output with every RawJson already parsed, built independently. */
function parsed(value: unknown): unknown {
  if (value instanceof RawJson) return JSON.parse(value.text);
  if (Array.isArray(value)) return value.map(parsed);
  if (typeof value === 'object' && value !== null) {
    const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
    for (const [name, member] of Object.entries(value)) {
      Object.defineProperty(copy, name, { value: parsed(member), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }
  return value;
}

describe('raw JSON items in outputs', () => {
  it('serialises to the exact text JSON.stringify gives the parsed output', () => {
    fc.assert(
      fc.property(output, (value) => {
        expect(outputToJson(value)).toBe(JSON.stringify(parsed(value)));
      }),
    );
  });

  it('goes to the wire as the same text, or its exact UTF-8 bytes when it is large', () => {
    fc.assert(
      fc.property(output, (value) => {
        const wire = outputToWire(value);
        expect(Buffer.from(typeof wire === 'string' ? wire : Buffer.from(wire)).equals(Buffer.from(JSON.stringify(parsed(value))))).toBe(true);
      }),
    );
    // A page of thousands of items, mostly ASCII with some wider characters (two, three and four bytes each).
    const texts = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ k: { S: i % 7 === 0 ? `é€😀${'x'.repeat(i % 50)}` : 'x'.repeat(40) } }));
    const page = { Items: texts.map((text) => new RawJson(text)), Count: texts.length, LastEvaluatedKey: { k: { S: 'ü' } } };
    const wire = outputToWire(page);
    expect(typeof wire).not.toBe('string');
    expect(Buffer.from(wire as Uint8Array).equals(Buffer.from(JSON.stringify(parsed(page))))).toBe(true);
    // A Query-sized page (tens of kilobytes) is joined and encoded at once: the same bytes.
    const mid = { Items: texts.slice(0, 300).map((text) => new RawJson(text)), Count: 300 };
    const midWire = outputToWire(mid);
    expect(typeof midWire).not.toBe('string');
    expect(Buffer.from(midWire as Uint8Array).equals(Buffer.from(JSON.stringify(parsed(mid))))).toBe(true);
    // Wide characters from the first piece on: the room guessed at first is outgrown.
    const wide = { Items: Array.from({ length: 2000 }, () => new RawJson(JSON.stringify({ k: { S: '😀'.repeat(20) } }))) };
    expect(Buffer.from(outputToWire(wide) as Uint8Array).equals(Buffer.from(JSON.stringify(parsed(wide))))).toBe(true);
  });

  it('materialises to the parsed output, in place', () => {
    fc.assert(
      fc.property(output, (value) => {
        const expected = parsed(value);
        expect(materializeOutput(value)).toStrictEqual(expected);
        expect(JSON.stringify(value)).toBe(JSON.stringify(expected));
      }),
    );
  });

  it('keeps a table named __proto__ an ordinary member', () => {
    const value: Record<string, unknown> = {};
    Object.defineProperty(value, '__proto__', { value: [new RawJson('{"a":{"S":"x"}}')], enumerable: true, writable: true, configurable: true });
    expect(outputToJson(value)).toBe('{"__proto__":[{"a":{"S":"x"}}]}');
    const out = materializeOutput({ Responses: value });
    expect(Object.hasOwn(out.Responses as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out.Responses)).toBe(Object.prototype);
  });
});
