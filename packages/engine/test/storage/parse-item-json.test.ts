import fc from 'fast-check';
import type { Item } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { attributeValueArbitrary, itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { itemToWireJson } from '../../src/storage/item-codec.js';
import { parseItemJson } from '../../src/storage/parse-item-json.js';

/** Names that are special to JavaScript or look like the text's own structure. */
const trickyName = fc.constantFrom('__proto__', 'toJSON', 'constructor', '1', '0', 'S', '"', '\\', '{"S":"x"}', '', 'é😀');

const trickyItem: fc.Arbitrary<Item> = fc
  .tuple(itemArbitrary(), fc.array(fc.tuple(trickyName, attributeValueArbitrary({ maxDepth: 3 })), { maxLength: 4 }))
  .map(([item, extra]) => {
    for (const [name, value] of extra) Object.defineProperty(item, name, { value, enumerable: true, writable: true, configurable: true });
    return item;
  });

/**
 * Where `actual` first differs from JSON.parse's `expected` (undefined when nowhere): the same own,
 * enumerable, writable members in the same order, the same prototypes, the same scalars, at every level.
 * (Not toStrictEqual: it reads a member named `constructor` as the class.)
 */
function difference(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (typeof expected !== 'object' || expected === null) return Object.is(actual, expected) ? undefined : path;
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual) !== Array.isArray(expected)) return path;
  if (Object.getPrototypeOf(actual) !== Object.getPrototypeOf(expected)) return `${path} (prototype)`;
  const names = Object.keys(expected);
  if (Object.keys(actual).join('\u0000') !== names.join('\u0000')) return `${path} (members)`;
  for (const name of names) {
    const member = Object.getOwnPropertyDescriptor(actual, name);
    if (member?.writable !== true || member.configurable !== true) return `${path}.${name} (not a plain member)`;
    const found = difference(member.value, (expected as Record<string, unknown>)[name], `${path}.${name}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function expectSameAsJsonParse(text: string): void {
  expect(difference(parseItemJson(text), JSON.parse(text)), text).toBeUndefined();
}

describe('parseItemJson', () => {
  it("parses any item's stored text as JSON.parse does (fixed seed)", () => {
    fc.assert(
      fc.property(trickyItem, (item) => expectSameAsJsonParse(itemToWireJson(item))),
      { seed: 19, numRuns: 200 },
    );
  });

  it('parses text without escapes, the text it reads itself, as JSON.parse does (fixed seed)', () => {
    // Each escape (all inside strings) becomes a plain letter: the same structure, no backslash.
    const plain = trickyItem.map((item) => itemToWireJson(item).replace(/\\(u[0-9a-fA-F]{4}|.)/g, 'q'));
    fc.assert(fc.property(plain, expectSameAsJsonParse), { seed: 19, numRuns: 200 });
  });

  it('reads every type of value, empty containers and a member named __proto__ as an own member', () => {
    const text =
      '{"s":{"S":"a b"},"n":{"N":"-1.5E3"},"b":{"B":"AAE="},"t":{"BOOL":true},"f":{"BOOL":false},"z":{"NULL":true},' +
      '"ss":{"SS":["x","y"]},"ns":{"NS":["1"]},"bs":{"BS":["AA=="]},"l":{"L":[{"S":"in"},{"L":[]},{"M":{}}]},' +
      '"m":{"M":{"__proto__":{"S":"own"},"1":{"N":"1"}}},"e":{"SS":[]},"":{"S":""}}';
    expectSameAsJsonParse(text);
    const parsed = parseItemJson(text) as Record<string, { M: Record<string, unknown> }>;
    expect(Object.getPrototypeOf(parsed.m!.M)).toBe(Object.prototype);
    expect(Object.keys(parsed.m!.M)).toEqual(['1', '__proto__']);
    expect(parsed.m!.M['__proto__']).toEqual({ S: 'own' });
  });

  it('gives what JSON.parse gives for text of another shape: escapes, whitespace, numbers, other members', () => {
    for (const text of [
      '{"s":{"S":"quote \\" and \\\\ and \\u00e9"}}',
      '{ "s" : { "S" : "spaced" } }',
      '{"n":{"N":1}}',
      '{"x":{"S":"a","N":"1"}}',
      '{"x":{"Q":"unknown type"}}',
      '{"x":{"NULL":null}}',
      '{"x":"bare string"}',
      '{}',
      '[]',
      '"text"',
    ]) {
      expectSameAsJsonParse(text);
    }
  });

  it('refuses text that is not JSON as JSON.parse does', () => {
    for (const text of ['', '{', '{"s":{"S":"unterminated}}', '{"s":{"S":"x"}}trailing', '{"s":{"S":"x"},}']) {
      expect(() => parseItemJson(text), text).toThrow(SyntaxError);
    }
  });

  it('parses nesting deeper than DynamoDB allows (32 levels) like JSON.parse', () => {
    const depth = 200;
    const text = `${'{"m":{"M":'.repeat(depth)}{}${'}}'.repeat(depth)}`;
    expectSameAsJsonParse(text);
  });
});
