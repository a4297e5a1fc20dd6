/**
 * Scan: pages, parallel segments that together cover every item exactly once,
 * capacity on items evaluated, and the segment messages of DynamoDB Local.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allPages, errorOf, itemsOf, newEngine, put, simpleTable, type Wire } from './support.js';

const keyOf = (item: Wire): string => `${(item.pk as { S: string }).S}/${(item.sk as { N: string }).N}`;

function filled(partitions: number, perPartition: number): ReturnType<typeof newEngine> {
  const engine = newEngine();
  simpleTable(engine, 'scanned', 'N');
  for (let p = 0; p < partitions; p++) {
    for (let s = 0; s < perPartition; s++) put(engine, 'scanned', { pk: { S: `p${p}` }, sk: { N: String(s) }, even: { BOOL: s % 2 === 0 } });
  }
  return engine;
}

describe('Scan', () => {
  it('covers every item exactly once across segments and pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 10 }), (partitions, perPartition, total, limit) => {
        const engine = filled(partitions, perPartition);
        const seen: string[] = [];
        for (let segment = 0; segment < total; segment++) {
          const pages = allPages(engine, 'Scan', { TableName: 'scanned', Segment: segment, TotalSegments: total, Limit: limit });
          seen.push(...itemsOf(pages).map(keyOf));
        }
        expect(seen.length).toBe(partitions * perPartition);
        expect(new Set(seen).size).toBe(seen.length);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a partition\'s items together and in sort order', () => {
    const engine = filled(5, 4);
    const items = itemsOf(allPages(engine, 'Scan', { TableName: 'scanned', Limit: 3 }));
    const partitions = items.map((item) => (item.pk as { S: string }).S);
    const runs = partitions.filter((p, i) => i === 0 || partitions[i - 1] !== p);
    expect(runs.length).toBe(5);
    for (const run of runs) {
      const sorts = items.filter((item) => (item.pk as { S: string }).S === run).map((item) => Number((item.sk as { N: string }).N));
      expect(sorts).toEqual([0, 1, 2, 3]);
    }
  });

  it('filters after Limit and charges for every item evaluated', () => {
    const engine = filled(3, 4);
    const output = engine.execute('Scan', {
      TableName: 'scanned',
      FilterExpression: 'even = :t',
      ExpressionAttributeValues: { ':t': { BOOL: true } },
      Select: 'COUNT',
      ReturnConsumedCapacity: 'TOTAL',
      ConsistentRead: true,
    });
    expect(output.Count).toBe(6);
    expect(output.ScannedCount).toBe(12);
    expect(output.ConsumedCapacity).toMatchObject({ CapacityUnits: 1 });
    const scanned = engine.execute('Scan', { TableName: 'scanned', ScanFilter: { even: { ComparisonOperator: 'EQ', AttributeValueList: [{ BOOL: false }] } } });
    expect(scanned.Count).toBe(6);
  });

  it('validates segments with DynamoDB Local\'s messages', () => {
    const engine = filled(3, 1);
    const message = (input: Wire) => errorOf(() => engine.execute('Scan', { TableName: 'scanned', ...input }))?.message;
    // AWS's words (DynamoDB Local: 'If segment is specified, total segment must also be specified', …).
    expect(message({ Segment: 1 })).toBe('The TotalSegments parameter is required but was not present in the request when Segment parameter is present');
    expect(message({ TotalSegments: 2 })).toBe('The Segment parameter is required but was not present in the request when parameter TotalSegments is present');
    expect(message({ TotalSegments: 2, Segment: 2 })).toBe(
      'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is not less than TotalSegments: 2',
    );
    // Before the table is looked up.
    expect(message({ TableName: 'missing', Segment: 1 })).toBe(
      'The TotalSegments parameter is required but was not present in the request when Segment parameter is present',
    );
    expect(message({ TotalSegments: 2, Segment: 1000000 })).toBe(
      "1 validation error detected: Value '1000000' at 'segment' failed to satisfy constraint: Member must have value less than or equal to 999999",
    );
    expect(message({ TotalSegments: 1000001, Segment: 0 })).toBe(
      "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000",
    );
    expect(message({ TotalSegments: 1000000, Segment: 999999 })).toBeUndefined();
    expect(message({ Limit: 0 })).toBe("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
    expect(message({ Select: 'ALL_PROJECTED_ATTRIBUTES' })).toBe('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
    expect(message({ ExclusiveStartKey: { pk: { S: 'p0' } } })).toBe("Exclusive Start Key must have same size as table's key schema");
    expect(message({ ExclusiveStartKey: { pk: { S: '' }, sk: { N: '1' } } })).toBe(
      'The query can return at most one row and cannot be restarted. The provided starting key is invalid: One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
  });

  it('refuses a start key outside the segment', () => {
    const engine = filled(20, 1);
    const total = 4;
    // Find an item of segment 0 and use it as the start key of every other segment.
    const first = engine.execute('Scan', { TableName: 'scanned', Segment: 0, TotalSegments: total, Limit: 1 });
    const start = first.LastEvaluatedKey as Wire;
    expect(start).toBeDefined();
    for (let segment = 1; segment < total; segment++) {
      expect(errorOf(() => engine.execute('Scan', { TableName: 'scanned', Segment: segment, TotalSegments: total, ExclusiveStartKey: start }))?.message).toBe(
        'Exclusive start key must lie within the segment',
      );
    }
  });

  it('refuses ConsistentRead on a GSI and reads index start keys with the index key', () => {
    const engine = newEngine();
    simpleTable(engine, 'scanned', 'N', {
      AttributeDefinitions: [{ AttributeName: 'g', AttributeType: 'S' }],
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
    });
    for (let i = 0; i < 6; i++) put(engine, 'scanned', { pk: { S: `p${i}` }, sk: { N: '1' }, g: { S: `g${i % 2}` } });
    expect(errorOf(() => engine.execute('Scan', { TableName: 'scanned', IndexName: 'byG', ConsistentRead: true }))?.message).toBe(
      'Consistent reads are not supported on global secondary indexes',
    );
    expect(errorOf(() => engine.execute('Scan', { TableName: 'scanned', IndexName: 'byG', ExclusiveStartKey: { pk: { S: 'p1' }, sk: { N: '1' } } }))?.message).toBe(
      'The provided starting key is invalid',
    );
    const pages = allPages(engine, 'Scan', { TableName: 'scanned', IndexName: 'byG', Limit: 4 });
    expect(itemsOf(pages).length).toBe(6);
    expect(Object.keys(pages[0]!.LastEvaluatedKey as Wire).sort()).toEqual(['g', 'pk', 'sk']);
  });
});
