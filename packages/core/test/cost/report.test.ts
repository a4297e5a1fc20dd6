import { describe, expect, it } from 'vitest';
import {
  BILLING_HOURS_PER_MONTH,
  BYTES_PER_GB,
  DEFAULT_PRICES,
  STORAGE_OVERHEAD_BYTES,
  costModel,
  estimateEntitySize,
  itemReadUnits,
  mergePrices,
  projectedSize,
  queryReadUnits,
  renderCostReport,
  writePathCost,
} from '@dynotable/core';
import { attribute, entity, fixedPlans, model, table } from './fixtures.js';

const SECONDS = BILLING_HOURS_PER_MONTH * 3600;

const orders = model({
  tables: [
    table({
      globalSecondaryIndexes: [
        { name: 'ByCustomer', partitionKey: { name: 'GSI1PK', type: 'S' }, sortKey: { name: 'GSI1SK', type: 'S' }, partitionKeys: [{ name: 'GSI1PK', type: 'S' }], sortKeys: [{ name: 'GSI1SK', type: 'S' }], projection: { type: 'KEYS_ONLY' } },
        { name: 'Open', partitionKey: { name: 'GSI2PK', type: 'S' }, sortKey: { name: 'GSI2SK', type: 'S' }, partitionKeys: [{ name: 'GSI2PK', type: 'S' }], sortKeys: [{ name: 'GSI2SK', type: 'S' }], projection: { type: 'ALL' } },
      ],
    }),
  ],
  entities: [
    entity({
      name: 'Order',
      count: 4_000_000,
      attributes: [
        attribute('orderId', 'string', { minLength: 10, maxLength: 10 }),
        attribute('customerId', 'string', { minLength: 8, maxLength: 8 }),
        attribute('state', 'enum', { values: ['open', 'paid', 'sent', 'void'], mutable: true }),
        attribute('note', 'string', { minLength: 2000, maxLength: 3000, mutable: true }),
        attribute('placedAt', 'timestamp'),
      ],
      keys: {
        PK: 'ORDER#{orderId}',
        SK: 'STATE#{state}',
        GSI1PK: 'CUSTOMER#{customerId}',
        GSI1SK: 'ORDER#{placedAt:iso}',
        GSI2PK: 'OPEN',
        GSI2SK: '{placedAt:iso}#{orderId}',
      },
      keysWhen: { GSI2PK: { state: 'open' }, GSI2SK: { state: 'open' } },
    }),
  ],
  accessPatterns: [
    { name: 'getOrder', question: 'get order by id', rate: 40 },
    { name: 'getOrderStrong', question: 'get order by id', rate: 10, consistentRead: true },
    { name: 'ordersOfCustomer', question: 'list orders by customer', rate: 5 },
    { name: 'openOrders', question: 'list open orders', rate: 2, expectedItems: 30, consistentRead: true },
    { name: 'everything', question: 'all orders' },
  ],
  writePaths: [
    { name: 'placeOrder', entity: 'Order', kind: 'create', attributes: [], rate: 3 },
    { name: 'editNote', entity: 'Order', kind: 'update', attributes: ['note'], rate: 1 },
    { name: 'changeState', entity: 'Order', kind: 'update', attributes: ['state'], rate: 2 },
    { name: 'purge', entity: 'Order', kind: 'delete', attributes: [] },
  ],
});

const plan = fixedPlans({
  getOrder: { entity: 'Order', operation: 'GetItem', table: 'Main' },
  getOrderStrong: { entity: 'Order', operation: 'GetItem', table: 'Main', consistentRead: true },
  ordersOfCustomer: { entity: 'Order', operation: 'Query', table: 'Main', index: 'ByCustomer' },
  openOrders: { entity: 'Order', operation: 'Query', table: 'Main', index: 'Open', limit: 5 },
  everything: { entity: 'Order', operation: 'Scan', table: 'Main' },
});

