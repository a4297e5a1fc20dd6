/**
 * Table settings through the AWS SDK: time to live (and expired items really
 * deleted), tags and DescribeEndpoints. DynamoDB Local supports neither
 * tagging ("Tagging is not currently supported in DynamoDB Local.") nor
 * DescribeEndpoints, so those run on the engine targets only.
 */
import {
  CreateTableCommand,
  DescribeEndpointsCommand,
  DescribeTimeToLiveCommand,
  DescribeTableCommand,
  GetItemCommand,
  ListTagsOfResourceCommand,
  PutItemCommand,
  TagResourceCommand,
  UntagResourceCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { sweepExpiredItems } from '@dynotable/engine';
import { refusal } from './requests.js';
import { describeEachTarget } from './targets.js';

const onDemand = (TableName: string) =>
  new CreateTableCommand({
    TableName,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });

describeEachTarget('tables: time to live', (target) => {
  it('enables, describes and disables TTL with DynamoDB\'s messages', async () => {
    const TableName = target.tableName('ttl-settings');
    await target.client.send(onDemand(TableName));
    const described = await target.client.send(new DescribeTimeToLiveCommand({ TableName }));
    expect(described.TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'DISABLED' });
    const update = (AttributeName: string, Enabled: boolean) =>
      target.client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName, Enabled } }));
    expect(await refusal(update('expires', false))).toEqual({ name: 'ValidationException', message: 'TimeToLive is already disabled' });
    expect((await update('expires', true)).TimeToLiveSpecification).toEqual({ AttributeName: 'expires', Enabled: true });
    expect((await target.client.send(new DescribeTimeToLiveCommand({ TableName }))).TimeToLiveDescription).toEqual({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: 'expires',
    });
    expect(await refusal(update('expires', true))).toEqual({ name: 'ValidationException', message: 'TimeToLive is already enabled' });
    expect(await refusal(update('other', false))).toEqual({
      name: 'ValidationException',
      message: 'TimeToLive is active on a different AttributeName',
    });
    expect((await update('expires', false)).TimeToLiveSpecification).toEqual({ AttributeName: 'expires', Enabled: false });
  });
});

/** A clock the engine targets read, moved by the test. */
const clock = { ms: Date.UTC(2026, 0, 1) };

describeEachTarget(
  'tables: expired items are deleted',
  (target) => {
    it('deletes items whose TTL has passed, and only those', async () => {
      const TableName = target.tableName('ttl-expiry');
      const nowSeconds = clock.ms / 1000;
      await target.client.send(onDemand(TableName));
      await target.client.send(new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true } }));
      const put = (pk: string, expires?: string) =>
        target.client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, ...(expires ? { expires: { N: expires } } : {}) } }));
      await put('past', String(nowSeconds - 60));
      await put('future', String(nowSeconds + 60));
      await put('milliseconds', String(clock.ms - 60_000));
      await put('forever');
      sweepExpiredItems(target.engine!.context);
      const exists = async (pk: string) => (await target.client.send(new GetItemCommand({ TableName, Key: { pk: { S: pk } } }))).Item !== undefined;
      expect(await exists('past')).toBe(false);
      expect(await exists('future')).toBe(true);
      clock.ms += 120_000;
      sweepExpiredItems(target.engine!.context);
      expect(await exists('future')).toBe(false);
      expect(await exists('milliseconds')).toBe(true);
      expect(await exists('forever')).toBe(true);
      expect((await target.client.send(new DescribeTableCommand({ TableName }))).Table?.ItemCount).toBe(2);
    });
  },
  { only: ['engine-inprocess', 'engine-http'], engineOptions: () => ({ now: () => clock.ms }) },
);

describeEachTarget(
  'tables: tags and endpoints',
  (target) => {
    it('tags a table by its ARN', async () => {
      const TableName = target.tableName('tags');
      await target.client.send(onDemand(TableName));
      const { Table: table } = await target.client.send(new DescribeTableCommand({ TableName }));
      const ResourceArn = table!.TableArn!;
      await target.client.send(new TagResourceCommand({ ResourceArn, Tags: [{ Key: 'team', Value: 'data' }, { Key: 'tier', Value: 'gold' }] }));
      await target.client.send(new UntagResourceCommand({ ResourceArn, TagKeys: ['tier'] }));
      const listed = await target.client.send(new ListTagsOfResourceCommand({ ResourceArn }));
      expect(listed.Tags).toEqual([{ Key: 'team', Value: 'data' }]);
      const missing = `${ResourceArn}-gone`;
      // AWS refuses the ARN of no table as a permission (docs/dynamodb-rules.md#request-validation-messages).
      expect(await refusal(target.client.send(new ListTagsOfResourceCommand({ ResourceArn: missing })))).toEqual({
        name: 'AccessDeniedException',
        message: `User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource on resource: ${missing}`,
      });
    });

    it('answers DescribeEndpoints', async () => {
      const output = await target.client.send(new DescribeEndpointsCommand({}));
      expect(output.Endpoints).toEqual([{ Address: 'dynamodb.us-east-1.amazonaws.com', CachePeriodInMinutes: 1440 }]);
    });
  },
  { only: ['engine-inprocess', 'engine-http'] },
);
