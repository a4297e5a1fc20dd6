/**
 * The planner's choice for hand-written statements: the whole key is a
 * GetItem, the partition key (and sort conditions) a Query, `"t"."idx"` a
 * Query on the index, anything else a Scan with its reason; and the request
 * it builds, in DynamoDB's shape.
 */
import { describe, expect, it } from 'vitest';
import { parseRequestExpressions, planStatement } from '@dynotable/core';
import type { PlannedRequest } from '@dynotable/core';
import { EVENTS, ORDERS, TICKETS } from './tables.js';

/** The request's expressions as trees, so tests need not know placeholder names. */
function expressions(request: PlannedRequest) {
  return parseRequestExpressions(request);
}

describe('SELECT', () => {
  it('equality on the whole primary key is a GetItem with the key', () => {
    const plan = planStatement(`SELECT * FROM Orders WHERE pk = 'c#1' AND sk = 'o#2'`, ORDERS);
    expect(plan.operation).toBe('GetItem');
    expect(plan.request).toEqual({ TableName: 'Orders', Key: { pk: { S: 'c#1' }, sk: { S: 'o#2' } } });
    expect(plan.scan).toBeUndefined();
    expect(plan.capacity).toMatchObject({ kind: 'read', units: 0.5, basis: 'one item' });
  });

  it('a consistent GetItem costs a whole unit and keeps its projection', () => {
    const plan = planStatement(`SELECT total, "status" FROM Orders WHERE sk = ? AND pk = ?`, ORDERS, {
      parameters: [{ S: 'o' }, { S: 'c' }],
      consistentRead: true,
    });
    expect(plan.operation).toBe('GetItem');
    expect(plan.request.Key).toEqual({ pk: { S: 'c' }, sk: { S: 'o' } });
    expect(plan.request.ConsistentRead).toBe(true);
    expect(expressions(plan.request).projection?.paths.map((p) => p.elements[0])).toEqual([
      { type: 'name', name: 'total' },
      { type: 'name', name: 'status' },
    ]);
    expect(plan.capacity.units).toBe(1);
  });

  it('the partition key alone is a Query; sort conditions join the key condition, the rest is the filter', () => {
    const plan = planStatement(`SELECT * FROM Orders WHERE pk = 'c' AND begins_with(sk, 'o#') AND total > 10`, ORDERS);
    expect(plan.operation).toBe('Query');
    expect(plan.request.KeyConditionExpression).toBe('pk = :v0 AND begins_with(sk, :v1)');
    expect(plan.request.FilterExpression).toBe('#total > :v2');
    expect(plan.request.ExpressionAttributeValues).toEqual({ ':v0': { S: 'c' }, ':v1': { S: 'o#' }, ':v2': { N: '10' } });
    expect(plan.capacity.basis).toBe('per item matched');
  });

  it('the whole key plus another condition is a Query of one item with a filter', () => {
    const plan = planStatement(`SELECT * FROM Orders WHERE pk = 'c' AND sk = 'o' AND total IS NOT MISSING`, ORDERS);
    expect(plan.operation).toBe('Query');
    expect(plan.request.KeyConditionExpression).toBe('pk = :v0 AND sk = :v1');
    expect(plan.request.FilterExpression).toBe('attribute_exists(#total)');
  });

  it('BETWEEN on the sort key, ORDER BY the sort key DESC reads backwards', () => {
    const plan = planStatement(`SELECT * FROM Orders WHERE pk = 'c' AND sk BETWEEN 'a' AND 'm' ORDER BY sk DESC`, ORDERS);
    expect(plan.operation).toBe('Query');
    expect(plan.request.KeyConditionExpression).toBe('pk = :v0 AND sk BETWEEN :v1 AND :v2');
    expect(plan.request.ScanIndexForward).toBe(false);
    const ascending = planStatement(`SELECT * FROM Orders WHERE pk = 'c' ORDER BY sk ASC`, ORDERS);
    expect(ascending.request.ScanIndexForward).toBeUndefined();
  });

  it('ORDER BY an attribute that is not a key is refused with DynamoDB message', () => {
    expect(() => planStatement(`SELECT * FROM Orders WHERE pk = 'c' ORDER BY total`, ORDERS)).toThrow(
      'Variable reference total in ORDER BY clause must be part of the primary key',
    );
  });

  it('"table"."index" queries the index by its own keys', () => {
    const plan = planStatement(`SELECT * FROM "Orders"."byStatus" WHERE "status" = 'open' AND placed >= 100`, ORDERS);
    expect(plan.operation).toBe('Query');
    expect(plan.indexName).toBe('byStatus');
    expect(plan.request).toMatchObject({ TableName: 'Orders', IndexName: 'byStatus' });
    expect(plan.request.KeyConditionExpression).toBe('#status = :v0 AND placed >= :v1');
    expect(plan.request.ExpressionAttributeNames).toEqual({ '#status': 'status' });
  });

  it('the whole key of an index is still a Query (an index has no GetItem)', () => {
    const plan = planStatement(`SELECT * FROM Orders."byTotal" WHERE pk = 'c' AND total = 3`, ORDERS);
    expect(plan.operation).toBe('Query');
    expect(plan.request.IndexName).toBe('byTotal');
  });

  it('an index that does not exist is refused with DynamoDB message', () => {
    expect(() => planStatement(`SELECT * FROM "Orders"."nope" WHERE pk = 'c'`, ORDERS)).toThrow('The table does not have the specified index: nope');
  });

  it("a status filter on a table keyed by id is a Scan that says why and which key or index would serve", () => {
    const plan = planStatement(`SELECT * FROM Tickets WHERE status = 'open'`, TICKETS);
    expect(plan.operation).toBe('Scan');
    expect(plan.request.FilterExpression).toBe('#status = :v0');
    expect(plan.scan).toEqual({
      reason: 'The WHERE clause has no equality on the partition key id, so it reads every item of the table Tickets.',
      keyNames: ['id'],
      suggestion: 'Add a key condition on id (WHERE id = ?), or read an index the WHERE clause already keys: FROM "Tickets"."byStatus".',
      indexes: ['byStatus'],
    });
    expect(plan.capacity.basis).toBe('per item in the table');
  });

  it('no WHERE, an OR at the top, or a range on the partition key: Scans', () => {
    expect(planStatement('SELECT * FROM Orders', ORDERS).scan?.reason).toMatch(/^The statement has no WHERE clause/);
    const or = planStatement(`SELECT * FROM Orders WHERE pk = 'a' OR pk = 'b'`, ORDERS);
    expect(or.operation).toBe('Scan');
    expect(or.scan?.reason).toMatch(/OR at the top/);
    expect(planStatement(`SELECT * FROM Orders WHERE pk > 'a'`, ORDERS).operation).toBe('Scan');
    expect(planStatement(`SELECT * FROM Orders WHERE sk = 'a'`, ORDERS).scan?.keyNames).toEqual(['pk']);
  });

  it('a condition on the sort key beyond the key condition is applied after the read, before the projection', () => {
    const plan = planStatement(`SELECT total FROM Orders WHERE pk = 'c' AND sk > 'a' AND sk <> 'b' AND total > 1`, ORDERS);
    expect(plan.request.KeyConditionExpression).toBe('pk = :v0 AND sk > :v1');
    expect(plan.request.FilterExpression).toBe('#total > :v2');
    expect(plan.request.ProjectionExpression).toBeUndefined();
    expect(plan.afterRead?.filter?.kind).toBe('compare');
    expect(plan.afterRead?.projection?.paths).toHaveLength(1);
  });

  it('ORDER BY over a Scan or several partitions sorts after the read', () => {
    const scan = planStatement(`SELECT * FROM Orders WHERE pk > 'a' ORDER BY sk DESC`, ORDERS);
    expect(scan.operation).toBe('Scan');
    expect(scan.sortAfterRead).toEqual([{ name: 'sk', descending: true }]);
    const several = planStatement(`SELECT * FROM Orders WHERE pk IN ('a', 'b') ORDER BY sk`, ORDERS);
    expect(several.requests).toHaveLength(2);
    expect(several.sortAfterRead).toEqual([{ name: 'sk', descending: false }]);
    expect(planStatement(`SELECT * FROM Orders WHERE pk = 'a' ORDER BY sk`, ORDERS).sortAfterRead).toBeUndefined();
  });

  it('IN on the partition key is one request per value', () => {
    const plan = planStatement(`SELECT * FROM Tickets WHERE id IN ('a', 'b', 'c')`, TICKETS);
    expect(plan.operation).toBe('GetItem');
    expect(plan.requests.map((r) => r.Key)).toEqual([{ id: { S: 'a' } }, { id: { S: 'b' } }, { id: { S: 'c' } }]);
    expect(plan.capacity.units).toBe(1.5);
  });

  it('a multi-attribute GSI needs equality on every partition attribute; its sort attributes in order', () => {
    const plan = planStatement(`SELECT * FROM Events."byTenant" WHERE region = 'eu' AND tenant = 't' AND "day" = 'd' AND seq > 3`, EVENTS);
    expect(plan.operation).toBe('Query');
    expect(plan.request.KeyConditionExpression).toBe('tenant = :v0 AND #region = :v1 AND #day = :v2 AND seq > :v3');
    const partial = planStatement(`SELECT * FROM Events."byTenant" WHERE tenant = 't'`, EVENTS);
    expect(partial.operation).toBe('Scan');
    expect(partial.scan?.keyNames).toEqual(['tenant', 'region']);
    // seq cannot bound the key before day is fixed, nor stand in a filter (it is a key attribute):
    // it is applied after the read.
    const skipped = planStatement(`SELECT * FROM Events."byTenant" WHERE tenant = 't' AND region = 'eu' AND seq > 3`, EVENTS);
    expect(skipped.request.KeyConditionExpression).toBe('tenant = :v0 AND #region = :v1');
    expect(skipped.request.FilterExpression).toBeUndefined();
    expect(skipped.afterRead?.filter).toEqual({
      kind: 'compare',
      operator: '>',
      left: { kind: 'path', elements: [{ type: 'name', name: 'seq' }] },
      right: { kind: 'value', value: { N: '3' } },
    });
  });

  it('key values of the wrong type or empty are refused with DynamoDB messages', () => {
    expect(() => planStatement(`SELECT * FROM Orders WHERE pk = 1`, ORDERS)).toThrow(
      "Key attribute's data type should match its data type in table's schema: Key pk",
    );
    expect(() => planStatement(`SELECT * FROM Orders WHERE pk = ''`, ORDERS)).toThrow(
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    );
  });

  it('parameters must fill every ?', () => {
    expect(() => planStatement(`SELECT * FROM Orders WHERE pk = ?`, ORDERS)).toThrow("Number of parameters in request and statement don't match.");
    // DynamoDB Local runs a statement given more Parameters than it has `?`.
    const extra = planStatement(`SELECT * FROM Orders WHERE pk = ?`, ORDERS, { parameters: [{ S: 'a' }, { S: 'b' }] });
    expect(extra.request.ExpressionAttributeValues).toEqual({ ':v0': { S: 'a' } });
  });
});