const report = costModel(orders, undefined, { plan });
const row = (name: string) => report.patterns.find((pattern) => pattern.pattern === name)!;
const write = (name: string) => report.writePaths.find((path) => path.writePath === name)!;
const itemBytes = estimateEntitySize(orders, 'Order').bytes;

describe('read units per access pattern', () => {
  it('GetItem reads the item, eventually consistent at half unless consistentRead', () => {
    expect(itemBytes).toBeGreaterThan(2000);
    expect(row('getOrder')).toMatchObject({ operation: 'GetItem', items: 1, itemBytes, consistency: 'eventual', units: itemReadUnits(itemBytes, 'eventual') });
    expect(row('getOrderStrong').units).toBe(itemReadUnits(itemBytes, 'strong'));
    expect(row('getOrderStrong').units).toBe(2 * row('getOrder').units);
  });

  it('Query sums the projected entries of the expected items, then rounds once; 10 items when nothing says', () => {
    const entry = projectedSize(orders, 'Order', 'ByCustomer');
    expect(entry).toBeLessThan(itemBytes);
    expect(row('ordersOfCustomer')).toMatchObject({ items: 10, itemBytes: entry, units: queryReadUnits(Array(10).fill(entry), 'eventual') });
  });

  it('expectedItems beats the limit, and a GSI is read eventually consistent even when asked otherwise', () => {
    const open = row('openOrders');
    expect(open.items).toBe(30);
    expect(open.consistency).toBe('eventual');
    expect(open.units).toBe(queryReadUnits(Array(30).fill(projectedSize(orders, 'Order', 'Open')), 'eventual'));
    expect(open.notes.join(' ')).toMatch(/eventually consistent/);
  });

  it('Scan reads every item of the table', () => {
    expect(row('everything').units).toBe(queryReadUnits([4_000_000 * itemBytes], 'eventual'));
  });

  it('prices a pattern per month from its rate', () => {
    const get = row('getOrder');
    expect(get.monthly!.onDemand).toBeCloseTo((40 * SECONDS * get.units * DEFAULT_PRICES.standard.onDemandReadPerMillion) / 1e6, 9);
    expect(get.monthly!.provisioned).toBeCloseTo(40 * get.units * BILLING_HOURS_PER_MONTH * DEFAULT_PRICES.standard.provisionedReadUnitHour, 9);
    expect(row('everything').monthly).toBeUndefined();
  });
});

describe('write units per write path', () => {
  it('create writes the item and an entry in each index it joins', () => {
    const place = write('placeOrder');
    expect(place.operation).toBe('PutItem');
    expect(place.breakdown.table).toBe(Math.ceil(itemBytes / 1024));
    expect(place.breakdown.indexes.map((entry) => [entry.index, entry.change, entry.units])).toEqual([
      ['ByCustomer', 'added', 1],
      ['Open', 'added', Math.ceil(projectedSize(orders, 'Order', 'Open') / 1024)],
    ]);
  });

  it('an update of an attribute only some indexes project is an update there and nothing in KEYS_ONLY', () => {
    const edit = write('editNote');
    expect(edit.operation).toBe('UpdateItem');
    expect(edit.breakdown.indexes.map((entry) => entry.change)).toEqual(['unchanged', 'updated']);
  });

  it('an update of a base-key attribute is the transactional Delete + Put move', () => {
    const change = write('changeState');
    expect(change.operation).toBe('TransactWriteItems');
    // Delete and put at twice the table units; the open index loses or gains its entry.
    const delta = 2 * (Math.ceil(change.beforeBytes! / 1024) + Math.ceil(change.afterBytes! / 1024));
    expect(change.breakdown.table).toBe(delta);
    expect(change.notes[0]).toMatch(/state in the base key/);
  });

  it('delete removes the item and its index entries', () => {
    expect(write('purge').breakdown.indexes.map((entry) => entry.change)).toEqual(['removed', 'removed']);
    expect(writePathCost(orders, orders.writePaths[3]!).units).toBe(write('purge').units);
  });
});

