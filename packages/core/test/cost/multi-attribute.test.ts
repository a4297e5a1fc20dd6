/** Cost with a multi-attribute GSI key: the entry holds every key attribute; an item lacking any one is not in the index. */
import { describe, expect, it } from 'vitest';
import { attributeSize, entityStorage, indexEntry, itemSize, projectedItem, secondaryIndexes, writeUnitsForChange } from '@dynotable/core';
import type { Item } from '@dynotable/core';
import { MULTI_ATTRIBUTE } from '../interchange/fixtures.js';

const table = MULTI_ATTRIBUTE.tables[0]!;
const [gsi1] = secondaryIndexes(table);

const ticket: Item = {
  PK: { S: 'TICKET#1' },
  ticketId: { S: '1' },
  tenantId: { S: 'acme' },
  teamId: { S: '7' },
  status: { S: 'open' },
  priority: { N: '2' },
  title: { S: 'x'.repeat(100) },
};

describe('a multi-attribute GSI key in the cost model', () => {
  it('is the index entry only with every key attribute, and the entry counts them all', () => {
    const entry = indexEntry(table, gsi1!, ticket)!;
    expect(entry.size).toBe(itemSize(ticket));
    for (const missing of ['tenantId', 'teamId', 'status', 'priority']) {
      const { [missing]: _dropped, ...without } = ticket;
      expect(indexEntry(table, gsi1!, without), `without ${missing}`).toBeUndefined();
    }
  });

  it('moves the entry when any key attribute changes, and a write that drops one removes it', () => {
    const keys = (item: Item) => indexEntry(table, gsi1!, item)?.key;
    expect(keys({ ...ticket, priority: { N: '3' } })).not.toBe(keys(ticket));
    expect(keys({ ...ticket, teamId: { S: '8' } })).not.toBe(keys(ticket));
    const { priority: _priority, ...withoutPriority } = ticket;
    const dropped = writeUnitsForChange(table, ticket, withoutPriority);
    const gsiUnits = dropped.indexes.find((index) => index.index === 'GSI1');
    expect(gsiUnits).toMatchObject({ change: 'removed' });
    expect(gsiUnits!.units).toBeGreaterThan(0);
  });

  it('projects the table key and every index key attribute under KEYS_ONLY, and stores the entity in the index', () => {
    const keysOnly = { ...MULTI_ATTRIBUTE, tables: [{ ...table, globalSecondaryIndexes: [{ ...table.globalSecondaryIndexes[0]!, projection: { type: 'KEYS_ONLY' as const } }] }] };
    const projected = projectedItem(keysOnly, 'Ticket', 'GSI1')!;
    expect(Object.keys(projected).sort()).toEqual(['PK', 'priority', 'status', 'teamId', 'tenantId']);
    const storage = entityStorage(MULTI_ATTRIBUTE, MULTI_ATTRIBUTE.entities[0]!);
    const gsi = storage.indexes.find((index) => index.index === 'GSI1');
    expect(gsi?.entryBytes).toBeGreaterThan(attributeSize('priority', { N: '2' }));
  });
});
