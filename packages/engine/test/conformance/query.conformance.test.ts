/**
 * Query through the AWS SDK on every target, with the seed scenarios of the
 * product: the audit log (newest first, a day window with BETWEEN, equal
 * timestamps kept apart by a suffix), the leaderboard (top N by rating on a
 * GSI), the sparse GSI of open tickets, and ConsistentRead refused on a GSI.
 */
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, CreateTableCommandInput, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, GSI1, keySchema, refusal, S, stringAttributes } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

async function put(target: ConformanceTarget, TableName: string, Item: Record<string, AttributeValue>): Promise<void> {
  await target.client.send(new PutItemCommand({ TableName, Item }));
}

/** PK/SK strings, with one overloaded GSI (GSI1PK/GSI1SK). */
function singleTable(TableName: string): CreateTableCommandInput {
  return {
    TableName,
    AttributeDefinitions: stringAttributes('PK', 'SK', 'GSI1PK', 'GSI1SK'),
    KeySchema: keySchema('PK', 'SK'),
    GlobalSecondaryIndexes: [GSI1],
  };
}

describeEachTarget('Query', (target) => {
  it('reads the audit log newest first and a day window with BETWEEN', async () => {
    const TableName = target.tableName('query-audit');
    await createTable(target, singleTable(TableName));
    const events = [
      'EVT#2026-06-22T23:59:59Z#a',
      'EVT#2026-06-23T08:00:00Z#a',
      'EVT#2026-06-23T09:15:00Z#a',
      'EVT#2026-06-23T09:15:00Z#b',
      'EVT#2026-06-23T17:30:00Z#a',
      'EVT#2026-06-24T00:00:00Z#a',
    ];
    for (const SK of events) await put(target, TableName, { PK: S('ACTOR#u_8814'), SK: S(SK), action: S('login') });
    await put(target, TableName, { PK: S('ACTOR#u_0001'), SK: S('EVT#2026-06-23T10:00:00Z#a') });

    const feed = await target.client.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'PK = :actor AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':actor': S('ACTOR#u_8814'), ':evt': S('EVT#') },
        ScanIndexForward: false,
        Limit: 3,
      }),
    );
    expect(feed.Items?.map((item) => item.SK?.S)).toEqual([events[5], events[4], events[3]]);
    expect(feed.LastEvaluatedKey).toEqual({ PK: S('ACTOR#u_8814'), SK: S(events[3]!) });

    const day = await target.client.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'PK = :actor AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':actor': S('ACTOR#u_8814'),
          ':from': S('EVT#2026-06-23T00:00:00Z'),
          ':to': S('EVT#2026-06-23T23:59:59Z'),
        },
      }),
    );
    // The two events at 09:15 stay distinct through their suffix.
    expect(day.Items?.map((item) => item.SK?.S)).toEqual(events.slice(1, 5));
    expect(day.Count).toBe(4);
    expect(day.ScannedCount).toBe(4);
  });

  it('answers the top N players of a season by rating from a GSI, and shows why ratings need padding', async () => {
    const TableName = target.tableName('query-leaderboard');
    await createTable(target, singleTable(TableName));
    const ratings: Record<string, number> = { ana: 1842, bo: 999, cy: 2210, dee: 1500, eli: 1842 };
    for (const [player, rating] of Object.entries(ratings)) {
      await put(target, TableName, {
        PK: S(`PLAYER#${player}`),
        SK: S('PROFILE'),
        GSI1PK: S('SEASON#2026'),
        GSI1SK: S(`RATING#${String(rating).padStart(5, '0')}`),
        padless: S(`RATING#${rating}`),
      });
    }
    const bySeason: QueryCommandInput = {
      TableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :season',
      ExpressionAttributeValues: { ':season': S('SEASON#2026') },
      ScanIndexForward: false,
    };
    const top = await target.client.send(new QueryCommand({ ...bySeason, Limit: 3 }));
    expect(top.Items?.map((item) => item.GSI1SK?.S)).toEqual(['RATING#02210', 'RATING#01842', 'RATING#01842']);
    expect(top.Items?.slice(1).map((item) => item.PK?.S).sort()).toEqual(['PLAYER#ana', 'PLAYER#eli']);
    // The page ends on an index entry: its key is the index key plus the table key.
    expect(Object.keys(top.LastEvaluatedKey ?? {}).sort()).toEqual(['GSI1PK', 'GSI1SK', 'PK', 'SK']);
    const rest = await target.client.send(new QueryCommand({ ...bySeason, ExclusiveStartKey: top.LastEvaluatedKey }));
    expect(rest.Items?.map((item) => item.GSI1SK?.S)).toEqual(['RATING#01500', 'RATING#00999']);
    // Unpadded, string order puts 999 above 1842.
    const unpadded = Object.values(ratings).map((rating) => `RATING#${rating}`).sort().reverse();
    expect(unpadded[0]).toBe('RATING#999');
  });

  it('lists only open tickets in a sparse GSI and refuses ConsistentRead on it', async () => {
    const TableName = target.tableName('query-tickets');
    await createTable(target, singleTable(TableName));
    await put(target, TableName, { PK: S('TICKET#8842'), SK: S('TICKET'), GSI1PK: S('TEAM#7'), GSI1SK: S('STATUS#open#TICKET#8842') });
    await put(target, TableName, { PK: S('TICKET#8843'), SK: S('TICKET'), GSI1PK: S('TEAM#7'), GSI1SK: S('STATUS#open#TICKET#8843') });
    await put(target, TableName, { PK: S('TICKET#8844'), SK: S('TICKET'), status: S('closed') });
    const input: QueryCommandInput = {
      TableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :team AND begins_with(GSI1SK, :open)',
      ExpressionAttributeValues: { ':team': S('TEAM#7'), ':open': S('STATUS#open#') },
    };
    const open = await target.client.send(new QueryCommand(input));
    expect(open.Items?.map((item) => item.PK?.S)).toEqual(['TICKET#8842', 'TICKET#8843']);
    expect(await refusal(target.client.send(new QueryCommand({ ...input, ConsistentRead: true })))).toEqual({
      name: 'ValidationException',
      message: 'Consistent reads are not supported on global secondary indexes',
    });
  });

  it('pages with Limit, applies it before the filter, and counts', async () => {
    const TableName = target.tableName('query-pages');
    await createTable(target, singleTable(TableName));
    for (let i = 0; i < 7; i++) await put(target, TableName, { PK: S('P'), SK: S(`S#${i}`), n: { N: String(i) } });
    const base: QueryCommandInput = {
      TableName,
      KeyConditionExpression: 'PK = :p',
      FilterExpression: 'n >= :min',
      ExpressionAttributeValues: { ':p': S('P'), ':min': { N: '3' } },
      Limit: 4,
    };
    const first = await target.client.send(new QueryCommand(base));
    expect([first.Count, first.ScannedCount]).toEqual([1, 4]);
    const second = await target.client.send(new QueryCommand({ ...base, ExclusiveStartKey: first.LastEvaluatedKey }));
    expect([second.Count, second.ScannedCount]).toEqual([3, 3]);
    expect(second.LastEvaluatedKey).toBeUndefined();
    const counted = await target.client.send(
      new QueryCommand({ TableName, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': S('P') }, Select: 'COUNT', ReturnConsumedCapacity: 'TOTAL' }),
    );
    expect(counted.Items).toBeUndefined();
    expect(counted.Count).toBe(7);
    expect(counted.ConsumedCapacity?.CapacityUnits).toBe(0.5);
  });

  it('refuses bad requests with DynamoDB\'s messages', async () => {
    const TableName = target.tableName('query-errors');
    await createTable(target, singleTable(TableName));
    const key = { KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': S('P') } };
    const cases: [QueryCommandInput, string][] = [
      [{ TableName, IndexName: 'nope', ...key }, 'The table does not have the specified index: nope'],
      [{ TableName, ...key, FilterExpression: 'SK = :p' }, 'Filter Expression can only contain non-primary key attributes: Primary key attribute: SK'],
      [{ TableName, ...key, Select: 'ALL_PROJECTED_ATTRIBUTES' }, 'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName'],
      [{ TableName, ...key, Select: 'COUNT', ProjectionExpression: 'a' }, 'Cannot specify the ProjectionExpression when choosing to get only the Count'],
      [{ TableName, ...key, ExclusiveStartKey: { PK: S('P') } }, "Exclusive Start Key must have same size as table's key schema"],
      [{ TableName, ...key, ExclusiveStartKey: { PK: S('Q'), SK: S('x') } }, 'The provided starting key does not match the range key predicate'],
      [
        { TableName, ...key, QueryFilter: { a: { ComparisonOperator: 'NULL' } } },
        'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {QueryFilter} Expression parameters: {KeyConditionExpression}',
      ],
      [
        { TableName, KeyConditions: { PK: { ComparisonOperator: 'EQ', AttributeValueList: [S('P')] }, SK: { ComparisonOperator: 'IN', AttributeValueList: [S('x')] } } },
        'Attempted conditional constraint is not an indexable operation',
      ],
      [
        { TableName, KeyConditions: { PK: { ComparisonOperator: 'EQ', AttributeValueList: [S('P')] } }, QueryFilter: { a: { ComparisonOperator: 'LT', AttributeValueList: [{ BOOL: true }] } } },
        'One or more parameter values were invalid: ComparisonOperator LT is not valid for BOOL AttributeValue type',
      ],
    ];
    for (const [input, message] of cases) expect(await refusal(target.client.send(new QueryCommand(input)))).toEqual({ name: 'ValidationException', message });
  });
});
