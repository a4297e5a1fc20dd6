/** The JSON shapes of the table operations' requests (only the members they read). */
import { checkShape, type Shape } from '../../validation/shapes.js';

const throughput: Shape = { structure: { ReadCapacityUnits: 'Long', WriteCapacityUnits: 'Long' } };
const keySchema: Shape = { list: { structure: { AttributeName: 'String', KeyType: 'String' } } };
const attributeDefinitions: Shape = { list: { structure: { AttributeName: 'String', AttributeType: 'String' } } };
const projection: Shape = { structure: { ProjectionType: 'String', NonKeyAttributes: { list: 'String' } } };
const globalIndex: Shape = {
  structure: { IndexName: 'String', KeySchema: keySchema, Projection: projection, ProvisionedThroughput: throughput },
};
const localIndex: Shape = { structure: { IndexName: 'String', KeySchema: keySchema, Projection: projection } };
const stream: Shape = { structure: { StreamEnabled: 'Boolean', StreamViewType: 'String' } };
const sse: Shape = { structure: { Enabled: 'Boolean', SSEType: 'String', KMSMasterKeyId: 'String' } };
const tags: Shape = { list: { structure: { Key: 'String', Value: 'String' } } };

const SHAPES: Record<string, Shape> = {
  CreateTable: {
    structure: {
      TableName: 'String',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: keySchema,
      LocalSecondaryIndexes: { list: localIndex },
      GlobalSecondaryIndexes: { list: globalIndex },
      BillingMode: 'String',
      ProvisionedThroughput: throughput,
      StreamSpecification: stream,
      SSESpecification: sse,
      Tags: tags,
      TableClass: 'String',
      DeletionProtectionEnabled: 'Boolean',
    },
  },
  UpdateTable: {
    structure: {
      TableName: 'String',
      AttributeDefinitions: attributeDefinitions,
      BillingMode: 'String',
      ProvisionedThroughput: throughput,
      GlobalSecondaryIndexUpdates: {
        list: {
          structure: {
            Create: globalIndex,
            Update: { structure: { IndexName: 'String', ProvisionedThroughput: throughput } },
            Delete: { structure: { IndexName: 'String' } },
          },
        },
      },
      StreamSpecification: stream,
      SSESpecification: sse,
      TableClass: 'String',
      DeletionProtectionEnabled: 'Boolean',
    },
  },
  DescribeTable: { structure: { TableName: 'String' } },
  DeleteTable: { structure: { TableName: 'String' } },
  ListTables: { structure: { ExclusiveStartTableName: 'String', Limit: 'Integer' } },
  DescribeTimeToLive: { structure: { TableName: 'String' } },
  UpdateTimeToLive: {
    structure: { TableName: 'String', TimeToLiveSpecification: { structure: { AttributeName: 'String', Enabled: 'Boolean' } } },
  },
  TagResource: { structure: { ResourceArn: 'String', Tags: tags } },
  UntagResource: { structure: { ResourceArn: 'String', TagKeys: { list: 'String' } } },
  ListTagsOfResource: { structure: { ResourceArn: 'String', NextToken: 'String' } },
};

/** Throws DynamoDB's SerializationException when a member has the wrong JSON type. */
export function checkRequestShape(operation: keyof typeof SHAPES, input: Record<string, unknown>): void {
  checkShape(input, SHAPES[operation]!);
}
