/**
 * The legacy read parameters: KeyConditions, QueryFilter / ScanFilter with
 * every ComparisonOperator, ConditionalOperator and AttributesToGet, with the
 * messages of DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { comparisonToCondition } from '../../src/legacy/comparison.js';
import { errorOf, newEngine, put, simpleTable, type Wire } from './support.js';

function engineWithItems(): ReturnType<typeof newEngine> {
  const engine = newEngine();
  simpleTable(engine, 'legacy', 'N');
  put(engine, 'legacy', { pk: { S: 'a' }, sk: { N: '1' }, v: { N: '1' }, s: { S: 'apple' }, set: { SS: ['x', 'y'] }, list: { L: [{ S: 'x' }] } });
  put(engine, 'legacy', { pk: { S: 'a' }, sk: { N: '2' }, v: { N: '2' }, s: { S: 'banana' }, set: { SS: ['y'] } });
  put(engine, 'legacy', { pk: { S: 'a' }, sk: { N: '3' }, v: { N: '3' } });
  return engine;
}

const sks = (output: Record<string, unknown>): number[] => (output.Items as Wire[]).map((item) => Number((item.sk as { N: string }).N));

function scan(engine: ReturnType<typeof newEngine>, filter: Wire, extra: Wire = {}): number[] {
  return sks(engine.execute('Scan', { TableName: 'legacy', ScanFilter: filter, ...extra }));
}

describe('ScanFilter and QueryFilter', () => {
  it('evaluates every comparison operator', () => {
    const engine = engineWithItems();
    const one = (operator: string, values?: Wire[]) => scan(engine, { v: { ComparisonOperator: operator, AttributeValueList: values } });
    expect(one('EQ', [{ N: '2' }])).toEqual([2]);
    expect(one('NE', [{ N: '2' }])).toEqual([1, 3]);
    expect(one('LT', [{ N: '2' }])).toEqual([1]);
    expect(one('LE', [{ N: '2' }])).toEqual([1, 2]);
    expect(one('GT', [{ N: '2' }])).toEqual([3]);
    expect(one('GE', [{ N: '2' }])).toEqual([2, 3]);
    expect(one('IN', [{ N: '1' }, { N: '3' }])).toEqual([1, 3]);
    expect(one('BETWEEN', [{ N: '2' }, { N: '3' }])).toEqual([2, 3]);
    const on = (name: string, operator: string, values?: Wire[]) => scan(engine, { [name]: { ComparisonOperator: operator, AttributeValueList: values } });
    expect(on('s', 'NOT_NULL')).toEqual([1, 2]);
    expect(on('s', 'NULL')).toEqual([3]);
    expect(on('s', 'BEGINS_WITH', [{ S: 'ban' }])).toEqual([2]);
    expect(on('s', 'CONTAINS', [{ S: 'pl' }])).toEqual([1]);
    expect(on('set', 'CONTAINS', [{ S: 'x' }])).toEqual([1]);
    expect(on('list', 'CONTAINS', [{ S: 'x' }])).toEqual([1]);
    // A missing attribute satisfies NE but not NOT_CONTAINS (as on DynamoDB Local).
    expect(on('set', 'NOT_CONTAINS', [{ S: 'x' }])).toEqual([2]);
    expect(on('s', 'NE', [{ S: 'apple' }])).toEqual([2, 3]);
  });

  it('joins conditions with AND unless ConditionalOperator is OR', () => {
    const engine = engineWithItems();
    const filter = { v: { ComparisonOperator: 'GE', AttributeValueList: [{ N: '2' }] }, s: { ComparisonOperator: 'NOT_NULL' } };
    expect(scan(engine, filter)).toEqual([2]);
    expect(scan(engine, filter, { ConditionalOperator: 'AND' })).toEqual([2]);
    expect(scan(engine, filter, { ConditionalOperator: 'OR' })).toEqual([1, 2, 3]);
    const message = (input: Wire) => errorOf(() => engine.execute('Scan', { TableName: 'legacy', ...input }))?.message;
    expect(message({ ConditionalOperator: 'OR' })).toBe('ConditionalOperator cannot be used without Filter or Expected');
    expect(message({ ConditionalOperator: 'OR', ScanFilter: { s: { ComparisonOperator: 'NULL' } } })).toBe(
      'ConditionalOperator can only be used when Filter or Expected has two or more elements',
    );
  });

  it('refuses wrong operand counts and types with DynamoDB\'s messages', () => {
    const message = (operator: unknown, values?: Wire[]) =>
      errorOf(() => comparisonToCondition('v', { ComparisonOperator: operator, AttributeValueList: values }))?.message;
    expect(message('EQ')).toBe('One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator');
    expect(message('EQ', [{ N: '1' }, { N: '2' }])).toBe('One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator');
    expect(message('NULL', [{ N: '1' }])).toBe('One or more parameter values were invalid: Invalid number of argument(s) for the NULL ComparisonOperator');
    expect(message('IN', [])).toBe('One or more parameter values were invalid: Invalid number of argument(s) for the IN ComparisonOperator');
    expect(message('BETWEEN', [{ N: '1' }])).toBe('One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator');
    expect(message('LT', [{ SS: ['a'] }])).toBe('One or more parameter values were invalid: ComparisonOperator LT is not valid for SS AttributeValue type');
    expect(message('GE', [{ M: {} }])).toBe('One or more parameter values were invalid: ComparisonOperator GE is not valid for M AttributeValue type');
    expect(message('CONTAINS', [{ SS: ['a'] }])).toBe('One or more parameter values were invalid: ComparisonOperator CONTAINS is not valid for SS AttributeValue type');
    expect(message('NOT_CONTAINS', [{ L: [] }])).toBe('One or more parameter values were invalid: ComparisonOperator NOT_CONTAINS is not valid for L AttributeValue type');
    expect(message('BEGINS_WITH', [{ N: '1' }])).toBe('One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type');
    expect(message('IN', [{ SS: ['1'] }])).toBe('One or more parameter values were invalid: ComparisonOperator IN is not valid for SS AttributeValue type');
    expect(message('IN', [{ N: '1' }, { S: '1' }])).toBe('One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type');
    expect(message('BETWEEN', [{ N: '1' }, { S: '2' }])).toBe('One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type');
    expect(message('BETWEEN', [{ N: '3' }, { N: '2' }])).toBe('The BETWEEN condition was provided a range where the lower bound is greater than the upper bound');
    expect(message('FOO', [{ N: '1' }])).toBe('Comparison type does not exist in DynamoDB');
    expect(message(undefined, [{ N: '1' }])).toBe('Comparison type does not exist in DynamoDB');
    expect(message('EQ', [{ L: [] }])).toBeUndefined();
    expect(message('NE', [{ SS: ['a'] }])).toBeUndefined();
    expect(message('CONTAINS', [{ BOOL: true }])).toBeUndefined();
  });

  it('keeps key attributes out of a QueryFilter', () => {
    const engine = engineWithItems();
    const message = errorOf(() =>
      engine.execute('Query', {
        TableName: 'legacy',
        KeyConditions: { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'a' }] } },
        QueryFilter: { sk: { ComparisonOperator: 'NULL' } },
      }),
    )?.message;
    expect(message).toBe('QueryFilter can only contain non-primary key attributes: Primary key attribute: sk');
  });
});

describe('KeyConditions', () => {
  const query = (engine: ReturnType<typeof newEngine>, conditions: Wire, extra: Wire = {}) =>
    engine.execute('Query', { TableName: 'legacy', KeyConditions: conditions, ...extra });
  const pk = { pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'a' }] } };

  it('selects the sort key range like a KeyConditionExpression', () => {
    const engine = engineWithItems();
    expect(sks(query(engine, pk))).toEqual([1, 2, 3]);
    expect(sks(query(engine, { ...pk, sk: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '1' }] } }))).toEqual([2, 3]);
    expect(sks(query(engine, { ...pk, sk: { ComparisonOperator: 'BETWEEN', AttributeValueList: [{ N: '1' }, { N: '2' }] } }, { ScanIndexForward: false }))).toEqual([2, 1]);
    expect(sks(query(engine, pk, { QueryFilter: { v: { ComparisonOperator: 'LE', AttributeValueList: [{ N: '2' }] } }, ConditionalOperator: undefined }))).toEqual([1, 2]);
    expect(query(engine, pk, { AttributesToGet: ['v', 'missing'] }).Items).toEqual([{ v: { N: '1' } }, { v: { N: '2' } }, { v: { N: '3' } }]);
  });

  it('refuses conditions DynamoDB cannot serve with DynamoDB Local\'s messages', () => {
    const engine = engineWithItems();
    const message = (conditions: Wire) => errorOf(() => query(engine, conditions))?.message;
    expect(message({})).toBe('Conditions must be at least length 1');
    expect(message({ ...pk, sk: { ComparisonOperator: 'EQ', AttributeValueList: [{ N: '1' }] }, v: { ComparisonOperator: 'NULL' } })).toBe(
      'Conditions can be of length 1 or 2 only',
    );
    expect(message({ pk: { ComparisonOperator: 'BEGINS_WITH', AttributeValueList: [{ S: 'a' }] } })).toBe('Query key condition not supported');
    expect(message({ ...pk, sk: { ComparisonOperator: 'IN', AttributeValueList: [{ N: '1' }] } })).toBe(
      'Attempted conditional constraint is not an indexable operation',
    );
    expect(message({ ...pk, sk: { ComparisonOperator: 'NULL' } })).toBe('Only scalar types can be used as Range Key values');
    expect(message({ ...pk, v: { ComparisonOperator: 'EQ', AttributeValueList: [{ N: '1' }] } })).toBe('Query condition missed key schema element');
    expect(message({ sk: { ComparisonOperator: 'EQ', AttributeValueList: [{ N: '1' }] } })).toBe('Query condition missed key schema element');
    expect(message({ pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ N: '1' }] } })).toBe(
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    );
    expect(message({ ...pk, sk: { ComparisonOperator: 'BEGINS_WITH', AttributeValueList: [{ N: '3' }] } })).toBe(
      'One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type',
    );
    expect(message({ pk: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: '' }] } })).toBe(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
  });

  it('refuses legacy and expression parameters together', () => {
    const engine = engineWithItems();
    const message = (input: Wire) => errorOf(() => engine.execute('Query', { TableName: 'legacy', ...input }))?.message;
    expect(
      message({
        QueryFilter: { x: { ComparisonOperator: 'NULL' } },
        AttributesToGet: ['x'],
        KeyConditionExpression: 'pk = :p',
        FilterExpression: 'y = :p',
        ProjectionExpression: 'x',
        ExpressionAttributeValues: { ':p': { S: 'a' } },
      }),
    ).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, QueryFilter} Expression parameters: {ProjectionExpression, FilterExpression, KeyConditionExpression}',
    );
    expect(message({ ...{ KeyConditions: pk }, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'a' } } })).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}',
    );
    expect(message({ KeyConditions: pk, ExpressionAttributeValues: { ':p': { S: 'a' } } })).toBe(
      'ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null',
    );
    expect(errorOf(() => engine.execute('Scan', { TableName: 'legacy', AttributesToGet: ['v', 'v'] }))?.message).toBe('Cannot have two attributes with the same name');
    expect(errorOf(() => engine.execute('Scan', { TableName: 'legacy', Select: 'COUNT', AttributesToGet: ['v'] }))?.message).toBe(
      'Cannot specify the AttributesToGet when choosing to get only the Count',
    );
  });
});
