import { describe, expect, it } from 'vitest';
import {
  checkFilterAvoidsKeys,
  checkKeyCondition,
  checkUpdateDoesNotTouchKeys,
  parseCondition,
  parseFriendly,
  parseUpdate,
} from '@dynotable/core';

const schema = { partitionKey: 'pk', sortKey: 'sk' };
const values = { ':a': { S: 'a' }, ':b': { S: 'b' }, ':n': { N: '1' } };
const key = (text: string) => checkKeyCondition(parseCondition(text, 'KeyConditionExpression', { values }), schema);

describe('checkKeyCondition', () => {
  it('normalizes the partition key and at most one sort-key condition', () => {
    expect(key('pk = :a')).toEqual({ partitionKey: { name: 'pk', value: { S: 'a' } } });
    expect(key('(pk = :a) AND (sk BETWEEN :a AND :b)')).toEqual({
      partitionKey: { name: 'pk', value: { S: 'a' } },
      sortKey: { name: 'sk', operator: 'BETWEEN', values: [{ S: 'a' }, { S: 'b' }] },
    });
    expect(key('begins_with(sk, :b) AND pk = :a').sortKey).toEqual({ name: 'sk', operator: 'begins_with', values: [{ S: 'b' }] });
  });

  it('turns a value-first comparison around', () => {
    expect(key('pk = :a AND :b >= sk').sortKey).toEqual({ name: 'sk', operator: '<=', values: [{ S: 'b' }] });
    expect(key(':a = pk AND :b < sk').sortKey).toEqual({ name: 'sk', operator: '>', values: [{ S: 'b' }] });
  });

  it.each([
    ['sk = :a', 'Query condition missed key schema element: pk'],
    ['x = :a', 'Query condition missed key schema element: pk'],
    ['pk = :a AND x = :a', 'Query condition missed key schema element: sk'],
    ['pk < :a', 'Query key condition not supported'],
    ['pk = :a OR sk = :a', 'Invalid operator used in KeyConditionExpression: OR'],
    ['pk = :a AND NOT sk = :a', 'Invalid operator used in KeyConditionExpression: NOT'],
    ['pk = :a AND sk IN (:a)', 'Invalid operator used in KeyConditionExpression: IN'],
    ['pk = :a AND sk <> :a', 'Invalid operator used in KeyConditionExpression: <>'],
    ['pk = :a AND attribute_exists(sk)', 'Invalid operator used in KeyConditionExpression: attribute_exists'],
    ['pk = :a AND contains(sk, :a)', 'Invalid operator used in KeyConditionExpression: contains'],
    ['pk = :a AND size(sk) = :n', 'KeyConditionExpressions cannot contain nested operations'],
    ['pk = :a AND sk = :a AND sk = :b', 'KeyConditionExpressions must only contain one condition per key'],
    ['pk = :a AND pk = :a', 'KeyConditionExpressions must only contain one condition per key'],
    ['pk = sk', 'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition'],
    [':a = :b', 'Invalid condition in KeyConditionExpression: No key attribute specified'],
    ['pk = :a AND begins_with(:a, sk)', 'Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand'],
    ['pk.x = :a', "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk"],
    ['pk = :a AND a.b = :a', 'KeyConditionExpressions cannot have conditions on nested attributes'],
    ['pk = :a AND :a BETWEEN sk AND :b', 'Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand'],
    ['pk = :a AND sk = :a AND x = :a', 'Conditions can be of length 1 or 2 only'],
    // One left-to-right walk: the repeated key is met before the NOT.
    ['(pk = :a AND pk = :a) AND NOT sk = :a', 'KeyConditionExpressions must only contain one condition per key'],
    ['NOT sk = :a AND pk = :a AND pk = :a', 'Invalid operator used in KeyConditionExpression: NOT'],
  ])('%s', (text, message) => {
    expect(() => key(text)).toThrowError(expect.objectContaining({ name: 'ValidationException', message }));
  });

  it('leaves operand-level errors to the parser, with the KeyConditionExpression prefix', () => {
    expect(() => key('pk = :a AND begins_with(sk, :n)')).toThrow(
      'Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N',
    );
    expect(() => key('pk = pk')).toThrow(
      'Invalid KeyConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [pk]',
    );
  });

  it('rejects empty key values, and values of the wrong type when the key types are given', () => {
    const empty = { ':e': { S: '' }, ':b': { B: new Uint8Array() }, ':a': { S: 'a' }, ':n': { N: '1' } };
    const check = (text: string, types = {}) => () =>
      checkKeyCondition(parseCondition(text, 'KeyConditionExpression', { values: empty }), { ...schema, ...types });
    expect(check('pk = :e')).toThrow(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
    expect(check('pk = :a AND sk = :b')).toThrow(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: sk',
    );
    const mismatch = 'One or more parameter values were invalid: Condition parameter type does not match schema type';
    expect(check('pk = :a AND sk = :b', { sortKeyType: 'S' })).toThrow(mismatch);
    expect(check('pk = :n', { partitionKeyType: 'S' })).toThrow(mismatch);
    expect(check('pk = :a AND sk > :n', { partitionKeyType: 'S', sortKeyType: 'N' })).not.toThrow();
  });

  it('works on a table without a sort key', () => {
    expect(checkKeyCondition(parseFriendly('key', 'id = "u1"'), { partitionKey: 'id' })).toEqual({
      partitionKey: { name: 'id', value: { S: 'u1' } },
    });
    expect(() => checkKeyCondition(parseFriendly('key', 'id = "u1" AND at > 3'), { partitionKey: 'id' })).toThrow(
      'Query condition missed key schema element: id',
    );
  });
});

describe('checkUpdateDoesNotTouchKeys', () => {
  it.each(['SET pk = :a', 'REMOVE sk', 'ADD pk :n', 'SET x = :a, sk = :b'])('%s', (text) => {
    const update = parseUpdate(text, { values });
    const name = text.includes('sk') ? 'sk' : 'pk';
    expect(() => checkUpdateDoesNotTouchKeys(update, ['pk', 'sk'])).toThrow(
      `One or more parameter values were invalid: Cannot update attribute ${name}. This attribute is part of the key`,
    );
  });

  it('allows reading key attributes in values', () => {
    expect(() => checkUpdateDoesNotTouchKeys(parseUpdate('SET pkCopy = pk, n = if_not_exists(sk, :a)', { values }), ['pk', 'sk'])).not.toThrow();
  });
});

describe('checkFilterAvoidsKeys', () => {
  const filter = (text: string) => () => checkFilterAvoidsKeys(parseCondition(text, 'FilterExpression', { values }), ['pk', 'sk']);
  it.each([
    ['pk = :a', 'pk'],
    ['x = :a AND sk BETWEEN :a AND :b', 'sk'],
    [':a = sk', 'sk'],
    ['NOT sk = :a', 'sk'],
    ['attribute_exists(pk)', 'pk'],
    ['contains(x, :a) AND sk IN (:a)', 'sk'],
  ])('%s', (text, name) => {
    expect(filter(text)).toThrow(`Filter Expression can only contain non-primary key attributes: Primary key attribute: ${name}`);
  });

  it('rejects nested paths under a key as DynamoDB does', () => {
    expect(filter('pk.x = :a')).toThrow("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk");
  });

  it('accepts filters on other attributes', () => {
    expect(filter('x = :a OR size(y) > :n')).not.toThrow();
  });
});
