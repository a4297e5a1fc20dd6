import { describe, expect, it } from 'vitest';
import { checkKeyCondition, checkMultiAttributeParts, isMultiAttribute, parseCondition, type KeySchemaNames } from '@dynotable/core';

/** Two partition attributes (S, N) and three sort attributes (S, N, B), as a GSI may have. */
const schema: KeySchemaNames = {
  partitionKey: 'h1',
  partitionKeyType: 'S',
  sortKey: 's1',
  sortKeyType: 'S',
  partitionKeys: [
    { name: 'h1', type: 'S' },
    { name: 'h2', type: 'N' },
  ],
  sortKeys: [
    { name: 's1', type: 'S' },
    { name: 's2', type: 'N' },
    { name: 's3', type: 'B' },
  ],
  indexName: 'gsi',
};
const values = { ':s': { S: 'x' }, ':n': { N: '1' }, ':m': { N: '9' }, ':b': { B: new Uint8Array([1]) }, ':e': { S: '' } };
const key = (text: string, keys: KeySchemaNames = schema) => checkKeyCondition(parseCondition(text, 'KeyConditionExpression', { values }), keys);

describe('checkKeyCondition on a multi-attribute key', () => {
  it('gives every partition value in key order, and the equalities before the last sort condition', () => {
    expect(key('h2 = :n AND h1 = :s')).toEqual({
      partitionKey: { name: 'h1', value: { S: 'x' } },
      partitionKeys: [
        { name: 'h1', value: { S: 'x' } },
        { name: 'h2', value: { N: '1' } },
      ],
    });
    const condition = key('s2 BETWEEN :n AND :m AND h1 = :s AND s1 = :s AND h2 = :n');
    expect(condition.sortPrefix).toEqual([{ name: 's1', value: { S: 'x' } }]);
    expect(condition.sortKey).toEqual({ name: 's2', operator: 'BETWEEN', values: [{ N: '1' }, { N: '9' }] });
    expect(key('h1 = :s AND h2 = :n AND s1 = :s AND s2 = :n AND :b < s3').sortKey).toEqual({ name: 's3', operator: '>', values: [{ B: new Uint8Array([1]) }] });
  });

  it.each([
    ['h1 = :s', 'HASH key attributes h2 must have equality conditions specified in the query'],
    ['s1 = :s', 'HASH key attributes h1, h2 must have equality conditions specified in the query'],
    ['h1 > :s AND h2 = :n', 'HASH key attributes h1 must have equality conditions specified in the query'],
    ['h1 = :s AND x = :s', 'HASH key attributes h2 must have equality conditions specified in the query'],
    [
      'h1 = :s AND h2 = :n AND s2 = :n',
      'RANGE key attributes s1 must have equality conditions specified in the query because a condition is present on key attribute s2',
    ],
    [
      'h1 = :s AND h2 = :n AND s3 = :b',
      'RANGE key attributes s1, s2 must have equality conditions specified in the query because a condition is present on key attribute s3',
    ],
    [
      'h1 = :s AND h2 = :n AND begins_with(s1, :s) AND s2 = :n',
      'RANGE key attributes s1 must have equality conditions specified in the query because a condition is present on key attribute s2',
    ],
    // The sort prefix is checked before another attribute is.
    [
      'h1 = :s AND h2 = :n AND s2 = :n AND x = :s',
      'RANGE key attributes s1 must have equality conditions specified in the query because a condition is present on key attribute s2',
    ],
    ['h1 = :s AND h2 = :n AND x = :s', 'Query condition missed key schema element: s1'],
    ['h1 = :s AND h2 = :n AND s1 = :s AND x = :s', 'Query condition missed key schema element: s2'],
    ['h1 = :s AND h2 = :n AND s1 = :s AND s2 = :n AND s3 = :b AND x = :s', 'Query key condition not supported'],
    ['h1 = :s AND h2 = :n AND s1 = :s AND s1 = :s', 'KeyConditionExpressions must only contain one condition per key'],
    ['h1 = :s AND h2 = :s', 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    // Each attribute in key order, its type before its emptiness.
    [
      'h1 = :e AND h2 = :s',
      'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi, IndexKey: h1',
    ],
    ['h1 = :n AND h2 = :e', 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
    ['h1 = :s AND h2 = :n AND s1.x = :s', "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: s1"],
    ['h1 = :s AND h2 = :n AND x.y = :s', 'KeyConditionExpressions cannot have conditions on nested attributes'],
    ['h1 = :s OR h2 = :n', 'Invalid operator used in KeyConditionExpression: OR'],
  ])('%s', (text, message) => {
    expect(() => key(text)).toThrowError(expect.objectContaining({ name: 'ValidationException', message }));
  });

  it('counts conditions against the index key attributes, not against two', () => {
    const hashOnly: KeySchemaNames = { partitionKey: 'a', partitionKeys: [{ name: 'a' }, { name: 'b' }] };
    expect(key('a = :s AND b = :n', hashOnly).partitionKeys).toHaveLength(2);
    expect(() => key('a = :s AND b = :n AND c = :s', hashOnly)).toThrow('Query key condition not supported');
  });

  it('names the table key in the empty value message when no index is given', () => {
    const { indexName: _unused, ...tableLike } = schema;
    expect(() => key('h1 = :e AND h2 = :n', tableLike)).toThrow(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: h1',
    );
  });

  it('leaves a key of one partition and at most one sort attribute to the single-key rule', () => {
    expect(isMultiAttribute({ partitionKey: 'pk', sortKey: 'sk', partitionKeys: [{ name: 'pk' }], sortKeys: [{ name: 'sk' }] })).toBe(false);
    expect(isMultiAttribute({ partitionKey: 'pk', sortKeys: [{ name: 'a' }, { name: 'b' }] })).toBe(true);
    // The single-key messages are unchanged.
    expect(() => key('pk = :s AND sk = :s AND x = :s', { partitionKey: 'pk', sortKey: 'sk' })).toThrow('Conditions can be of length 1 or 2 only');
  });

  it('checks conditions given as parts, as the legacy KeyConditions are', () => {
    const parts = [
      { name: 'h2', operator: '=' as const, values: [{ N: '1' }] },
      { name: 'h1', operator: '=' as const, values: [{ S: 'x' }] },
      { name: 's1', operator: '<' as const, values: [{ S: 'y' }] },
    ];
    expect(checkMultiAttributeParts(parts, schema)).toEqual({
      partitionKey: { name: 'h1', value: { S: 'x' } },
      partitionKeys: [
        { name: 'h1', value: { S: 'x' } },
        { name: 'h2', value: { N: '1' } },
      ],
      sortKey: parts[2],
      sortPrefix: [],
    });
  });
});
