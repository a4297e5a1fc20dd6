import { describe, expect, it } from 'vitest';
import { getRequestParams, readRequestParams } from '@dynotable/core';

describe('readRequestParams', () => {
  it('builds a Query in one order and leaves out what is not given', () => {
    const params = readRequestParams('Query', {
      TableName: 'T',
      IndexName: 'GSI1',
      expressions: { KeyConditionExpression: '#0 = :0', ExpressionAttributeNames: { '#0': 'pk' }, ExpressionAttributeValues: { ':0': { S: 'a' } } },
      ScanIndexForward: false,
      Limit: 10,
      Segment: 1,
      TotalSegments: 2,
    });
    expect(Object.keys(params)).toEqual([
      'TableName',
      'IndexName',
      'KeyConditionExpression',
      'ExpressionAttributeNames',
      'ExpressionAttributeValues',
      'ScanIndexForward',
      'Limit',
      'ReturnConsumedCapacity',
    ]);
    expect(params.ReturnConsumedCapacity).toBe('INDEXES');
  });

  it('builds a Scan with its segments and without ScanIndexForward', () => {
    const params = readRequestParams('Scan', { TableName: 'T', ScanIndexForward: false, ConsistentRead: true, Segment: 0, TotalSegments: 4 });
    expect(params).toEqual({ TableName: 'T', ConsistentRead: true, Segment: 0, TotalSegments: 4, ReturnConsumedCapacity: 'INDEXES' });
  });
});

describe('getRequestParams', () => {
  it('builds a GetItem in one order and leaves out what is not given', () => {
    const params = getRequestParams({
      TableName: 'T',
      Key: { pk: { S: 'a' } },
      expressions: { ProjectionExpression: '#0', ExpressionAttributeNames: { '#0': 'name' }, ExpressionAttributeValues: undefined },
    });
    expect(params).toEqual({ TableName: 'T', Key: { pk: { S: 'a' } }, ProjectionExpression: '#0', ExpressionAttributeNames: { '#0': 'name' }, ReturnConsumedCapacity: 'INDEXES' });
    expect(Object.keys(params)).toEqual(['TableName', 'Key', 'ProjectionExpression', 'ExpressionAttributeNames', 'ReturnConsumedCapacity']);
  });
});
