/**
 * The JSON shapes of the item, read and PartiQL operations' requests: DynamoDB's
 * deserializer refuses a member of the wrong JSON type (an expression that is
 * a number, TransactItems that is an object) with a SerializationException
 * before any validation. Items, keys and attribute values are left to core's
 * wire conversion, which has its own messages for them; the containers the
 * engine walks (RequestItems, Keys, TransactItems…) are checked here.
 */
import { checkShape, type Shape } from '../validation/shapes.js';

const attributeValue: Shape = 'Value';
const item: Shape = 'Value';
const names: Shape = { map: 'String' };
const attributesToGet: Shape = { list: 'String' };
const legacyCondition: Shape = {
  structure: { ComparisonOperator: 'String', AttributeValueList: { list: attributeValue }, Exists: 'Boolean' },
};
const legacyConditions: Shape = { map: legacyCondition };

const common = {
  TableName: 'String',
  ReturnConsumedCapacity: 'String',
  ExpressionAttributeNames: names,
  ExpressionAttributeValues: item,
} satisfies Record<string, Shape>;

const writeCommon = {
  ...common,
  ReturnValues: 'String',
  ReturnItemCollectionMetrics: 'String',
  ReturnValuesOnConditionCheckFailure: 'String',
  ConditionExpression: 'String',
  ConditionalOperator: 'String',
  Expected: legacyConditions,
} satisfies Record<string, Shape>;

const readCommon = {
  ...common,
  IndexName: 'String',
  Limit: 'Integer',
  Select: 'String',
  ConsistentRead: 'Boolean',
  ProjectionExpression: 'String',
  FilterExpression: 'String',
  AttributesToGet: attributesToGet,
  ConditionalOperator: 'String',
  ExclusiveStartKey: item,
} satisfies Record<string, Shape>;

const transactMember = {
  TableName: 'String',
  ConditionExpression: 'String',
  ExpressionAttributeNames: names,
  ExpressionAttributeValues: item,
  ReturnValuesOnConditionCheckFailure: 'String',
} satisfies Record<string, Shape>;

/** One PartiQL statement, alone or in a batch. */
const partiqlStatement = {
  Statement: 'String',
  Parameters: { list: attributeValue },
  ConsistentRead: 'Boolean',
  ReturnValuesOnConditionCheckFailure: 'String',
} satisfies Record<string, Shape>;

const getMember: Shape = {
  structure: { TableName: 'String', Key: item, ProjectionExpression: 'String', ExpressionAttributeNames: names },
};

const SHAPES = {
  PutItem: { structure: { ...writeCommon, Item: item } },
  DeleteItem: { structure: { ...writeCommon, Key: item } },
  UpdateItem: {
    structure: {
      ...writeCommon,
      Key: item,
      UpdateExpression: 'String',
      AttributeUpdates: { map: { structure: { Action: 'String', Value: attributeValue } } },
    },
  },
  GetItem: {
    structure: { ...common, Key: item, ConsistentRead: 'Boolean', ProjectionExpression: 'String', AttributesToGet: attributesToGet },
  },
  Query: {
    structure: {
      ...readCommon,
      ScanIndexForward: 'Boolean',
      KeyConditionExpression: 'String',
      KeyConditions: legacyConditions,
      QueryFilter: legacyConditions,
    },
  },
  Scan: { structure: { ...readCommon, Segment: 'Integer', TotalSegments: 'Integer', ScanFilter: legacyConditions } },
  BatchGetItem: {
    structure: {
      ReturnConsumedCapacity: 'String',
      RequestItems: {
        map: {
          structure: {
            Keys: { list: item },
            AttributesToGet: attributesToGet,
            ConsistentRead: 'Boolean',
            ProjectionExpression: 'String',
            ExpressionAttributeNames: names,
          },
        },
      },
    },
  },
  BatchWriteItem: {
    structure: {
      ReturnConsumedCapacity: 'String',
      ReturnItemCollectionMetrics: 'String',
      RequestItems: {
        map: { list: { structure: { PutRequest: { structure: { Item: item } }, DeleteRequest: { structure: { Key: item } } } } },
      },
    },
  },
  TransactWriteItems: {
    structure: {
      ReturnConsumedCapacity: 'String',
      ReturnItemCollectionMetrics: 'String',
      ClientRequestToken: 'String',
      TransactItems: {
        list: {
          structure: {
            Put: { structure: { ...transactMember, Item: item } },
            Delete: { structure: { ...transactMember, Key: item } },
            ConditionCheck: { structure: { ...transactMember, Key: item } },
            Update: { structure: { ...transactMember, Key: item, UpdateExpression: 'String' } },
          },
        },
      },
    },
  },
  TransactGetItems: {
    structure: { ReturnConsumedCapacity: 'String', TransactItems: { list: { structure: { Get: getMember } } } },
  },
  ExecuteStatement: { structure: { ...partiqlStatement, ReturnConsumedCapacity: 'String', NextToken: 'String', Limit: 'Integer' } },
  BatchExecuteStatement: { structure: { ReturnConsumedCapacity: 'String', Statements: { list: { structure: partiqlStatement } } } },
  ExecuteTransaction: {
    structure: {
      ReturnConsumedCapacity: 'String',
      ClientRequestToken: 'String',
      TransactStatements: { list: { structure: { Statement: 'String', Parameters: { list: attributeValue }, ReturnValuesOnConditionCheckFailure: 'String' } } },
    },
  },
} satisfies Record<string, Shape>;

export type ItemOperationName = keyof typeof SHAPES;

/** Throws DynamoDB's SerializationException when a member of the request has the wrong JSON type. */
export function checkItemRequestShape(operation: ItemOperationName, input: Record<string, unknown>): void {
  checkShape(input, SHAPES[operation]);
}
