/**
 * Query on secondary indexes: GSIs with many items per index key, sparse
 * GSIs, LSI reads that fetch the base item, and the index rules of Select,
 * ProjectionExpression and ConsistentRead. Messages and capacity confirmed on
 * DynamoDB Local.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allPages, errorOf, itemsOf, newEngine, put, simpleTable, type Wire } from './support.js';

const INDEXED = {
  AttributeDefinitions: [
    { AttributeName: 'g', AttributeType: 'S' },
    { AttributeName: 'r', AttributeType: 'N' },
    { AttributeName: 'l', AttributeType: 'S' },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }, { AttributeName: 'r', KeyType: 'RANGE' }], Projection: { ProjectionType: 'KEYS_ONLY' } },
    { IndexName: 'gall', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'lsi',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'l', KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['x'] },
    },
  ],
};

function indexedTable(): ReturnType<typeof newEngine> {
  const engine = newEngine();
  simpleTable(engine, 'idx', 'N', INDEXED);
  return engine;
}

const G = { KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'G' } } };
const tableKey = (item: Wire): string => `${(item.pk as { S: string }).S}/${(item.sk as { N: string }).N}`;

describe('Query on a GSI', () => {
  it('keeps every item of equal index keys, and sort conditions include or exclude them all', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 3 })), { maxLength: 30 }),
        fc.constantFrom('=', '<', '<=', '>', '>='),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        (rows, operator, bound, limit, forward) => {
          const engine = indexedTable();
          const items = new Map<string, number>();
          for (const [pk, sk, r] of rows) {
            put(engine, 'idx', { pk: { S: pk }, sk: { N: String(sk) }, g: { S: 'G' }, r: { N: String(r) } });
            items.set(`${pk}/${sk}`, r);
          }
          const test = { '=': (r: number) => r === bound, '<': (r: number) => r < bound, '<=': (r: number) => r <= bound, '>': (r: number) => r > bound, '>=': (r: number) => r >= bound }[operator];
          const pages = allPages(engine, 'Query', {
            TableName: 'idx',
            IndexName: 'gsi',
            KeyConditionExpression: `g = :g AND r ${operator} :r`,
            ExpressionAttributeValues: { ':g': { S: 'G' }, ':r': { N: String(bound) } },
            Limit: limit,
            ScanIndexForward: forward,
          });
          const returned = itemsOf(pages);
          const expected = [...items].filter(([, r]) => test(r)).map(([key]) => key);
          expect(returned.map(tableKey).sort()).toEqual(expected.sort());
          // Ordered by the index sort key (ties in any stable order), reversed when backward.
          const ranks = returned.map((item) => Number((item.r as { N: string }).N));
          const sorted = [...ranks].sort((a, b) => (forward ? a - b : b - a));
          expect(ranks).toEqual(sorted);
          // Every LastEvaluatedKey holds the table key and the index key.
          for (const page of pages) if (page.LastEvaluatedKey) expect(Object.keys(page.LastEvaluatedKey as Wire).sort()).toEqual(['g', 'pk', 'r', 'sk']);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('leaves items without the index key out of a sparse index', () => {
    const engine = indexedTable();
    put(engine, 'idx', { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'G' }, r: { N: '5' } });
    put(engine, 'idx', { pk: { S: 'a' }, sk: { N: '2' }, g: { S: 'G' } });
    put(engine, 'idx', { pk: { S: 'a' }, sk: { N: '3' } });
    expect(engine.execute('Query', { TableName: 'idx', IndexName: 'gsi', ...G }).Count).toBe(1);
    expect(engine.execute('Query', { TableName: 'idx', IndexName: 'gall', ...G }).Count).toBe(2);
    expect(engine.execute('Scan', { TableName: 'idx', IndexName: 'gsi' }).Count).toBe(1);
  });

  it('returns the projected attributes by default and refuses what the index lacks', () => {
    const engine = indexedTable();
    put(engine, 'idx', { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'G' }, r: { N: '5' }, x: { S: 'x' }, y: { S: 'y' } });
    expect(engine.execute('Query', { TableName: 'idx', IndexName: 'gsi', ...G }).Items).toEqual([
      { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'G' }, r: { N: '5' } },
    ]);
    const message = (input: Wire) => errorOf(() => engine.execute('Query', { TableName: 'idx', IndexName: 'gsi', ...G, ...input }))?.message;
    expect(message({ ProjectionExpression: 'y, z.a, sk, x' })).toBe(
      'One or more parameter values were invalid: Global secondary index gsi does not project [x, y, z]',
    );
    expect(message({ Select: 'ALL_ATTRIBUTES' })).toBe(
      'One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index gsi because its projection type is not ALL',
    );
    expect(message({ ConsistentRead: true })).toBe('Consistent reads are not supported on global secondary indexes');
    expect(message({ FilterExpression: 'r = :g' })).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: r');
    expect(message({ IndexName: 'nope' })).toBe('The table does not have the specified index: nope');
    // The table's key is no key of the GSI: a filter on it is allowed (as on DynamoDB Local).
    expect(message({ FilterExpression: 'pk = :g' })).toBeUndefined();
    expect(engine.execute('Query', { TableName: 'idx', IndexName: 'gall', ...G, Select: 'ALL_ATTRIBUTES' }).Count).toBe(1);
  });

  it('reports errors in DynamoDB Local\'s order', () => {
    const engine = indexedTable();
    const badFilter = { FilterExpression: 'x BETWEEN :b AND :a', ExpressionAttributeValues: { ':g': { S: 'G' }, ':a': { S: 'a' }, ':b': { S: 'b' } } };
    // A Query reports its expressions before ConsistentRead on a GSI; a Scan the other way round.
    expect(errorOf(() => engine.execute('Query', { TableName: 'idx', IndexName: 'gsi', KeyConditionExpression: 'g = :g', ConsistentRead: true, ...badFilter }))?.message).toMatch(
      /^Invalid FilterExpression: The BETWEEN operator requires upper bound/,
    );
    const { ':g': _, ...scanValues } = badFilter.ExpressionAttributeValues;
    expect(errorOf(() => engine.execute('Scan', { TableName: 'idx', IndexName: 'gsi', ConsistentRead: true, ...badFilter, ExpressionAttributeValues: scanValues }))?.message).toBe(
      'Consistent reads are not supported on global secondary indexes',
    );
    // Filter attributes the index lacks come before Select and ProjectionExpression.
    expect(
      errorOf(() => engine.execute('Query', { TableName: 'idx', IndexName: 'gsi', ...G, FilterExpression: 'c = :g', Select: 'SPECIFIC_ATTRIBUTES', ProjectionExpression: 'y' }))?.message,
    ).toBe('One or more parameter values were invalid: Secondary index gsi does not project one or more filter attributes: [c]');
  });

  it('bills GSI reads to the index', () => {
    const engine = indexedTable();
    put(engine, 'idx', { pk: { S: 'a' }, sk: { N: '1' }, g: { S: 'G' }, r: { N: '5' } });
    const output = engine.execute('Query', { TableName: 'idx', IndexName: 'gsi', ...G, ReturnConsumedCapacity: 'INDEXES' });
    expect(output.ConsumedCapacity).toMatchObject({ TableName: 'idx', CapacityUnits: 0.5, Table: { CapacityUnits: 0 }, GlobalSecondaryIndexes: { gsi: { CapacityUnits: 0.5 } } });
  });
});

describe('Query on an LSI', () => {
  function lsiTable(): ReturnType<typeof newEngine> {
    const engine = indexedTable();
    for (let i = 0; i < 5; i++) put(engine, 'idx', { pk: { S: 'a' }, sk: { N: String(i) }, l: { S: `l${4 - i}` }, x: { S: 'x' }, y: { S: 'y' } });
    return engine;
  }
  const A = { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'a' } } };

  it('orders by the LSI sort key and allows strongly consistent reads', () => {
    const engine = lsiTable();
    const output = engine.execute('Query', { TableName: 'idx', IndexName: 'lsi', ...A, ConsistentRead: true });
    expect((output.Items as Wire[]).map((item) => (item.l as { S: string }).S)).toEqual(['l0', 'l1', 'l2', 'l3', 'l4']);
    expect(output.Items as Wire[]).toContainEqual({ pk: { S: 'a' }, sk: { N: '4' }, l: { S: 'l0' }, x: { S: 'x' } });
  });

  it('fetches the base item for attributes the index lacks, adding a table read per item (as DynamoDB Local)', () => {
    const engine = lsiTable();
    const fetched = engine.execute('Query', { TableName: 'idx', IndexName: 'lsi', ...A, Limit: 2, ProjectionExpression: 'y, x', ReturnConsumedCapacity: 'INDEXES' });
    expect(fetched.Items).toEqual([{ x: { S: 'x' }, y: { S: 'y' } }, { x: { S: 'x' }, y: { S: 'y' } }]);
    expect(fetched.LastEvaluatedKey).toEqual({ pk: { S: 'a' }, sk: { N: '3' }, l: { S: 'l1' } });
    expect(fetched.ConsumedCapacity).toMatchObject({ CapacityUnits: 1.5, Table: { CapacityUnits: 1 }, LocalSecondaryIndexes: { lsi: { CapacityUnits: 0.5 } } });

    const all = engine.execute('Query', { TableName: 'idx', IndexName: 'lsi', ...A, Limit: 1, Select: 'ALL_ATTRIBUTES', ReturnConsumedCapacity: 'INDEXES' });
    expect(all.Items).toEqual([{ pk: { S: 'a' }, sk: { N: '4' }, l: { S: 'l0' }, x: { S: 'x' }, y: { S: 'y' } }]);
    expect(all.ConsumedCapacity).toMatchObject({ CapacityUnits: 1, Table: { CapacityUnits: 0.5 }, LocalSecondaryIndexes: { lsi: { CapacityUnits: 0.5 } } });

    const projected = engine.execute('Query', { TableName: 'idx', IndexName: 'lsi', ...A, Limit: 1, ReturnConsumedCapacity: 'INDEXES' });
    expect(projected.ConsumedCapacity).toMatchObject({ CapacityUnits: 0.5, Table: { CapacityUnits: 0 } });
  });

  it('refuses a Query filter on attributes the index lacks, but a Scan of the LSI reads them from the base item', () => {
    const engine = lsiTable();
    put(engine, 'idx', { pk: { S: 'a' }, sk: { N: '9' }, l: { S: 'l9' }, x: { S: 'x' }, y: { S: 'special' } });
    const filter = { FilterExpression: 'y = :y', ExpressionAttributeValues: { ':p': { S: 'a' }, ':y': { S: 'special' } } };
    for (const index of ['lsi', 'gsi']) {
      const message = errorOf(() => engine.execute('Query', { TableName: 'idx', IndexName: index, KeyConditionExpression: index === 'lsi' ? 'pk = :p' : 'g = :p', ...filter }))?.message;
      expect(message).toBe(`One or more parameter values were invalid: Secondary index ${index} does not project one or more filter attributes: [y]`);
    }
    const output = engine.execute('Scan', { TableName: 'idx', IndexName: 'lsi', FilterExpression: 'y = :y', ExpressionAttributeValues: { ':y': { S: 'special' } } });
    expect(output.Items).toEqual([{ pk: { S: 'a' }, sk: { N: '9' }, l: { S: 'l9' }, x: { S: 'x' } }]);
    expect(output.ScannedCount).toBe(6);
  });
});
