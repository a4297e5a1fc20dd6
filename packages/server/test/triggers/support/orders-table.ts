/** The table the trigger tests write to: keyed by `pk`, with a NEW_IMAGE stream. */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const ORDERS_WITH_STREAM: CreateTableCommandInput = {
  TableName: 'Orders',
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  BillingMode: 'PAY_PER_REQUEST',
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
};
