/**
 * The expression builder's read as the item routes take it (DynamoDB's own
 * parameters in wire JSON), the query panel pane it opens as, and the key
 * fields a picked table or index gives.
 */
import { describe, expect, it } from 'vitest';
import type { DynamoTableDescription } from '../../src/api/types.js';
import { buildRequest } from '../../src/expressions/build-request.js';
import { DEFAULT_EXPRESSION_STATE, type ExpressionState } from '../../src/expressions/expression-state.js';
import { isRunnable, paneForRead, runRequest } from '../../src/expressions/run-request.js';
import { pickIndex, pickTable, targetText } from '../../src/expressions/table-choice.js';
import { findTarget, queryTargets } from '../../src/workbench/table-indexes.js';
import { multiAttributeTickets } from '../../../core/test/support/multi-attribute-tickets.js';

const state = (change: Partial<ExpressionState> = {}): ExpressionState => ({ ...DEFAULT_EXPRESSION_STATE, ...change });

describe('runRequest', () => {
  it('sends the example Query with its index, key condition, filter, projection and placeholders, without the table name', () => {
    const built = buildRequest(state());
    const { action, body } = runRequest('Query', built.params!);
    expect(action).toBe('query');
    expect(body['TableName']).toBeUndefined();
    expect(body['IndexName']).toBe('GSI1');
    expect(body['KeyConditionExpression']).toBe(built.params!.KeyConditionExpression);
    expect(body['FilterExpression']).toBe(built.params!.FilterExpression);
    expect(Object.values(body['ExpressionAttributeValues'] as Record<string, unknown>)).toContainEqual({ S: 'TEAM#7' });
  });

  it('sends a GetItem as its Key in wire JSON, and refuses to run writes', () => {
    const built = buildRequest(state({ operation: 'GetItem', partitionKey: 'PK', partitionValue: 'TICKET#1', sortKey: 'SK', sortValue: 'TICKET', projection: '' }));
    expect(runRequest('GetItem', built.params!)).toEqual({ action: 'get', body: { Key: { PK: { S: 'TICKET#1' }, SK: { S: 'TICKET' } } } });
    expect(['Query', 'Scan', 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'].map((operation) => isRunnable(operation as ExpressionState['operation']))).toEqual([true, true, true, false, false, false]);
  });
});

describe('paneForRead', () => {
  it('opens a Query with its key condition and filter as friendly text on its index', () => {
    expect(paneForRead(state())).toMatchObject({
      mode: 'query',
      indexName: 'GSI1',
      keyMode: 'text',
      keyText: DEFAULT_EXPRESSION_STATE.key,
      filterMode: 'text',
      filterText: DEFAULT_EXPRESSION_STATE.filter,
      projection: DEFAULT_EXPRESSION_STATE.projection,
    });
  });

  it('opens a Scan without a key, and a GetItem as a Query on its whole key', () => {
    expect(paneForRead(state({ operation: 'Scan', index: '', filter: '' }))).toMatchObject({ mode: 'scan', indexName: undefined, keyMode: 'fields', filterMode: 'builder' });
    const get = paneForRead(state({ operation: 'GetItem', partitionKey: 'PK', partitionType: 'N', partitionValue: ' 42 ', sortKey: 'SK', sortValue: 'A"B' }));
    expect(get).toMatchObject({ mode: 'query', indexName: undefined, keyMode: 'text', keyText: 'PK = 42 AND SK = "A\\"B"' });
  });
});

describe('the table picker', () => {
  const table: DynamoTableDescription = {
    TableName: 'Leaderboard',
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'PK', AttributeType: 'S' },
      { AttributeName: 'SK', AttributeType: 'S' },
      { AttributeName: 'GSI1PK', AttributeType: 'S' },
      { AttributeName: 'rating', AttributeType: 'N' },
    ],
    GlobalSecondaryIndexes: [{ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'rating', KeyType: 'RANGE' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
  };

  it('fills the key fields from the table, or from the index picked', () => {
    const single = { extraPartitionKeys: [], extraSortKeys: [] };
    expect(pickTable(table)).toEqual({ table: 'Leaderboard', index: '', partitionKey: 'PK', partitionType: 'S', sortKey: 'SK', sortType: 'S', ...single });
    expect(pickIndex(table, 'GSI1')).toEqual({ index: 'GSI1', partitionKey: 'GSI1PK', partitionType: 'S', sortKey: 'rating', sortType: 'N', ...single });
    expect(pickIndex(table, '')).toMatchObject({ index: '', partitionKey: 'PK' });
  });

  it('fills one row per key attribute from a multi-attribute GSI, and says them all', () => {
    const tickets = multiAttributeTickets();
    expect(pickIndex(tickets, 'ByStatus')).toEqual({
      index: 'ByStatus',
      partitionKey: 'status',
      partitionType: 'S',
      extraPartitionKeys: [{ name: 'priority', type: 'N' }],
      sortKey: 'createdAt',
      sortType: 'S',
      extraSortKeys: [{ name: 'id', type: 'S' }],
    });
    expect(targetText(findTarget(queryTargets(tickets), 'ByStatus'))).toBe('GSI ByStatus: partition key status (S) + priority (N), sort key createdAt (S) + id (S); projects ALL');
  });

  it('says each key schema in words', () => {
    expect(queryTargets(table).map(targetText)).toEqual(['Partition key PK (S), sort key SK (S)', 'GSI GSI1: partition key GSI1PK (S), sort key rating (N); projects KEYS_ONLY']);
  });
});
