import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTable, createTableRequest, parseModel, type GlobalIndexSpec, type LiveTimeToLive, type Model, type TableSpec } from '@dynotable/core';
import { describeCreated, updateTable, updateTimeToLive, type Description } from './live-description.js';

const example = (name: string): Model => parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);

const gsi = (name: string, overrides: Partial<GlobalIndexSpec> = {}): GlobalIndexSpec => {
  const partitionKey = overrides.partitionKey ?? { name: `${name}PK`, type: 'S' };
  const sortKey = 'sortKey' in overrides ? overrides.sortKey : { name: `${name}SK`, type: 'S' as const };
  return {
    name,
    partitionKey,
    ...(sortKey ? { sortKey } : {}),
    partitionKeys: overrides.partitionKeys ?? [partitionKey],
    sortKeys: overrides.sortKeys ?? (sortKey ? [sortKey] : []),
    projection: overrides.projection ?? { type: 'ALL' },
    ...(overrides.provisioned ? { provisioned: overrides.provisioned } : {}),
  };
};

const base: TableSpec = {
  name: 'Desk',
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  billingMode: 'PAY_PER_REQUEST',
  globalSecondaryIndexes: [gsi('GSI1'), gsi('GSI2')],
  localSecondaryIndexes: [],
};

/** The live table as if made from `spec`. */
const live = (spec: TableSpec): Description => describeCreated(createTableRequest(spec));