describe('storage and totals', () => {
  it('counts items and index entries with 100 bytes of overhead each, a sparse enum index at its share', () => {
    const [storage] = report.storage.entities;
    expect(storage!.itemBytes).toBe(itemBytes + STORAGE_OVERHEAD_BYTES);
    expect(storage!.indexes.map((entry) => entry.entries)).toEqual([4_000_000, 4_000_000 / 4]);
    expect(report.storage.monthly).toBeCloseTo((report.storage.bytes / BYTES_PER_GB) * DEFAULT_PRICES.standard.storageGbMonth, 9);
  });

  it('rounds each provisioned pool up to whole units', () => {
    for (const pool of report.capacity) {
      expect(pool.readCapacity).toBe(Math.ceil(pool.readUnitsPerSecond));
      expect(pool.writeCapacity).toBe(Math.ceil(pool.writeUnitsPerSecond));
    }
    expect(report.totals.provisionedMonthly).toBeCloseTo(
      report.capacity.reduce((sum, pool) => sum + pool.monthly, 0),
      9,
    );
  });
});

describe('prices', () => {
  it('merges a partial override into the dated defaults', () => {
    const merged = mergePrices({ asOf: '2027-01-01', standard: { onDemandWritePerMillion: 1.25 } });
    expect(merged.asOf).toBe('2027-01-01');
    expect(merged.region).toBe(DEFAULT_PRICES.region);
    expect(merged.standard).toEqual({ ...DEFAULT_PRICES.standard, onDemandWritePerMillion: 1.25 });
    expect(merged.infrequentAccess).toEqual(DEFAULT_PRICES.infrequentAccess);
  });

  it('an overridden price scales the money, not the units', () => {
    const doubled = costModel(orders, { standard: { onDemandWritePerMillion: 2 * DEFAULT_PRICES.standard.onDemandWritePerMillion } }, { plan });
    const before = write('placeOrder');
    const after = doubled.writePaths.find((path) => path.writePath === 'placeOrder')!;
    expect(after.units).toBe(before.units);
    expect(after.monthly!.onDemand).toBeCloseTo(2 * before.monthly!.onDemand, 9);
    expect(doubled.patterns.map((entry) => entry.monthly?.onDemand)).toEqual(report.patterns.map((entry) => entry.monthly?.onDemand));
  });

  it('uses the Standard-IA prices for an infrequent-access table', () => {
    const ia = costModel({ ...orders, tables: [{ ...orders.tables[0]!, tableClass: 'STANDARD_INFREQUENT_ACCESS' }] }, undefined, { plan });
    expect(ia.storage.monthly).toBeCloseTo((ia.storage.bytes / BYTES_PER_GB) * DEFAULT_PRICES.infrequentAccess.storageGbMonth, 9);
  });
});

describe('renderCostReport', () => {
  it('reports a write path on an unknown entity instead of failing', () => {
    const broken = costModel({ ...orders, writePaths: [{ name: 'ghost', entity: 'Nobody', kind: 'create', attributes: [] }] }, undefined, { plan });
    expect(broken.problems).toEqual([{ kind: 'writePath', name: 'ghost', message: expect.stringContaining('Nobody') }]);
  });

  it('shows every pattern, write path and index column', () => {
    const text = renderCostReport(report);
    for (const name of ['getOrder', 'ordersOfCustomer', 'placeOrder', 'changeState', 'ByCustomer', 'Open', 'Assumptions']) expect(text).toContain(name);
  });

  it('reports a pattern the planner cannot place instead of failing', () => {
    const failing = costModel(orders, undefined, {
      plan: () => {
        throw new Error('cannot read that question');
      },
    });
    expect(failing.problems.map((problem) => [problem.kind, problem.name])).toEqual(orders.accessPatterns.map((pattern) => ['pattern', pattern.name]));
    expect(failing.patterns).toHaveLength(0);
    expect(failing.writePaths).toHaveLength(orders.writePaths.length);
    expect(renderCostReport(failing)).toContain('cannot read that question');
  });
});
