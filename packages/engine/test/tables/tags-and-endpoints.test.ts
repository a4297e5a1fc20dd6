/**
 * TagResource, UntagResource, ListTagsOfResource and DescribeEndpoints.
 * DynamoDB Local supports none of these ("Tagging is not currently supported
 * in DynamoDB Local."; DescribeEndpoints is an unknown operation there), so
 * the messages follow DynamoDB as dynalite records it.
 */
import { describe, expect, it } from 'vitest';
import { engineAt, expectValidation, failure, onDemandTable } from './support.js';

const ARN = 'arn:aws:dynamodb:us-east-1:123456789012:table/things';

describe('tags', () => {
  it('adds, replaces, lists and removes tags', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things', { Tags: [{ Key: 'a', Value: '1' }] }));
    expect(engine.execute('TagResource', { ResourceArn: ARN, Tags: [{ Key: 'a', Value: '2' }, { Key: 'b', Value: '' }] })).toEqual({});
    expect(engine.execute('ListTagsOfResource', { ResourceArn: ARN })).toEqual({ Tags: [{ Key: 'a', Value: '2' }, { Key: 'b', Value: '' }] });
    expect(engine.execute('UntagResource', { ResourceArn: ARN, TagKeys: ['a', 'missing'] })).toEqual({});
    expect(engine.execute('ListTagsOfResource', { ResourceArn: ARN })).toEqual({ Tags: [{ Key: 'b', Value: '' }] });
  });

  it('refuses malformed and unknown ARNs', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    expectValidation(engine, 'ListTagsOfResource', { ResourceArn: 'things' }, 'Invalid TableArn: Invalid ResourceArn provided as input things');
    const other = 'arn:aws:dynamodb:us-east-1:123456789012:table/other';
    // AWS refuses an ARN of no table as a permission, not as a missing resource.
    expect(failure(engine, 'ListTagsOfResource', { ResourceArn: other })).toEqual({
      name: 'AccessDeniedException',
      message: `User: arn:aws:iam::123456789012:root is not authorized to perform: dynamodb:ListTagsOfResource on resource: ${other}`,
    });
    expect(failure(engine, 'UntagResource', { ResourceArn: other, TagKeys: ['a'] }).name).toBe('AccessDeniedException');
    // Another account's ARN for a table of the same name is not this table.
    const elsewhere = 'arn:aws:dynamodb:us-east-1:999999999999:table/things';
    expect(failure(engine, 'TagResource', { ResourceArn: elsewhere, Tags: [{ Key: 'a', Value: 'b' }] }).name).toBe('AccessDeniedException');
  });

  it('validates tags (framework)', () => {
    const engine = engineAt();
    engine.execute('CreateTable', onDemandTable('things'));
    expectValidation(
      engine,
      'TagResource',
      { ResourceArn: ARN, Tags: [{ Key: '', Value: 'x'.repeat(257) }] },
      `2 validation errors detected: Value '' at 'tags.1.member.key' failed to satisfy constraint: Member must have length greater than or equal to 1; Value '${'x'.repeat(257)}' at 'tags.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 256`,
    );
    expectValidation(
      engine,
      'UntagResource',
      { ResourceArn: ARN },
      "1 validation error detected: Value null at 'tagKeys' failed to satisfy constraint: Member must not be null",
    );
  });
});

describe('DescribeEndpoints', () => {
  it('answers the regional endpoint with a one-day cache period', () => {
    expect(engineAt().execute('DescribeEndpoints', {})).toEqual({
      Endpoints: [{ Address: 'dynamodb.us-east-1.amazonaws.com', CachePeriodInMinutes: 1440 }],
    });
  });
});
