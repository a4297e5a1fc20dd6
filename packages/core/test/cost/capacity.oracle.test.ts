/**
 * The calculator's per-call capacity against what DynamoDB Local reports in
 * ReturnConsumedCapacity (INDEXES), on the ticket-desk table with its two GSIs:
 * create, the status change that moves the GSI1 key and leaves the sparse GSI2,
 * a change of a projected non-key attribute, reads, a transactional move and a
 * delete, for tickets under 1 KB, over 1 KB and over 4 KB.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { ConsumedCapacity, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  entityKeyValues,
  itemReadUnits,
  itemSize,
  moveWriteUnits,
  parseModel,
  projectedItem,
  queryReadUnits,
  representativeItem,
  sumWriteUnits,
  writePathCost,
  writeUnitsForChange,
} from '@dynotable/core';
import type { Item, WriteUnitsBreakdown } from '@dynotable/core';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { createModelTable, deleteTable, uniqueTableName } from '../oracle/tables.js';

const model = parseModel(readFileSync(new URL('../../../../examples/ticket-desk.yaml', import.meta.url), 'utf8'));
const spec = model.tables[0]!;

interface TicketFields {
  ticketId: string;
  teamId: string;
  status: string;
  priority: number;
  title: string;
  body: string;
  createdAt: string;
}

/** A ticket item as the model's templates lay it out (sparse GSI2 keys only while open). */
function ticketItem(fields: TicketFields): Item {
  const item: Item = {
    ticketId: { S: fields.ticketId },
    teamId: { S: fields.teamId },
    status: { S: fields.status },
    priority: { N: String(fields.priority) },
    title: { S: fields.title },
    body: { S: fields.body },
    createdAt: { S: fields.createdAt },
  };
  for (const [name, value] of Object.entries(entityKeyValues(model, 'Ticket', { ...fields }))) item[name] = { S: value };
  return item;
}

/** An open ticket of exactly `bytes` bytes (the body takes up the rest). */
function openTicket(ticketId: string, teamId: string, bytes: number): TicketFields {
  const fields: TicketFields = { ticketId, teamId, status: 'open', priority: 2, title: 'Printer on fire', body: '', createdAt: '2026-06-23T10:00:00Z' };
  return { ...fields, body: 'x'.repeat(bytes - itemSize(ticketItem(fields))) };
}

/** The reported units: the table's own and each GSI's. */
function reported(capacity: ConsumedCapacity | undefined): { table: number; indexes: Record<string, number> } {
  const indexes: Record<string, number> = {};
  for (const [name, units] of Object.entries(capacity?.GlobalSecondaryIndexes ?? {})) indexes[name] = units.CapacityUnits ?? 0;
  return { table: capacity?.Table?.CapacityUnits ?? capacity?.CapacityUnits ?? 0, indexes };
}

/** Ours in the same shape; indexes without a write are left out, as DynamoDB leaves them out. */
function computed(breakdown: WriteUnitsBreakdown): { table: number; indexes: Record<string, number> } {
  const indexes: Record<string, number> = {};
  for (const row of breakdown.indexes) if (row.units > 0) indexes[row.index] = row.units;
  return { table: breakdown.table, indexes };
}