describe('INSERT, UPDATE, DELETE', () => {
  it('INSERT is a PutItem that never replaces an item, costed by the item it writes', () => {
    const plan = planStatement(`INSERT INTO Orders VALUE {'pk': 'c', 'sk': ?, 'tags': <<'a', 'b'>>, 'big': ?}`, ORDERS, {
      parameters: [{ S: 'o' }, { S: 'x'.repeat(2100) }],
    });
    expect(plan.operation).toBe('PutItem');
    expect(plan.request.Item).toMatchObject({ pk: { S: 'c' }, sk: { S: 'o' }, tags: { SS: ['a', 'b'] } });
    expect(plan.request.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(plan.capacity).toMatchObject({ kind: 'write', units: 3 });
  });

  it('INSERT without a key attribute is refused with DynamoDB message', () => {
    expect(() => planStatement(`INSERT INTO Orders VALUE {'pk': 'c'}`, ORDERS)).toThrow('Key attribute should be present in the item: Key sk');
  });

  it('UPDATE is an UpdateItem on the full key; the rest of WHERE is its condition; set_add and set_delete are ADD and DELETE', () => {
    const plan = planStatement(
      `UPDATE Orders SET total = total + 1, l = list_append(l, [1]) SET tags = set_add(tags, <<'x'>>) REMOVE gone SET t2 = set_delete(t2, <<1>>) WHERE pk = 'c' AND sk = 'o' AND total < 100 RETURNING MODIFIED NEW *`,
      ORDERS,
    );
    expect(plan.operation).toBe('UpdateItem');
    expect(plan.request.Key).toEqual({ pk: { S: 'c' }, sk: { S: 'o' } });
    expect(plan.request.UpdateExpression).toBe('SET #total = #total + :v1, l = list_append(l, :v2) REMOVE gone ADD tags :v3 DELETE t2 :v4');
    expect(plan.request.ConditionExpression).toBe('attribute_exists(pk) AND #total < :v0');
    expect(plan.request.ReturnValues).toBe('UPDATED_NEW');
  });

  it('UPDATE or DELETE without equality on every key attribute is refused with DynamoDB message', () => {
    const message = 'Where clause does not contain a mandatory equality on all key attributes';
    expect(() => planStatement(`UPDATE Orders SET a = 1 WHERE pk = 'c'`, ORDERS)).toThrow(message);
    expect(() => planStatement(`UPDATE Orders SET a = 1 WHERE pk = 'c' AND sk > 'o'`, ORDERS)).toThrow(message);
    expect(() => planStatement(`UPDATE Orders SET a = 1 WHERE pk = 'c' AND sk = 'o' OR a = 1`, ORDERS)).toThrow(message);
    expect(() => planStatement(`DELETE FROM Orders`, ORDERS)).toThrow(message);
  });

  it('UPDATE of a key attribute is refused with DynamoDB message', () => {
    expect(() => planStatement(`UPDATE Orders SET sk = 'x' WHERE pk = 'c' AND sk = 'o'`, ORDERS)).toThrow(
      'One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key',
    );
  });

  it('DELETE is a DeleteItem; extra conditions and RETURNING ALL OLD carry over', () => {
    const plan = planStatement(`DELETE FROM Tickets WHERE id = 'a' AND status IS MISSING RETURNING ALL OLD *`, TICKETS);
    expect(plan.operation).toBe('DeleteItem');
    expect(plan.request).toMatchObject({ Key: { id: { S: 'a' } }, ConditionExpression: 'attribute_not_exists(#status)', ReturnValues: 'ALL_OLD' });
  });

  it('a statement on another table than the description is refused', () => {
    expect(() => planStatement('SELECT * FROM Other', ORDERS)).toThrow('Cannot do operations on a non-existent table');
  });
});
