/** The minimal update, for random items of every type: it turns the stored item into exactly the edited one, touching only what differs. */
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { attributeValuesEqual, itemToWire, validateItem, type Item } from '@dynotable/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemArbitrary } from '../../../core/test/support/arbitraries-values.js';
import { createHarness, itemsPath, tablesPath } from './harness.js';

const KEY: Item = { PK: { S: 'P' }, SK: { S: 'S' } };
const attributes = itemArbitrary().map((item) => Object.fromEntries(Object.entries(item).filter(([name]) => name !== 'PK' && name !== 'SK')) as Item);

function sameItem(a: Item, b: Item): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && attributeValuesEqual(a[name]!, b[name]!));
}

describe('minimal update', () => {
  it('writes exactly the edit, and only the attributes that differ', async () => {
    const h = createHarness();
    await h.call('POST', tablesPath, { name: 'props', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } });
    await fc.assert(
      fc.asyncProperty(attributes, attributes, fc.array(fc.boolean(), { maxLength: 8 }), async (loaded, added, keep) => {
        const before = validateItem({ ...loaded, ...KEY });
        const kept = Object.entries(before).filter(([name], i) => name === 'PK' || name === 'SK' || keep[i % Math.max(keep.length, 1)] !== false);
        const after = validateItem({ ...Object.fromEntries(kept), ...added, ...KEY });
        await h.client.send(new PutItemCommand({ TableName: 'props', Item: before as never }));
        const result = await h.call<{ changed: string[] }>('POST', `${itemsPath('props')}/update`, {
          key: itemToWire(KEY),
          before: itemToWire(before),
          after: itemToWire(after),
        });
        const names = new Set([...Object.keys(before), ...Object.keys(after)]);
        const differing = [...names].filter((name) => !(Object.hasOwn(before, name) && Object.hasOwn(after, name) && attributeValuesEqual(before[name]!, after[name]!)));
        expect(result.changed.sort()).toEqual(differing.sort());
        const stored = (await h.client.send(new GetItemCommand({ TableName: 'props', Key: KEY as never, ConsistentRead: true }))).Item as Item;
        expect(sameItem(stored, after)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });
});
