/**
 * Bad input gets DynamoDB's error, never a crash: members of the wrong JSON
 * type are SerializationExceptions (texts as dynalite records DynamoDB's;
 * DynamoDB Local answers an internal failure), and random requests only ever
 * produce DynamoErrors.
 */
import fc from 'fast-check';
import { isDynamoError } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { engineAt, failure, HASH, onDemandTable, S } from './support.js';

describe('malformed table requests', () => {
  it('refuses members of the wrong JSON type with a SerializationException', () => {
    const engine = engineAt();
    const serialization = (message: string) => ({ name: 'SerializationException', message });
    expect(failure(engine, 'DescribeTable', { TableName: 123 })).toEqual(serialization('class java.lang.Long can not be converted to an String'));
    expect(failure(engine, 'DescribeTable', { TableName: {} })).toEqual(serialization('Start of structure or map found where not expected'));
    expect(failure(engine, 'DescribeTable', { TableName: [] })).toEqual(serialization('Unrecognized collection type class java.lang.String'));
    expect(failure(engine, 'ListTables', { Limit: '5' })).toEqual(serialization('class java.lang.String can not be converted to an Integer'));
    expect(failure(engine, 'ListTables', { Limit: 1.5 })).toEqual(serialization('class java.lang.Double can not be converted to an Integer'));
    expect(failure(engine, 'CreateTable', onDemandTable('things', { KeySchema: 'pk' }))).toEqual(serialization('Unexpected field type'));
    expect(failure(engine, 'CreateTable', onDemandTable('things', { ProvisionedThroughput: [] }))).toEqual(
      serialization('Start of list found where not expected'),
    );
    expect(failure(engine, 'UpdateTimeToLive', { TableName: 'things', TimeToLiveSpecification: { AttributeName: 'a', Enabled: 'yes' } })).toEqual(
      serialization('class java.lang.String can not be converted to an Boolean'),
    );
  });

  it('answers random requests with a result or a DynamoError', () => {
    const operations = ['CreateTable', 'UpdateTable', 'DescribeTable', 'DeleteTable', 'ListTables', 'UpdateTimeToLive', 'DescribeTimeToLive', 'TagResource', 'UntagResource', 'ListTagsOfResource'];
    const names = fc.constantFrom('things', 'pk', 'g', 'x', 'ab', 'arn:aws:dynamodb:us-east-1:123456789012:table/things');
    const leaf = fc.oneof(names, fc.integer({ min: -2, max: 30 }), fc.boolean(), fc.constant(null), fc.constantFrom('HASH', 'RANGE', 'S', 'N', 'ALL', 'INCLUDE', 'KEYS_ONLY', 'PROVISIONED', 'PAY_PER_REQUEST', 'NEW_IMAGE'));
    const keys = fc.constantFrom(
      'TableName', 'AttributeDefinitions', 'AttributeName', 'AttributeType', 'KeySchema', 'KeyType', 'BillingMode',
      'ProvisionedThroughput', 'ReadCapacityUnits', 'WriteCapacityUnits', 'GlobalSecondaryIndexes', 'LocalSecondaryIndexes',
      'IndexName', 'Projection', 'ProjectionType', 'NonKeyAttributes', 'GlobalSecondaryIndexUpdates', 'Create', 'Update', 'Delete',
      'StreamSpecification', 'StreamEnabled', 'StreamViewType', 'TimeToLiveSpecification', 'Enabled', 'Limit',
      'ExclusiveStartTableName', 'ResourceArn', 'Tags', 'Key', 'Value', 'TagKeys', 'DeletionProtectionEnabled',
    );
    const { tree } = fc.letrec<{ tree: unknown; node: unknown }>((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('node'), fc.array(tie('tree'), { maxLength: 3 })),
      node: fc.dictionary(keys, tie('tree'), { maxKeys: 5 }),
    }));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...operations), fc.dictionary(keys, tree, { maxKeys: 6 })), { maxLength: 6 }), (requests) => {
        const engine = engineAt();
        engine.execute('CreateTable', onDemandTable('things', { AttributeDefinitions: [S('pk')], KeySchema: [HASH('pk')] }));
        for (const [operation, input] of requests) {
          try {
            engine.execute(operation, input);
          } catch (error) {
            if (!isDynamoError(error)) throw error;
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
