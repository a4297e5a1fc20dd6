/** A table description with a multi-attribute GSI: every key attribute is read, in order, and used wherever an index key is built. */
import { describe, expect, it } from 'vitest';
import { DynamoError, itemFromWire } from '@dynotable/core';
import { keyAttributes, keyNamesOf, readTableDescription, type TableDescriptionLike } from '../../src/data/table-description.js';
import { createTableRequest } from '../../src/transfer/create-table-request.js';
import { checkItemForTable } from '../../src/transfer/item-checks.js';
import { importChecker } from '../../src/transfer/import-checks.js';
import { multiAttributeTickets } from '../../../core/test/support/multi-attribute-tickets.js';

const described: TableDescriptionLike = { ...multiAttributeTickets('B'), BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' } };

describe('readTableDescription', () => {
  const table = readTableDescription(described);
  const index = table.indexes[0]!;

  it('lists every partition and sort attribute of a GSI in order, each with its own type', () => {
    expect(index.keys.partitionKeys).toEqual([
      { name: 'status', type: 'S' },
      { name: 'priority', type: 'N' },
    ]);
    expect(index.keys.sortKeys).toEqual([
      { name: 'createdAt', type: 'S' },
      { name: 'id', type: 'B' },
    ]);
  });

  it('keeps the first attribute of each role as the single partition and sort key', () => {
    expect(index.keys.partition).toEqual({ name: 'status', type: 'S' });
    expect(index.keys.sort).toEqual({ name: 'createdAt', type: 'S' });
  });

  it("gives an index's key as all of its attributes, and the table's as its two", () => {
    expect(keyNamesOf(index.keys)).toEqual(['status', 'priority', 'createdAt', 'id']);
    expect(keyAttributes(table)).toEqual(['pk', 'sk']);
  });

  it('reads a table without a sort key as no sort attributes', () => {
    const single = readTableDescription({ TableName: 'T', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'N' }] });
    expect(single.keys).toEqual({ partition: { name: 'pk', type: 'N' }, partitionKeys: [{ name: 'pk', type: 'N' }], sortKeys: [] });
  });

  it('copies a multi-attribute GSI with every key element and attribute definition', () => {
    const request = createTableRequest(table, 'Copy') as { GlobalSecondaryIndexes: { KeySchema: unknown }[]; AttributeDefinitions: unknown[] };
    expect(request.GlobalSecondaryIndexes[0]!.KeySchema).toEqual(described.GlobalSecondaryIndexes![0]!.KeySchema);
    expect(request.AttributeDefinitions).toEqual(expect.arrayContaining([...described.AttributeDefinitions!]));
    expect(request.AttributeDefinitions).toHaveLength(6);
  });
});

describe('the checks before a write', () => {
  const table = readTableDescription(described);
  const base = { pk: { S: 'T#1' }, sk: { S: 'A' }, status: { S: 'open' }, createdAt: { S: '2025-11-01' } };

  it('refuses a wrong type on any key attribute of the index, not only the first', () => {
    for (const check of [(item: ReturnType<typeof itemFromWire>) => checkItemForTable(item, table), importChecker(table)]) {
      expect(() => check(itemFromWire({ ...base, priority: { S: 'high' } }))).toThrow(DynamoError);
      expect(() => check(itemFromWire({ ...base, priority: { N: '2' }, id: { S: 'not binary' } }))).toThrow(/id/);
    }
  });

  it('accepts an item that lacks some index attributes: it is only left out of the index', () => {
    expect(() => checkItemForTable(itemFromWire({ ...base, priority: { N: '2' } }), table)).not.toThrow();
  });
});