describe('compareTable', () => {
  it.each(['ticket-desk', 'leaderboard', 'audit-log'])('finds a table made from the %s model equal to it', (name) => {
    for (const table of example(name).tables) {
      const ttl: LiveTimeToLive = table.timeToLiveAttribute ? { TimeToLiveStatus: 'ENABLED', AttributeName: table.timeToLiveAttribute } : { TimeToLiveStatus: 'DISABLED' };
      const result = compareTable(table, live(table), { timeToLive: ttl });
      expect(result).toMatchObject({ equal: true, differences: [], requests: [], needsNewTable: [], table: table.name, modelTable: table.name });
    }
  });

  it('names a GSI the table lacks, and creates it with its key definitions in one UpdateTable', () => {
    const model = { ...base, globalSecondaryIndexes: [...base.globalSecondaryIndexes, gsi('GSI3', { sortKey: { name: 'score', type: 'N' } })] };
    const result = compareTable(model, live(base));
    expect(result.equal).toBe(false);
    expect(result.differences).toEqual([
      { kind: 'index-missing', index: 'GSI3', indexKind: 'global', fix: 'update', message: 'GSI GSI3 (GSI3PK (S), score (N); projection ALL) is in the model but not on the table' },
    ]);
    expect(result.requests).toEqual([
      {
        operation: 'UpdateTable',
        input: {
          TableName: 'Desk',
          AttributeDefinitions: [
            { AttributeName: 'GSI3PK', AttributeType: 'S' },
            { AttributeName: 'score', AttributeType: 'N' },
          ],
          GlobalSecondaryIndexUpdates: [
            { Create: { IndexName: 'GSI3', KeySchema: [{ AttributeName: 'GSI3PK', KeyType: 'HASH' }, { AttributeName: 'score', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } } },
          ],
        },
        purpose: expect.stringContaining('create GSI GSI3'),
      },
    ]);
    expect(result.needsNewTable).toEqual([]);
  });

  it('names a GSI the model does not have, and deletes it', () => {
    const result = compareTable({ ...base, globalSecondaryIndexes: [gsi('GSI1')] }, live(base));
    expect(result.differences.map((d) => [d.kind, d.index, d.fix])).toEqual([['index-extra', 'GSI2', 'update']]);
    expect(result.differences[0]!.message).toBe('GSI GSI2 (GSI2PK (S), GSI2SK (S)) is on the table but not in the model');
    expect(result.requests.map((r) => r.input)).toEqual([{ TableName: 'Desk', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'GSI2' } }] }]);
  });

  it('rebuilds a GSI whose key type differs: delete, then create, one per call', () => {
    const model = { ...base, globalSecondaryIndexes: [gsi('GSI1', { sortKey: { name: 'GSI1SK', type: 'N' } }), gsi('GSI2')] };
    const result = compareTable(model, live(base));
    expect(result.differences).toEqual([
      { kind: 'index-keys', index: 'GSI1', indexKind: 'global', fix: 'update', message: 'GSI GSI1 is keyed GSI1PK (S), GSI1SK (N) in the model but GSI1PK (S), GSI1SK (S) on the table' },
    ]);
    const updates = result.requests.map((r) => r.input['GlobalSecondaryIndexUpdates']);
    expect(updates).toEqual([[{ Delete: { IndexName: 'GSI1' } }], [{ Create: expect.objectContaining({ IndexName: 'GSI1' }) }]]);
  });

  it('compares projections: type, and INCLUDE attributes as a set', () => {
    const keysOnly = { ...base, globalSecondaryIndexes: [gsi('GSI1', { projection: { type: 'KEYS_ONLY' } }), gsi('GSI2')] };
    expect(compareTable(keysOnly, live(base)).differences.map((d) => d.message)).toEqual(['GSI GSI1 projects KEYS_ONLY in the model but ALL on the table']);
    const include = (attributes: string[]): TableSpec => ({ ...base, globalSecondaryIndexes: [gsi('GSI1', { projection: { type: 'INCLUDE', attributes } }), gsi('GSI2')] });
    expect(compareTable(include(['a', 'b']), live(include(['b', 'a']))).equal).toBe(true);
    const result = compareTable(include(['a', 'b']), live(include(['a'])));
    expect(result.differences.map((d) => [d.kind, d.message])).toEqual([['index-projection', 'GSI GSI1 projects INCLUDE (a, b) in the model but INCLUDE (a) on the table']]);
    expect(result.requests).toHaveLength(2);
  });

  it('says a different partition or sort key needs a new table, and sends nothing for it', () => {
    const numeric = compareTable({ ...base, partitionKey: { name: 'PK', type: 'N' } }, live(base));
    expect(numeric.differences).toEqual([{ kind: 'partition-key', fix: 'new-table', message: 'the partition key is PK (N) in the model but PK (S) on the table' }]);
    expect(numeric.requests).toEqual([]);
    expect(numeric.needsNewTable).toEqual([expect.stringMatching(/^DynamoDB cannot change the table's key schema of an existing table/)]);
    const { sortKey: _, ...withoutSort } = base;
    expect(compareTable(withoutSort, live(base)).differences.map((d) => d.message)).toEqual(['the table has the sort key SK (S); the model has no sort key']);
    expect(compareTable(base, live(withoutSort)).differences.map((d) => d.message)).toEqual(['the model has the sort key SK (S); the table has no sort key']);
    expect(compareTable({ ...base, sortKey: { name: 'at', type: 'S' } }, live(base)).differences.map((d) => d.message)).toEqual(['the sort key is at (S) in the model but SK (S) on the table']);
  });

  it('says LSI differences need a new table', () => {
    const withLsi: TableSpec = { ...base, localSecondaryIndexes: [{ name: 'ByDate', sortKey: { name: 'createdAt', type: 'S' }, projection: { type: 'ALL' } }] };
    const missing = compareTable(withLsi, live(base));
    expect(missing.differences).toEqual([
      { kind: 'index-missing', index: 'ByDate', indexKind: 'local', fix: 'new-table', message: 'LSI ByDate (createdAt (S); projection ALL) is in the model but not on the table' },
    ]);
    expect(missing.requests).toEqual([]);
    expect(missing.needsNewTable[0]).toContain('LSI ByDate');
    expect(compareTable(base, live(withLsi)).differences.map((d) => [d.kind, d.fix])).toEqual([['index-extra', 'new-table']]);
    const otherSort: TableSpec = { ...withLsi, localSecondaryIndexes: [{ name: 'ByDate', sortKey: { name: 'createdAt', type: 'N' }, projection: { type: 'KEYS_ONLY' } }] };
    expect(compareTable(withLsi, live(otherSort)).differences.map((d) => d.message)).toEqual([
      'LSI ByDate sorts by createdAt (S) in the model but createdAt (N) on the table',
      'LSI ByDate projects ALL in the model but KEYS_ONLY on the table',
    ]);
  });

  it('switches billing to provisioned with throughput on the table and every GSI that stays', () => {
    const provisioned: TableSpec = { ...base, billingMode: 'PROVISIONED', provisioned: { readUnits: 5, writeUnits: 2 } };
    const result = compareTable(provisioned, live(base));
    expect(result.differences.map((d) => d.message)).toEqual(['billing is provisioned (PROVISIONED) in the model but on demand (PAY_PER_REQUEST) on the table']);
    expect(result.requests.map((r) => r.input)).toEqual([
      {
        TableName: 'Desk',
        BillingMode: 'PROVISIONED',
        ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 2 },
        GlobalSecondaryIndexUpdates: ['GSI1', 'GSI2'].map((IndexName) => ({ Update: { IndexName, ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 2 } } })),
      },
    ]);
    expect(compareTable(base, live(provisioned)).requests.map((r) => r.input)).toEqual([{ TableName: 'Desk', BillingMode: 'PAY_PER_REQUEST' }]);
    const more = compareTable({ ...provisioned, provisioned: { readUnits: 10, writeUnits: 2 } }, live(provisioned));
    expect(more.differences.map((d) => [d.kind, d.message])).toEqual([['throughput', "the table's throughput is 10 read and 2 write units in the model but 5 read and 2 write units on the table"]]);
  });

  it('compares the table class, a missing class reading as STANDARD', () => {
    const infrequent: TableSpec = { ...base, tableClass: 'STANDARD_INFREQUENT_ACCESS' };
    const result = compareTable(infrequent, live(base));
    expect(result.differences.map((d) => d.message)).toEqual(['the table class is STANDARD_INFREQUENT_ACCESS in the model but STANDARD on the table']);
    expect(result.requests.map((r) => r.input)).toEqual([{ TableName: 'Desk', TableClass: 'STANDARD_INFREQUENT_ACCESS' }]);
    expect(compareTable({ ...base, tableClass: 'STANDARD' }, live(base)).equal).toBe(true);
  });

  it('compares time to live only when it is given', () => {
    const ttl: TableSpec = { ...base, timeToLiveAttribute: 'expiresAt' };
    expect(compareTable(ttl, live(base)).equal).toBe(true);
    const off = compareTable(ttl, live(base), { timeToLive: { TimeToLiveStatus: 'DISABLED' } });
    expect(off.differences.map((d) => d.message)).toEqual(['time to live is on attribute expiresAt in the model but off on the table']);
    expect(off.requests).toEqual([
      { operation: 'UpdateTimeToLive', input: { TableName: 'Desk', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' } }, purpose: expect.any(String) },
    ]);
    const other = compareTable(ttl, live(base), { timeToLive: { TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' } });
    expect(other.requests.map((r) => r.input['TimeToLiveSpecification'])).toEqual([
      { Enabled: false, AttributeName: 'ttl' },
      { Enabled: true, AttributeName: 'expiresAt' },
    ]);
  });

  it('reads a table named otherwise (a prefix) as the same table', () => {
    const result = compareTable(base, live({ ...base, name: 'dev_Desk' }));
    expect(result).toMatchObject({ equal: true, table: 'dev_Desk', modelTable: 'Desk' });
  });
});

// Random tables sharing the base keys: every difference between two of them is one UpdateTable can close.
const keyType = fc.constantFrom<'S' | 'N'>('S', 'N');
const projection = fc.oneof(
  fc.constant({ type: 'ALL' as const }),
  fc.constant({ type: 'KEYS_ONLY' as const }),
  fc.subarray(['a', 'b', 'c'], { minLength: 1 }).map((attributes) => ({ type: 'INCLUDE' as const, attributes })),
);
const index = (name: string) => fc.record({ sortType: keyType, projection }).map(({ sortType, projection: p }) => gsi(name, { sortKey: { name: `${name}SK`, type: sortType }, projection: p }));
const table: fc.Arbitrary<TableSpec> = fc
  .record({
    indexes: fc.subarray(['GSI1', 'GSI2', 'GSI3', 'GSI4']).chain((names) => fc.tuple(...names.map(index))),
    provisioned: fc.option(fc.record({ readUnits: fc.integer({ min: 1, max: 20 }), writeUnits: fc.integer({ min: 1, max: 20 }) }), { nil: undefined }),
    infrequent: fc.boolean(),
    ttl: fc.constantFrom(undefined, 'expiresAt', 'ttl'),
  })
  .map(({ indexes, provisioned, infrequent, ttl }) => ({
    ...base,
    globalSecondaryIndexes: indexes,
    ...(provisioned ? { billingMode: 'PROVISIONED' as const, provisioned } : {}),
    ...(infrequent ? { tableClass: 'STANDARD_INFREQUENT_ACCESS' as const } : {}),
    ...(ttl ? { timeToLiveAttribute: ttl } : {}),
  }));

describe('the requests compareTable gives', () => {
  it('bring any live table of the same keys to its model, one GSI created or deleted per UpdateTable', () => {
    fc.assert(
      fc.property(table, table, (model, other) => {
        let description = live(other);
        let ttl: LiveTimeToLive = other.timeToLiveAttribute ? { TimeToLiveStatus: 'ENABLED', AttributeName: other.timeToLiveAttribute } : { TimeToLiveStatus: 'DISABLED' };
        const result = compareTable(model, description, { timeToLive: ttl });
        expect(result.needsNewTable).toEqual([]);
        expect(result.equal).toBe(result.differences.length === 0);
        for (const request of result.requests) {
          if (request.operation === 'UpdateTable') description = updateTable(description, request.input);
          else ttl = updateTimeToLive(request.input);
        }
        expect(compareTable(model, description, { timeToLive: ttl }).differences).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
