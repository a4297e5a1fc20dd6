/**
 * Query pages: Limit counts items evaluated (before the filter), a page stops
 * once 1 MB of items has been read, LastEvaluatedKey resumes exactly after the
 * last item read, forward and backward. Messages confirmed on DynamoDB Local.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allPages, errorOf, itemsOf, newEngine, put, simpleTable, type Wire } from './support.js';

const PARTITION = { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } } };

function numbered(engine: ReturnType<typeof newEngine>, count: number, extra: (i: number) => Wire = () => ({})): void {
  for (let i = 0; i < count; i++) put(engine, 'pages', { pk: { S: 'p' }, sk: { N: String(i) }, ...extra(i) });
}

const skOf = (item: Wire): number => Number((item.sk as { N: string }).N);

describe('Query pagination', () => {
  it('pages through every item exactly once with any Limit, in both directions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), (count, limit, forward) => {
        const engine = newEngine();
        simpleTable(engine, 'pages', 'N');
        numbered(engine, count);
        const pages = allPages(engine, 'Query', { TableName: 'pages', ...PARTITION, Limit: limit, ScanIndexForward: forward });
        const order = itemsOf(pages).map(skOf);
        const expected = [...Array(count).keys()];
        expect(order).toEqual(forward ? expected : expected.reverse());
        // Every page but the last is full; a page cut by Limit has a LastEvaluatedKey even when nothing follows (as DynamoDB Local).
        for (const page of pages.slice(0, -1)) expect(page.Count).toBe(limit);
        expect(pages.length).toBe(Math.floor(count / limit) + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('applies Limit before the filter: ScannedCount counts items evaluated', () => {
    const engine = newEngine();
    simpleTable(engine, 'pages', 'N');
    numbered(engine, 10, (i) => ({ even: { BOOL: i % 2 === 0 } }));
    const page = engine.execute('Query', {
      TableName: 'pages',
      KeyConditionExpression: 'pk = :p',
      FilterExpression: 'even = :t',
      ExpressionAttributeValues: { ':p': { S: 'p' }, ':t': { BOOL: true } },
      Limit: 5,
    });
    expect(page.ScannedCount).toBe(5);
    expect(page.Count).toBe(3);
    expect((page.Items as Wire[]).map(skOf)).toEqual([0, 2, 4]);
    expect(page.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: '4' } });
  });

  it('cuts a page after the item that crosses 1 MB, and resumes after it', () => {
    // Each item is about 100 KB: ten fit under 1 MB, the eleventh crosses it (DynamoDB Local returns 11 of 12).
    const engine = newEngine();
    simpleTable(engine, 'pages', 'N');
    numbered(engine, 12, () => ({ d: { S: 'x'.repeat(99_980) } }));
    for (const forward of [true, false]) {
      const pages = allPages(engine, 'Query', { TableName: 'pages', ...PARTITION, Select: 'COUNT', ScanIndexForward: forward, ReturnConsumedCapacity: 'TOTAL' });
      expect(pages.map((page) => page.Count)).toEqual([11, 1]);
      expect(pages[0]!.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { N: forward ? '10' : '1' } });
      // 11 items of 99,987 bytes, summed then rounded up once to 4 KB, eventually consistent (DynamoDB Local: 134.5).
      expect((pages[0]!.ConsumedCapacity as { CapacityUnits: number }).CapacityUnits).toBe(134.5);
    }
  });

  it('charges the summed size of items read, rounded up once, even when nothing matches', () => {
    const engine = newEngine();
    simpleTable(engine, 'pages', 'N');
    numbered(engine, 3, () => ({ d: { S: 'x'.repeat(3000) } }));
    const read = (input: Wire) =>
      (engine.execute('Query', { TableName: 'pages', ReturnConsumedCapacity: 'TOTAL', ...input }).ConsumedCapacity as { CapacityUnits: number }).CapacityUnits;
    // 3 × 3,008 bytes = 9,024 bytes → 3 blocks of 4 KB.
    expect(read({ ...PARTITION, ConsistentRead: true })).toBe(3);
    expect(read(PARTITION)).toBe(1.5);
    expect(read({ ...PARTITION, FilterExpression: 'attribute_exists(nothing)', ConsistentRead: true })).toBe(3);
    // An empty partition still costs the minimum (docs/dynamodb-rules.md#capacity; DynamoDB Local reports 0).
    expect(read({ KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'empty' } } })).toBe(0.5);
  });

  it('refuses a bad ExclusiveStartKey with DynamoDB Local\'s messages', () => {
    const engine = newEngine();
    simpleTable(engine, 'pages', 'N');
    numbered(engine, 5);
    const query = (start: Wire, condition = 'pk = :p', values: Wire = { ':p': { S: 'p' } }) =>
      errorOf(() => engine.execute('Query', { TableName: 'pages', KeyConditionExpression: condition, ExpressionAttributeValues: values, ExclusiveStartKey: start }))?.message;
    expect(query({ pk: { S: 'p' } })).toBe("Exclusive Start Key must have same size as table's key schema");
    expect(query({ pk: { S: 'p' }, sk: { N: '1' }, x: { S: 'x' } })).toBe("Exclusive Start Key must have same size as table's key schema");
    expect(query({ pk: { S: 'p' }, sk: { S: '1' } })).toBe('Type mismatch for attribute to update');
    expect(query({ pk: { S: 'q' }, sk: { N: '1' } })).toBe('The provided starting key does not match the range key predicate');
    expect(query({ pk: { S: 'p' }, sk: { N: '1' } }, 'pk = :p AND sk > :s', { ':p': { S: 'p' }, ':s': { N: '3' } })).toBe(
      'The provided starting key does not match the range key predicate',
    );
    expect(query({ pk: { S: 'p' }, sk: { N: '1' } })).toBeUndefined();
  });

  it('validates Limit and Select with DynamoDB Local\'s messages', () => {
    const engine = newEngine();
    simpleTable(engine, 'pages', 'N');
    const message = (input: Wire) => errorOf(() => engine.execute('Query', { TableName: 'pages', ...PARTITION, ...input }))?.message;
    // AWS's framework form (DynamoDB Local: 'Limit must be greater than or equal to 1', 'Select must be …').
    expect(message({ Limit: 0 })).toBe("1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
    expect(message({ Select: 'FOO' })).toBe(
      "1 validation error detected: Value 'FOO' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
    );
    expect(message({ Select: 'ALL_PROJECTED_ATTRIBUTES' })).toBe('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
    expect(message({ Select: 'SPECIFIC_ATTRIBUTES' })).toBe('Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES');
    expect(message({ Select: 'ALL_ATTRIBUTES', ProjectionExpression: 'x' })).toBe('Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES');
    expect(message({ Select: 'COUNT', ProjectionExpression: 'x' })).toBe('Cannot specify the ProjectionExpression when choosing to get only the Count');
    expect(errorOf(() => engine.execute('Query', { TableName: 'pages' }))?.message).toBe(
      'Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.',
    );
    expect(message({ FilterExpression: 'sk > :p' })).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: sk');
    expect(errorOf(() => engine.execute('Query', { TableName: 'missing', ...PARTITION }))?.name).toBe('ResourceNotFoundException');
  });

  it('projects with ProjectionExpression and counts with Select COUNT', () => {
    const engine = newEngine();
    simpleTable(engine, 'pages', 'N');
    numbered(engine, 3, (i) => ({ a: { M: { b: { N: String(i * 10) }, c: { S: 'no' } } }, z: { S: 'no' } }));
    const projected = engine.execute('Query', { TableName: 'pages', ...PARTITION, ProjectionExpression: 'a.b, sk' });
    expect(projected.Items).toEqual([0, 1, 2].map((i) => ({ a: { M: { b: { N: String(i * 10) } } }, sk: { N: String(i) } })));
    const counted = engine.execute('Query', { TableName: 'pages', ...PARTITION, Select: 'COUNT' });
    expect(counted).toEqual({ Count: 3, ScannedCount: 3 });
  });
});
