/** Cutting a read's JSON text into its items' texts (the embedded engine's fast export path). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemToWire } from '@dynotable/core';
import { createEngine } from '@dynotable/engine';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { PageTextError, splitPageText } from '../../src/transfer/page-text.js';
import { sampleItems } from '../transfer/sample-items.js';
import { createTable, putItems } from './support.js';

describe('splitPageText', () => {
  it('gives each item of Items as its JSON text, and the rest of the output parsed, wherever Items sits', () => {
    const wireItems = fc.array(itemArbitrary().map(itemToWire), { maxLength: 8 });
    const others = fc.record({ Count: fc.nat(), LastEvaluatedKey: fc.option(itemArbitrary().map(itemToWire), { nil: undefined }), Note: fc.string() }, { requiredKeys: ['Count'] });
    fc.assert(
      fc.property(wireItems, others, fc.nat(3), fc.boolean(), (items, rest, position, spaced) => {
        const entries: [string, unknown][] = Object.entries(rest).filter(([, value]) => value !== undefined);
        entries.splice(Math.min(position, entries.length), 0, ['Items', items]);
        const text = JSON.stringify(Object.fromEntries(entries), null, spaced ? 1 : undefined);
        const split = splitPageText(text);
        expect(split.items.map((item) => JSON.parse(item) as unknown)).toEqual(items);
        expect(split.rest).toEqual(JSON.parse(JSON.stringify(rest)));
      }),
      { numRuns: 300 },
    );
  });

  it('handles quotes, backslashes and brackets inside strings', () => {
    const item = { a: { S: 'x"}],\\' }, b: { SS: ['\\"', '{['] } };
    const split = splitPageText(JSON.stringify({ Items: [item, item], Count: 2 }));
    expect(split.items).toEqual([JSON.stringify(item), JSON.stringify(item)]);
    expect(split.rest).toEqual({ Count: 2 });
  });

  it('returns no items when there is no Items member, and refuses what is not an object', () => {
    expect(splitPageText('{"Count":0}')).toEqual({ items: [], rest: { Count: 0 } });
    expect(() => splitPageText('[1]')).toThrow(PageTextError);
    expect(() => splitPageText('{"Items":[{"a":"b}]}')).toThrow(PageTextError);
  });

  it("reads the embedded engine's Scan text as the same items execute returns", () => {
    const engine = createEngine();
    try {
      createTable(engine, 'Things');
      putItems(engine, 'Things', sampleItems(40));
      const input = { TableName: 'Things', Limit: 25, ReturnConsumedCapacity: 'INDEXES' };
      const split = splitPageText(engine.executeToJson!('Scan', input));
      const output = engine.execute('Scan', input);
      expect(split.items.map((item) => JSON.parse(item) as unknown)).toEqual(output['Items']);
      expect(split.rest['LastEvaluatedKey']).toEqual(output['LastEvaluatedKey']);
      expect(split.rest['ConsumedCapacity']).toEqual(output['ConsumedCapacity']);
    } finally {
      engine.close();
    }
  });
});
