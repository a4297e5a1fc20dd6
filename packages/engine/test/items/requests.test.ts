/**
 * The shared request readers (requests/): enum members, expression members
 * and their placeholders, item and key conversion. Messages measured on
 * DynamoDB Local, except the framework enum check Local skips.
 */
import { describe, expect, it } from 'vitest';
import { checkNoMixedParameters, readExpressions } from '../../src/requests/expressions.js';
import { readKey, readPutItem, readWireItem, writeWireItem } from '../../src/requests/items.js';
import { readReturnConsumedCapacity, readReturnValues, readTableName } from '../../src/requests/parameters.js';
import { ConstraintViolations } from '../../src/validation/constraints.js';
import { thrown } from './support.js';

const keys = { partition: { name: 'pk', type: 'S' as const }, sort: { name: 'sk', type: 'N' as const } };

describe('parameters', () => {
  it('defaults absent Return* members to NONE and collects every violation', () => {
    const violations = new ConstraintViolations();
    expect(readReturnConsumedCapacity(violations, undefined)).toBe('NONE');
    expect(readReturnValues(violations, 'ALL_NEW')).toBe('ALL_NEW');
    readTableName(violations, 'ab');
    readReturnConsumedCapacity(violations, 'SOME');
    expect(() => violations.throwIfAny()).toThrow(
      "2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; Value 'SOME' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
    );
  });
});

describe('items and keys', () => {
  it('normalizes numbers and round-trips binary', () => {
    const item = readWireItem({ n: { N: '0010.500' }, b: { B: 'AP8=' } });
    expect(item).toEqual({ n: { N: '10.5' }, b: { B: new Uint8Array([0, 255]) } });
    expect(writeWireItem(item)).toEqual({ n: { N: '10.5' }, b: { B: 'AP8=' } });
  });

  it('checks keys against the schema', () => {
    expect(readKey(keys, { pk: { S: 'a' }, sk: { N: '1' } })).toEqual({ pk: { S: 'a' }, sk: { N: '1' } });
    expect(thrown(() => readKey(keys, { pk: { S: 'a' }, sk: { S: '1' } })).message).toBe('The provided key element does not match the schema');
    expect(thrown(() => readPutItem(keys, { pk: { S: 'a' }, sk: { S: '1' } })).message).toBe(
      'One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S',
    );
  });
});

describe('expressions', () => {
  it('parses the members an operation accepts with their placeholders', () => {
    const parsed = readExpressions(
      { ConditionExpression: '#a = :v', ExpressionAttributeNames: { '#a': 'a' }, ExpressionAttributeValues: { ':v': { N: '1' } } },
      ['ConditionExpression'],
    );
    expect(parsed.condition).toEqual({
      kind: 'compare',
      operator: '=',
      left: { kind: 'path', elements: [{ type: 'name', name: 'a' }] },
      right: { kind: 'value', value: { N: '1' } },
    });
  });

  it('gives the same result for a repeated request and a fresh one for different values', () => {
    const request = (value: string) => ({ ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': { S: value } } });
    const first = readExpressions(request('x'), ['ConditionExpression']);
    expect(readExpressions(request('x'), ['ConditionExpression'])).toEqual(first);
    expect(readExpressions(request('y'), ['ConditionExpression']).condition).toMatchObject({ right: { value: { S: 'y' } } });
  });

  it('ignores ExpressionAttributeValues when no accepted member takes values (GetItem)', () => {
    expect(readExpressions({ ProjectionExpression: 'a', ExpressionAttributeValues: { ':v': { S: 'x' } } }, ['ProjectionExpression'])).toEqual({
      projection: { kind: 'projection', paths: [{ kind: 'path', elements: [{ type: 'name', name: 'a' }] }] },
    });
  });

  it('reports unused and undefined placeholders through core', () => {
    expect(thrown(() => readExpressions({ ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': { S: 'x' }, ':w': { S: 'y' } } }, ['ConditionExpression'])).message).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}',
    );
  });

  it('names mixed legacy and expression members in DynamoDB order', () => {
    expect(
      thrown(() =>
        checkNoMixedParameters({ AttributesToGet: ['a'], KeyConditions: {}, QueryFilter: {}, ConditionalOperator: 'AND', KeyConditionExpression: 'x', FilterExpression: 'y', ProjectionExpression: 'z' }),
      ).message,
    ).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator, KeyConditions} Expression parameters: {ProjectionExpression, FilterExpression, KeyConditionExpression}',
    );
    expect(() => checkNoMixedParameters({ Expected: {}, ConditionalOperator: 'AND' })).not.toThrow();
  });
});
