/**
 * Scan through the AWS SDK on every target: pages, filters, parallel
 * segments that together return every item once, and the messages for bad
 * segments and start keys.
 */
import { CreateTableCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { refusal } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

async function scanAll(target: ConformanceTarget, input: ScanCommandInput): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await target.client.send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

describeEachTarget('Scan', (target) => {
  async function filledTable(prefix: string, count: number): Promise<string> {
    const TableName = target.tableName(prefix);
    await target.client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'g', AttributeType: 'S' },
        ],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
      }),
    );
    for (let i = 0; i < count; i++) {
      const Item: Record<string, AttributeValue> = { pk: { S: `item-${i}` }, n: { N: String(i) } };
      if (i % 3 === 0) Item.g = { S: `g${i % 2}` };
      await target.client.send(new PutItemCommand({ TableName, Item }));
    }
    return TableName;
  }

  it('returns every item once across segments and pages', async () => {
    const TableName = await filledTable('scan-segments', 24);
    const seen: string[] = [];
    for (let Segment = 0; Segment < 4; Segment++) {
      const items = await scanAll(target, { TableName, Segment, TotalSegments: 4, Limit: 5 });
      seen.push(...items.map((item) => item.pk!.S!));
    }
    expect(seen.sort()).toEqual([...Array(24).keys()].map((i) => `item-${i}`).sort());
  });

  it('filters after Limit, counts items evaluated, and reads a sparse index', async () => {
    const TableName = await filledTable('scan-filter', 12);
    const page = await target.client.send(
      new ScanCommand({ TableName, FilterExpression: 'n < :five', ExpressionAttributeValues: { ':five': { N: '5' } }, Select: 'COUNT' }),
    );
    expect([page.Count, page.ScannedCount]).toEqual([5, 12]);
    const legacy = await target.client.send(
      new ScanCommand({
        TableName,
        ScanFilter: { n: { ComparisonOperator: 'BETWEEN', AttributeValueList: [{ N: '2' }, { N: '4' }] }, g: { ComparisonOperator: 'NOT_NULL' } },
        ConditionalOperator: 'OR',
        AttributesToGet: ['n'],
      }),
    );
    expect(legacy.Items?.map((item) => Number(item.n!.N)).sort((a, b) => a - b)).toEqual([0, 2, 3, 4, 6, 9]);
    const index = await scanAll(target, { TableName, IndexName: 'byG', Limit: 2 });
    expect(index.map((item) => item.pk!.S).sort()).toEqual(['item-0', 'item-3', 'item-6', 'item-9']);
    expect(Object.keys(index[0]!).sort()).toEqual(['g', 'pk']);
  });

  it('refuses bad segments, ConsistentRead on a GSI and bad start keys', async () => {
    const TableName = await filledTable('scan-errors', 2);
    // The third member, when there is one, is DynamoDB Local's own wording where AWS says otherwise
    // (docs/dynamodb-rules.md#where-dynamodb-local-differs).
    const cases: [ScanCommandInput, string, string?][] = [
      [
        { TableName, Segment: 1 },
        'The TotalSegments parameter is required but was not present in the request when Segment parameter is present',
        'If segment is specified, total segment must also be specified',
      ],
      [
        { TableName, TotalSegments: 2 },
        'The Segment parameter is required but was not present in the request when parameter TotalSegments is present',
        'If total segments is specified, a particular segment must also be specified for this request',
      ],
      [
        { TableName, Segment: 2, TotalSegments: 2 },
        'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is not less than TotalSegments: 2',
        "1 validation error detected: Value '2' at 'segment' failed to satisfy constraint: Member must have value less than or equal to 1",
      ],
      [
        { TableName, Segment: 0, TotalSegments: 1000001 },
        "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000",
      ],
      [{ TableName, IndexName: 'byG', ConsistentRead: true }, 'Consistent reads are not supported on global secondary indexes'],
      [{ TableName, IndexName: 'byG', ExclusiveStartKey: { pk: { S: 'item-0' } } }, 'The provided starting key is invalid'],
      [{ TableName, ExclusiveStartKey: { pk: { N: '1' } } }, 'Type mismatch for attribute to update'],
      [
        { TableName, Limit: 0 },
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
        'Limit must be greater than or equal to 1',
      ],
      [
        { TableName, IndexName: 'byG', Select: 'ALL_ATTRIBUTES' },
        'One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index byG because its projection type is not ALL',
      ],
      [{ TableName, IndexName: 'byG', ProjectionExpression: 'n' }, 'One or more parameter values were invalid: Global secondary index byG does not project [n]'],
      [{ TableName, ConditionalOperator: 'OR' }, 'ConditionalOperator cannot be used without Filter or Expected'],
      [
        { TableName, ScanFilter: { n: { ComparisonOperator: 'NULL' } }, ProjectionExpression: 'n' },
        'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {ScanFilter} Expression parameters: {ProjectionExpression}',
      ],
      [{ TableName, ExpressionAttributeValues: { ':x': { S: 'x' } } }, 'ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null'],
    ];
    for (const [input, message, local] of cases) {
      const expected = target.isDynamoDbLocal && local !== undefined ? local : message;
      expect(await refusal(target.client.send(new ScanCommand(input)))).toEqual({ name: 'ValidationException', message: expected });
    }
  });
});
