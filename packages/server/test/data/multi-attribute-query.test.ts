/** A Query in friendly text on a multi-attribute GSI: every key condition is sent, one- and two-condition keys still checked as before. */
import { describe, expect, it } from 'vitest';
import { queryParams } from '../../src/data/items/read-requests.js';

describe('queryParams with friendly text', () => {
  it('sends a key condition on four key attributes, with the filter and projection in the same placeholders', () => {
    const params = queryParams('Tickets', {
      IndexName: 'ByStatus',
      key: 'status = "open" AND priority = 2 AND createdAt = "2025-11-01" AND id > "T#9"',
      filter: 'title <> ""',
      projection: 'title, id',
    });
    expect(params).toMatchObject({
      TableName: 'Tickets',
      IndexName: 'ByStatus',
      KeyConditionExpression: '#status = :v0 AND priority = :v1 AND createdAt = :v2 AND id > :v3',
      FilterExpression: 'title <> :v4',
      ProjectionExpression: 'title, id',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':v0': { S: 'open' }, ':v1': { N: '2' }, ':v2': { S: '2025-11-01' }, ':v3': { S: 'T#9' }, ':v4': { S: '' } },
    });
  });

  it('still refuses what no key condition may hold, whatever its length', () => {
    expect(() => queryParams('Tickets', { key: 'a = 1 AND b = 2 AND c <> 3' })).toThrow('Invalid operator used in KeyConditionExpression: <>');
    expect(() => queryParams('Tickets', { key: 'a > 1 AND b > 2' })).toThrow('Query key condition not supported');
  });
});
