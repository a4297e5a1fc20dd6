/** The picture and the verify view of a GSI with a multi-attribute key: every key attribute shown, partitions and order by all of them. */
import { readFileSync } from 'node:fs';
import { compareScalars, parseModel } from '@dynotable/core';
import type { AttributeValue, KeyAttribute, Model } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { tablePicture } from '../../src/table-picture/picture-rows.js';
import { bandText, keySchemaText, orderText } from '../../src/table-picture/picture-text.js';
import { multiAttributeKeysText } from '../../src/verify/pattern-keys.js';

const REPO_ROOT = new URL('../../../../', import.meta.url);
const ticketDesk = parseModel(readFileSync(new URL('examples/ticket-desk.yaml', REPO_ROOT), 'utf8'));

const partitionKeys: KeyAttribute[] = [
  { name: 'teamId', type: 'S' },
  { name: 'status', type: 'S' },
];
const sortKeys: KeyAttribute[] = [
  { name: 'priority', type: 'N' },
  { name: 'ticketId', type: 'S' },
];

/** The ticket desk with GSI1 keyed on four plain attributes: a multi-attribute key (the model lists every attribute of each role). */
const model: Model = {
  ...ticketDesk,
  tables: ticketDesk.tables.map((table) => ({
    ...table,
    globalSecondaryIndexes: table.globalSecondaryIndexes.map((index) =>
      index.name === 'GSI1' ? { ...index, partitionKey: partitionKeys[0]!, sortKey: sortKeys[0]!, partitionKeys, sortKeys } : index,
    ),
  })),
};

const same = (a: AttributeValue | undefined, b: AttributeValue | undefined) => a !== undefined && b !== undefined && compareScalars(a, b) === 0;

describe('the picture of a multi-attribute GSI', () => {
  const picture = tablePicture(model, 'TicketDesk', 'GSI1');

  it('names every key attribute, in order, with its type', () => {
    expect(picture.problem).toBeUndefined();
    expect(keySchemaText(picture)).toBe('partition key teamId (S) + status (S), sort key priority (N) + ticketId (S); projection ALL');
    expect(orderText(picture)).toMatch(/^Items of a partition in priority, then ticketId order/);
    expect(picture.columns.slice(0, 4)).toEqual([
      { name: 'teamId', role: 'partition' },
      { name: 'status', role: 'partition' },
      { name: 'priority', role: 'sort' },
      { name: 'ticketId', role: 'sort' },
    ]);
  });

  it('groups items by all partition attributes and orders them by the sort attributes left to right', () => {
    expect(picture.bands.length).toBeGreaterThan(0);
    for (const band of picture.bands) {
      expect(band.partitionValues).toHaveLength(2);
      for (const row of band.rows) {
        expect(same(row.item['teamId'], band.partitionValues[0])).toBe(true);
        expect(same(row.item['status'], band.partitionValues[1])).toBe(true);
      }
      for (const [position, row] of band.rows.entries()) {
        if (position === 0) continue;
        const before = band.rows[position - 1]!.item;
        const byPriority = compareScalars(before['priority']!, row.item['priority']!)!;
        expect(byPriority < 0 || (byPriority === 0 && compareScalars(before['ticketId']!, row.item['ticketId']!)! <= 0)).toBe(true);
      }
    }
  });

  it('heads each partition with every partition attribute', () => {
    expect(bandText(['teamId', 'status'], [{ S: '7' }, { S: 'open' }], 2, 5)).toBe('teamId = 7, status = open · 2 of 5 items');
    expect(bandText('PK', { S: 'TEAM#7' }, 1, 1)).toBe('PK = TEAM#7 · 1 item');
  });
});

describe('the verify view', () => {
  it('names the keys of a multi-attribute index, and nothing more for a one-attribute one', () => {
    expect(multiAttributeKeysText(model, { table: 'TicketDesk', index: 'GSI1' })).toBe('partition teamId + status; sort priority + ticketId');
    expect(multiAttributeKeysText(model, { table: 'TicketDesk', index: 'GSI2' })).toBeUndefined();
    expect(multiAttributeKeysText(model, { table: 'TicketDesk' })).toBeUndefined();
  });
});
