import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTableInput, createTableRequest, ModelError, parseModel, planApply, planSampleItems, type Model, type TableSpec } from '@dynotable/core';

const example = (name: string): Model => parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);

const provisioned: TableSpec = {
  name: 'Orders',
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'at', type: 'N' },
  billingMode: 'PROVISIONED',
  provisioned: { readUnits: 7, writeUnits: 3 },
  globalSecondaryIndexes: [
    { name: 'ByCustomer', partitionKey: { name: 'customer', type: 'S' }, partitionKeys: [{ name: 'customer', type: 'S' }], sortKeys: [], projection: { type: 'KEYS_ONLY' } },
    { name: 'ByStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'at', type: 'N' }, partitionKeys: [{ name: 'status', type: 'S' }], sortKeys: [{ name: 'at', type: 'N' }], projection: { type: 'INCLUDE', attributes: ['total'] }, provisioned: { readUnits: 2, writeUnits: 1 } },
  ],
  localSecondaryIndexes: [{ name: 'ByTotal', sortKey: { name: 'total', type: 'N' }, projection: { type: 'ALL' } }],
  tableClass: 'STANDARD_INFREQUENT_ACCESS',
};

describe('createTableRequest', () => {
  it("gives the model's billing, throughput (table and each GSI), class, and each key attribute defined once", () => {
    expect(createTableRequest(provisioned)).toEqual({
      TableName: 'Orders',
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'at', AttributeType: 'N' },
        { AttributeName: 'customer', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'total', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'at', KeyType: 'RANGE' },
      ],
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 },
      GlobalSecondaryIndexes: [
        { IndexName: 'ByCustomer', KeySchema: [{ AttributeName: 'customer', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' }, ProvisionedThroughput: { ReadCapacityUnits: 7, WriteCapacityUnits: 3 } },
        {
          IndexName: 'ByStatus',
          KeySchema: [
            { AttributeName: 'status', KeyType: 'HASH' },
            { AttributeName: 'at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total'] },
          ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 1 },
        },
      ],
      LocalSecondaryIndexes: [
        {
          IndexName: 'ByTotal',
          KeySchema: [
            { AttributeName: 'PK', KeyType: 'HASH' },
            { AttributeName: 'total', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      TableClass: 'STANDARD_INFREQUENT_ACCESS',
    });
  });

  it("gives verify's short-lived tables on-demand billing and the standard class, under their own name", () => {
    const request = createTableRequest(provisioned, { name: 'tmp_Orders', shortLived: true });
    expect(request).toMatchObject({ TableName: 'tmp_Orders', BillingMode: 'PAY_PER_REQUEST' });
    expect(request.ProvisionedThroughput).toBeUndefined();
    expect(request.TableClass).toBeUndefined();
    expect(request.GlobalSecondaryIndexes!.every((index) => index.ProvisionedThroughput === undefined)).toBe(true);
    expect(createTableInput(provisioned, 'tmp_Orders')).toEqual(request);
  });
});

describe('planApply', () => {
  it("gives every table's CreateTable request under the prefix, its TTL, and the sample of each entity", () => {
    const model = example('audit-log');
    const plan = planApply(model, { prefix: 'dev_', sample: 40 });
    expect(plan).toMatchObject({ model: 'audit-log', samplePerEntity: 40, seed: 1 });
    expect(plan.tables).toEqual([
      { modelTable: 'AuditLog', name: 'dev_AuditLog', request: createTableRequest(model.tables[0]!, { name: 'dev_AuditLog' }), timeToLiveAttribute: 'expiresAt', sample: [{ entity: 'Event', items: 40 }] },
    ]);
    expect(planApply(model).tables[0]).toMatchObject({ name: 'AuditLog', sample: [] });
  });

  it('refuses a sample for an entity that has no key templates, naming it', () => {
    const model = example('ticket-desk');
    const keyless: Model = { ...model, entities: model.entities.map((entity) => ({ ...entity, keys: {} })) };
    expect(() => planApply(keyless, { sample: 5 })).toThrow(ModelError);
    expect(() => planApply(keyless, { sample: 5 })).toThrow(/entities\.Ticket\.keys: Ticket has no key templates/);
    expect(planApply(keyless).tables).toHaveLength(1);
  });
});

describe('planSampleItems', () => {
  it('makes N items of every entity, keyed by its templates, the same for the same seed', () => {
    const model = example('leaderboard');
    const plan = planApply(model, { sample: 60, seed: 4 });
    const items = planSampleItems(model, plan).get('Leaderboard')!;
    expect(items).toHaveLength(120);
    const keys = new Set(items.map((item) => JSON.stringify([item['PK'], item['SK']])));
    expect(keys.size).toBe(120);
    const profiles = items.filter((item) => 'S' in item['SK']! && item['SK'].S === 'PROFILE');
    expect(profiles).toHaveLength(60);
    expect(JSON.stringify(planSampleItems(model, plan).get('Leaderboard'))).toBe(JSON.stringify(items));
    expect(JSON.stringify(planSampleItems(model, planApply(model, { sample: 60, seed: 5 })).get('Leaderboard'))).not.toBe(JSON.stringify(items));
  });

  it('keeps the sparse index keys only on the items that meet their condition', () => {
    const model = example('ticket-desk');
    const items = planSampleItems(model, planApply(model, { sample: 200 })).get('TicketDesk')!;
    expect(items).toHaveLength(200);
    for (const item of items) expect('GSI2PK' in item).toBe((item['status'] as { S: string }).S === 'open');
    expect(items.some((item) => 'GSI2PK' in item)).toBe(true);
  });

  it('gives no items without a sample', () => {
    const model = example('ticket-desk');
    expect(planSampleItems(model, planApply(model)).get('TicketDesk')).toEqual([]);
  });
});
