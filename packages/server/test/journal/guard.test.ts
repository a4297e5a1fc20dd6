import { expr, itemFromWire, printCondition, utf8ByteLength, type WireItem } from '@dynotable/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalsGuard, fitsDynamoDb } from '../../src/journal/guard.js';
import { createJournalHarness, createTable, itemsPath, undo } from './support.js';

const KEYS = ['PK', 'SK'];

function wide(attributes: number, value = 'v'): WireItem {
  const item: WireItem = { PK: { S: 'w' }, SK: { S: 'A' } };
  for (let n = 0; n < attributes; n++) item[`attribute_${n}`] = { S: `${value}${n}` };
  return item;
}

describe('the undo guard', () => {
  it('compares every attribute while the condition fits DynamoDB, and always fits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (attributes, changed) => {
        const after = itemFromWire(wide(attributes));
        const before = itemFromWire({ ...wide(attributes), ...(changed < attributes ? { [`attribute_${changed}`]: { S: 'old' } } : {}) });
        const guard = equalsGuard(after, before, KEYS);
        expect(fitsDynamoDb(guard.condition)).toBe(true);
        const text = printCondition(guard.condition).ConditionExpression!;
        expect(utf8ByteLength(text)).toBeLessThanOrEqual(4096);
        const full = expr.and(expr.path('PK').exists(), ...Object.keys(after).filter((n) => !KEYS.includes(n)).map((n) => expr.path(n).eq(expr.value(after[n]!))));
        expect(guard.kind === 'every-attribute').toBe(fitsDynamoDb(full));
        if (guard.kind === 'changed-attributes') expect(text).toContain('attribute_exists');
      }),
      { numRuns: 60 },
    );
  });

  it('falls back for a wide item, says so, and still undoes it', async () => {
    const h = createJournalHarness();
    await createTable(h, 'wide');
    const items = itemsPath('wide');
    await h.call('POST', `${items}/put`, { Item: wide(200) });
    const loaded = (await h.item('wide', { PK: { S: 'w' }, SK: { S: 'A' } }))!;
    await h.call('POST', `${items}/update`, { key: { PK: { S: 'w' }, SK: { S: 'A' } }, before: loaded, after: { ...loaded, attribute_7: { S: 'edited' } } });
    const updateUndo = await undo(h, { last: 1 });
    expect(updateUndo.operations[0]!.items[0]!.guard).toBe('changed-attributes');
    expect(await h.item('wide', { PK: { S: 'w' }, SK: { S: 'A' } })).toEqual(loaded);
    const putUndo = await undo(h, { last: 1 });
    expect(putUndo.operations[0]!.items[0]!.guard).toBe('exists');
    expect(await h.count('wide')).toBe(0);
  });

  it('writes item by item beyond one transaction (120 items), reporting each', async () => {
    const h = createJournalHarness();
    await createTable(h, 'many');
    const items = itemsPath('many');
    const keys = Array.from({ length: 120 }, (_, n) => ({ PK: { S: `k${n}` }, SK: { S: 'A' } }));
    for (const key of keys) await h.call('POST', `${items}/put`, { Item: { ...key, n: { N: '1' } } });
    await h.call('POST', `${items}/batch-delete`, { keys });
    const answer = await undo(h, { last: 1 });
    expect(answer.operations[0]).toMatchObject({ outcome: 'reverted', reverted: 120 });
    expect(answer.operations[0]!.items.every((item) => item.status === 'reverted')).toBe(true);
    expect(await h.count('many')).toBe(120);
  });
});