describe.skipIf(oracleUnavailable())('capacity per call matches DynamoDB Local (ticket desk)', () => {
  let client: DynamoDBClient;
  let table: string;
  const INDEXES = 'INDEXES' as const;

  beforeAll(async () => {
    client = oracleClient();
    table = uniqueTableName('cost-capacity');
    await createModelTable(client, spec, table);
  });

  afterAll(async () => {
    await deleteTable(client, table);
    client.destroy();
  });

  it('the model estimate of a ticket costs on Local what the report says', async () => {
    const item = representativeItem(model, 'Ticket');
    const put = await client.send(new PutItemCommand({ TableName: table, Item: item, ReturnConsumedCapacity: INDEXES }));
    expect(reported(put.ConsumedCapacity)).toEqual(computed(writeUnitsForChange(spec, undefined, item)));
    const openTicketPath = model.writePaths.find((path) => path.name === 'openTicket')!;
    expect(reported(put.ConsumedCapacity)).toEqual(computed(writePathCost(model, openTicketPath).breakdown));
    const key = { PK: item['PK']!, SK: item['SK']! };
    const get = await client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true, ReturnConsumedCapacity: INDEXES }));
    expect(reported(get.ConsumedCapacity).table).toBe(itemReadUnits(itemSize(item), 'strong'));
    const gone = await client.send(new DeleteItemCommand({ TableName: table, Key: key, ReturnConsumedCapacity: INDEXES }));
    expect(reported(gone.ConsumedCapacity)).toEqual(computed(writeUnitsForChange(spec, item, undefined)));
  });

  describe.each([
    { label: 'under 1 KB', bytes: 700 },
    { label: 'exactly 1 KB', bytes: 1024 },
    { label: 'just over 1 KB', bytes: 1025 },
    { label: 'over 4 KB', bytes: 4200 },
  ])('a ticket $label', ({ bytes }) => {
    const team = `t${bytes}`;
    const fields = openTicket(`${bytes}a`, team, bytes);
    const open = ticketItem(fields);
    const key = { PK: open['PK']!, SK: open['SK']! };
    const reprioritised = ticketItem({ ...fields, priority: 3 });
    const pending = ticketItem({ ...fields, priority: 3, status: 'pending' });

    it('is the size asked for', () => {
      expect(itemSize(open)).toBe(bytes);
    });

    it('PutItem of a new ticket: the item plus an entry in GSI1 and in the sparse GSI2', async () => {
      const result = await client.send(new PutItemCommand({ TableName: table, Item: open, ReturnConsumedCapacity: INDEXES }));
      expect(reported(result.ConsumedCapacity)).toEqual(computed(writeUnitsForChange(spec, undefined, open)));
    });

    it('PutItem over the same ticket: the larger item, no index change', async () => {
      const result = await client.send(new PutItemCommand({ TableName: table, Item: open, ReturnConsumedCapacity: INDEXES }));
      expect(reported(result.ConsumedCapacity)).toEqual(computed(writeUnitsForChange(spec, open, open)));
    });

    it('UpdateItem of a projected non-key attribute: an update in each index', async () => {
      const result = await client.send(
        new UpdateItemCommand({
          TableName: table,
          Key: key,
          UpdateExpression: 'SET priority = :p',
          ExpressionAttributeValues: { ':p': { N: '3' } },
          ReturnConsumedCapacity: INDEXES,
        }),
      );
      expect(reported(result.ConsumedCapacity)).toEqual(computed(writeUnitsForChange(spec, open, reprioritised)));
    });

    it('UpdateItem of the status: GSI1 key moves (delete + put), GSI2 entry removed', async () => {
      const result = await client.send(
        new UpdateItemCommand({
          TableName: table,
          Key: key,
          UpdateExpression: 'SET #s = :s, GSI1SK = :sk REMOVE GSI2PK, GSI2SK',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': { S: 'pending' }, ':sk': pending['GSI1SK']! },
          ReturnConsumedCapacity: INDEXES,
        }),
      );
      const breakdown = writeUnitsForChange(spec, reprioritised, pending);
      expect(breakdown.indexes.map((row) => row.change)).toEqual(['moved', 'removed']);
      expect(reported(result.ConsumedCapacity)).toEqual(computed(breakdown));
    });

    it('GetItem, strongly and eventually consistent', async () => {
      for (const consistent of [true, false]) {
        const result = await client.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: consistent, ReturnConsumedCapacity: INDEXES }));
        expect(result.Item).toBeDefined();
        expect(reported(result.ConsumedCapacity).table).toBe(itemReadUnits(itemSize(pending), consistent ? 'strong' : 'eventual'));
      }
    });

    it('Query of the team on GSI1 sums the entries, then rounds once', async () => {
      const second = ticketItem(openTicket(`${bytes}b`, team, bytes));
      await client.send(new PutItemCommand({ TableName: table, Item: second }));
      const result = await client.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': pending['GSI1PK']! },
          ReturnConsumedCapacity: INDEXES,
        }),
      );
      expect(result.Count).toBe(2);
      const units = queryReadUnits([itemSize(pending), itemSize(second)], 'eventual');
      const capacity = result.ConsumedCapacity;
      expect(capacity?.GlobalSecondaryIndexes?.['GSI1']?.CapacityUnits).toBe(units);
      await client.send(new DeleteItemCommand({ TableName: table, Key: { PK: second['PK']!, SK: second['SK']! } }));
    });

    it('Query of the ticket on the table, strongly consistent', async () => {
      const result = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': key.PK },
          ConsistentRead: true,
          ReturnConsumedCapacity: INDEXES,
        }),
      );
      expect(reported(result.ConsumedCapacity).table).toBe(queryReadUnits([itemSize(pending)], 'strong'));
    });

    // DynamoDB Local reports a transaction's writes at the standard rate; the
    // service bills the table's writes at twice that (docs/dynamodb-rules.md#capacity, from
    // AWS's documentation). So Local must match the move without the doubling,
    // and the calculator's move is that with the table's units doubled.
    it('TransactWriteItems move to a new id: Local reports the Delete + Put at the standard rate; the service doubles the table', async () => {
      const moved = ticketItem({ ...fields, ticketId: `${bytes}c`, priority: 3, status: 'pending' });
      const result = await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [{ Delete: { TableName: table, Key: key } }, { Put: { TableName: table, Item: moved } }],
          ReturnConsumedCapacity: INDEXES,
        }),
      );
      const standard = sumWriteUnits([writeUnitsForChange(spec, pending, undefined), writeUnitsForChange(spec, undefined, moved)]);
      expect(reported(result.ConsumedCapacity?.[0])).toEqual(computed(standard));
      const billed = moveWriteUnits(spec, pending, moved);
      expect(billed.table).toBe(2 * standard.table);
      expect(billed.indexes).toEqual(standard.indexes);
      const gone = await client.send(
        new DeleteItemCommand({ TableName: table, Key: { PK: moved['PK']!, SK: moved['SK']! }, ReturnConsumedCapacity: INDEXES }),
      );
      expect(reported(gone.ConsumedCapacity)).toEqual(computed(writeUnitsForChange(spec, moved, undefined)));
    });
  });

  it('a projected entry is what the model says GSI1 holds', () => {
    expect(projectedItem(model, 'Ticket', 'GSI1')).toEqual(representativeItem(model, 'Ticket'));
  });
});
