/**
 * Query order and key conditions, checked against core's comparator: for
 * random sort keys (S with non-ASCII and astral characters and NULs, N with
 * negatives and 38 digits, B with 0x00 and 0xFF bytes) and a random sort key
 * condition, a Query returns exactly the matching items in DynamoDB's order.
 */
import { attributeValueFromWire, compareScalars, encodeBase64, type AttributeValue } from '@dynotable/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newEngine, put, simpleTable, type Wire } from './support.js';

type SortType = 'S' | 'N' | 'B';

const codePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCodePoint(c));
const stringKey = fc.string({
  unit: fc.oneof(fc.constantFrom('a', 'b', '\u0000', 'é', '\uffff', '😀', '\ud7ff', '\ue000'), codePoint),
  minLength: 1,
  maxLength: 4,
});
const utf8 = new TextEncoder();

function startsWithBytes(value: Uint8Array, prefix: Uint8Array): boolean {
  return value.length >= prefix.length && prefix.every((byte, i) => value[i] === byte);
}
const numberKey = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom('-0.5', '0.5', '-1E-10', '1E+125', '-1E+125', '12345678901234567890123456789012345678', '-12345678901234567890123456789012345678', '0.00000000000000000000000000000000000001', '-9.9', '-10', '99', '100'),
  fc.tuple(fc.integer({ min: -99999, max: 99999 }), fc.integer({ min: 1, max: 9999 })).map(([i, f]) => `${i}.${f}`),
);
const binaryKey = fc.uint8Array({ minLength: 1, maxLength: 4 }).map((bytes) => encodeBase64(bytes));

function keyArbitrary(type: SortType): fc.Arbitrary<Wire> {
  if (type === 'S') return stringKey.map((S) => ({ S }));
  if (type === 'N') return numberKey.map((N) => ({ N }));
  return binaryKey.map((B) => ({ B }));
}

const OPERATORS = ['=', '<', '<=', '>', '>=', 'BETWEEN', 'begins_with'] as const;
type Operator = (typeof OPERATORS)[number];

function matches(value: AttributeValue, operator: Operator, a: AttributeValue, b: AttributeValue): boolean {
  const c = compareScalars(value, a)!;
  switch (operator) {
    case '=':
      return c === 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case 'BETWEEN':
      return c >= 0 && compareScalars(value, b)! <= 0;
    case 'begins_with':
      if ('S' in value && 'S' in a) return startsWithBytes(utf8.encode(value.S), utf8.encode(a.S));
      if ('B' in value && 'B' in a) return startsWithBytes(value.B, a.B);
      return false;
  }
}

function condition(operator: Operator): string {
  if (operator === 'BETWEEN') return 'pk = :p AND sk BETWEEN :a AND :b';
  if (operator === 'begins_with') return 'pk = :p AND begins_with(sk, :a)';
  return `pk = :p AND sk ${operator} :a`;
}

describe('Query sort order and key conditions', () => {
  for (const type of ['S', 'N', 'B'] as const) {
    it(`returns exactly the matching ${type} keys in order, forward and backward`, () => {
      const operators = type === 'N' ? OPERATORS.filter((o) => o !== 'begins_with') : OPERATORS;
      fc.assert(
        fc.property(
          fc.uniqueArray(keyArbitrary(type), { minLength: 0, maxLength: 25, selector: (k) => JSON.stringify(k) }),
          keyArbitrary(type),
          keyArbitrary(type),
          fc.constantFrom(...operators),
          fc.boolean(),
          (keys, x, y, operator, forward) => {
            const engine = newEngine();
            simpleTable(engine, 'ordered', type);
            // Numbers equal in value (1 and 1.0) are one key; keep the first.
            const distinct: Wire[] = [];
            for (const key of keys) {
              const value = attributeValueFromWire(key);
              if (!distinct.some((d) => compareScalars(attributeValueFromWire(d), value) === 0)) distinct.push(key);
            }
            for (const key of distinct) put(engine, 'ordered', { pk: { S: 'p' }, sk: key, other: { S: 'in partition' } });
            put(engine, 'ordered', { pk: { S: 'q' }, sk: keys[0] ?? x });
            let [a, b] = [attributeValueFromWire(x), attributeValueFromWire(y)];
            let [wa, wb] = [x, y];
            if (operator === 'BETWEEN' && compareScalars(a, b)! > 0) [a, b, wa, wb] = [b, a, y, x];
            const values: Wire = { ':p': { S: 'p' }, ':a': wa };
            if (operator === 'BETWEEN') values[':b'] = wb;
            const output = engine.execute('Query', {
              TableName: 'ordered',
              KeyConditionExpression: condition(operator),
              ExpressionAttributeValues: values,
              ScanIndexForward: forward,
            });
            const expected = distinct
              .map((key) => attributeValueFromWire(key))
              .filter((value) => matches(value, operator, a, b))
              .sort((l, r) => compareScalars(l, r)! * (forward ? 1 : -1));
            const returned = (output.Items as Wire[]).map((item) => attributeValueFromWire(item.sk));
            expect(returned.length).toBe(expected.length);
            returned.forEach((value, i) => expect(compareScalars(value, expected[i]!)).toBe(0));
            expect(output.Count).toBe(expected.length);
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('orders strings by UTF-8 bytes, not UTF-16 units', () => {
    const engine = newEngine();
    simpleTable(engine, 'utf8', 'S');
    // U+FFFF is 0xEF 0xBF 0xBF; U+1F600 is 0xF0 …: the astral character sorts last, though its UTF-16 form (0xD83D…) is smaller.
    for (const sk of ['😀', '\uffff', 'z', 'é', 'A']) put(engine, 'utf8', { pk: { S: 'p' }, sk: { S: sk } });
    const output = engine.execute('Query', {
      TableName: 'utf8',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'p' } },
    });
    expect((output.Items as Wire[]).map((item) => (item.sk as { S: string }).S)).toEqual(['A', 'z', 'é', '\uffff', '😀']);
  });

  it('orders numbers numerically, negatives and 38 digits included', () => {
    const engine = newEngine();
    simpleTable(engine, 'numbers', 'N');
    const numbers = ['-99999999999999999999999999999999999999', '-10', '-9.5', '-0.001', '0', '0.001', '2', '10', '99999999999999999999999999999999999999'];
    for (const n of [...numbers].reverse()) put(engine, 'numbers', { pk: { S: 'p' }, sk: { N: n } });
    const output = engine.execute('Query', {
      TableName: 'numbers',
      KeyConditionExpression: 'pk = :p AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: { ':p': { S: 'p' }, ':low': { N: '-10' }, ':high': { N: '10' } },
      ScanIndexForward: false,
    });
    expect((output.Items as Wire[]).map((item) => (item.sk as { N: string }).N)).toEqual(['10', '2', '0.001', '0', '-0.001', '-9.5', '-10']);
  });
});
