import { describe, expect, it } from 'vitest';
import { buildRead } from '../../src/workbench/query-request.js';
import { DEFAULT_QUERY_STATE, EMPTY_FILTER_ROW, type QueryState } from '../../src/workbench/query-state.js';
import { findTarget, queryTargets } from '../../src/workbench/table-indexes.js';
import { LEADERBOARD } from './fixtures.js';

const targets = queryTargets(LEADERBOARD);
const build = (fields: Partial<QueryState>) => {
  const state = { ...DEFAULT_QUERY_STATE, ...fields };
  return buildRead(state, 'Leaderboard', findTarget(targets, state.indexName));
};

describe('buildRead', () => {
  it('builds a Query on a GSI, descending, with BETWEEN on a number sort key', () => {
    const built = build({
      mode: 'query',
      indexName: 'by-score',
      partitionValue: 'chess',
      sortOperator: 'BETWEEN',
      sortValue: '1000',
      sortValue2: '2000.50',
      forward: false,
      limit: '25',
    });
    expect(built.errors).toEqual({});
    expect(built.body).toEqual({ key: 'game = "chess" AND score BETWEEN 1000 AND 2000.50', IndexName: 'by-score', Limit: 25, ScanIndexForward: false });
    expect(built.params).toEqual({
      TableName: 'Leaderboard',
      IndexName: 'by-score',
      KeyConditionExpression: 'game = :v0 AND score BETWEEN :v1 AND :v2',
      ExpressionAttributeValues: { ':v0': { S: 'chess' }, ':v1': { N: '1000' }, ':v2': { N: '2000.50' } },
      ScanIndexForward: false,
      Limit: 25,
      ReturnConsumedCapacity: 'INDEXES',
    });
  });

  it('writes begins_with and binary sort keys', () => {
    expect(build({ mode: 'query', partitionValue: 'P#1', sortOperator: 'begins_with', sortValue: 'DAY#2026' }).body?.key).toBe(
      'PK = "P#1" AND begins_with(SK, "DAY#2026")',
    );
    expect(build({ mode: 'query', indexName: 'by-blob', partitionValue: 'P', sortOperator: '>=', sortValue: 'AQI=' }).body?.key).toBe('PK = "P" AND blob >= b64"AQI="');
  });

  it('attaches problems to their fields', () => {
    expect(build({ mode: 'query' }).errors.partition?.message).toBe('Enter the value of PK');
    expect(build({ mode: 'query', indexName: 'by-score', partitionValue: 'g', sortOperator: '>', sortValue: 'high' }).errors.sort?.message).toBe(
      'A value provided cannot be converted into a number',
    );
    expect(build({ limit: '0' }).errors.limit).toBeDefined();
    expect(build({ segment: '2', totalSegments: '2' }).errors.segments?.message).toBe('Segment must be less than TotalSegments');
    expect(build({ segment: '1' }).errors.segments).toBeDefined();
    expect(build({}).body).toBeDefined();
  });

  it("gives DynamoDB's error for a hand-written key condition and filter", () => {
    const key = build({ mode: 'query', keyMode: 'text', keyText: 'PK = "a" AND other = 1' });
    expect(key.errors.key?.message).toMatch(/^Query condition missed key schema element/);
    const filter = build({ mode: 'query', partitionValue: 'a', filterMode: 'text', filterText: 'SK = "x"' });
    expect(filter.errors.filter?.message).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: SK');
    const syntax = build({ filterMode: 'text', filterText: 'a = = 1' });
    expect(syntax.errors.filter?.message).toMatch(/^Invalid FilterExpression: Syntax error; token: "="/);
    expect(syntax.errors.filter?.location).toBeDefined();
    expect(build({ projection: 'a,,b' }).errors.projection).toBeDefined();
  });

  it('never sends ConsistentRead to a GSI, and sends it to the table or an LSI', () => {
    const onGsi = build({ indexName: 'by-score', consistentRead: true });
    expect(onGsi.errors).toEqual({});
    expect(onGsi.params?.ConsistentRead).toBeUndefined();
    expect(onGsi.body?.ConsistentRead).toBeUndefined();
    expect(build({ consistentRead: true }).body?.ConsistentRead).toBe(true);
    expect(build({ indexName: 'by-blob', consistentRead: true }).params?.ConsistentRead).toBe(true);
  });

  it('compiles the filter builder and projection into one set of placeholders', () => {
    const built = build({
      filterRows: [
        { ...EMPTY_FILTER_ROW, path: 'status', value: 'open' },
        { ...EMPTY_FILTER_ROW, join: 'OR', path: 'address.city', operator: 'begins_with', value: 'Par' },
      ],
      projection: 'PK, status, address.city',
      segment: '0',
      totalSegments: '4',
    });
    expect(built.body).toEqual({
      filter: 'status = "open" OR begins_with(address.city, "Par")',
      projection: 'PK, status, address.city',
      Limit: 100,
      Segment: 0,
      TotalSegments: 4,
    });
    expect(built.params?.FilterExpression).toBe('#status = :v0 OR begins_with(address.city, :v1)');
    expect(built.params?.ProjectionExpression).toBe('PK, #status, address.city');
    expect(built.params?.ExpressionAttributeNames).toEqual({ '#status': 'status' });
  });

  it('points at the builder row at fault', () => {
    const built = build({ filterRows: [{ ...EMPTY_FILTER_ROW, path: 'a', value: 'x' }, { ...EMPTY_FILTER_ROW, path: '' }] });
    expect(built.filterRow).toBe(1);
    expect(built.body).toBeUndefined();
  });
});
