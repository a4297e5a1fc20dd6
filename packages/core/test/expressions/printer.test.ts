import { describe, expect, it } from 'vitest';
import { compileFriendly, parseCondition, parseFriendly, printCondition, printExpressions } from '@dynotable/core';

describe('printed output a person expects', () => {
  it('the audit-log window: bare key names, three value placeholders', () => {
    const request = compileFriendly({
      key: 'PK = "ACTOR#u_8814"\nAND SK BETWEEN "EVT#2026-06-23T00:00:00Z"\nAND "EVT#2026-06-23T23:59:59Z"',
    });
    expect(request).toEqual({
      KeyConditionExpression: 'PK = :v0 AND SK BETWEEN :v1 AND :v2',
      ExpressionAttributeValues: {
        ':v0': { S: 'ACTOR#u_8814' },
        ':v1': { S: 'EVT#2026-06-23T00:00:00Z' },
        ':v2': { S: 'EVT#2026-06-23T23:59:59Z' },
      },
    });
  });

  it('the leaderboard: the reserved word `result` comes out aliased', () => {
    const request = compileFriendly({
      key: 'partitionId = "PLAYER#u8231" AND begins_with(rangeId, "MATCH#")',
      filter: 'result = "win"',
    });
    expect(request).toEqual({
      KeyConditionExpression: 'partitionId = :v0 AND begins_with(rangeId, :v1)',
      FilterExpression: '#result = :v2',
      ExpressionAttributeNames: { '#result': 'result' },
      ExpressionAttributeValues: { ':v0': { S: 'PLAYER#u8231' }, ':v1': { S: 'MATCH#' }, ':v2': { S: 'win' } },
    });
  });

  it('a status update aliases each reserved word once and keeps plain names bare', () => {
    expect(compileFriendly({ update: 'SET status = "pending", result = "win", views = views + 1, gameId = "g1"' })).toEqual({
      UpdateExpression: 'SET #status = :v0, #result = :v1, #views = #views + :v2, gameId = :v3',
      ExpressionAttributeNames: { '#status': 'status', '#result': 'result', '#views': 'views' },
      ExpressionAttributeValues: { ':v0': { S: 'pending' }, ':v1': { S: 'win' }, ':v2': { N: '1' }, ':v3': { S: 'g1' } },
    });
  });
});

describe('placeholders', () => {
  it('equal values share one placeholder; EAN and EAV are left out when empty', () => {
    expect(compileFriendly({ condition: 'a = 1 OR b = 1 OR c = "1"' })).toEqual({
      ConditionExpression: 'a = :v0 OR b = :v0 OR c = :v1',
      ExpressionAttributeValues: { ':v0': { N: '1' }, ':v1': { S: '1' } },
    });
    expect(compileFriendly({ condition: 'attribute_exists(PK)' })).toEqual({ ConditionExpression: 'attribute_exists(PK)' });
  });

  it('aliases names with dots, dashes, spaces, leading digits and other characters, each segment on its own', () => {
    const request = compileFriendly({ projection: '`a.b`, `first-name`, `my attr`.x, `1st`, `größe`, `a-b`, `a_b`' });
    expect(request.ProjectionExpression).toBe('#a_b, #first_name, #my_attr.x, #1st, #gr__e, #a_b_1, a_b');
    expect(request.ExpressionAttributeNames).toEqual({
      '#a_b': 'a.b',
      '#first_name': 'first-name',
      '#my_attr': 'my attr',
      '#1st': '1st',
      '#gr__e': 'größe',
      '#a_b_1': 'a-b',
    });
  });

  it('the same name keeps one alias across all expressions of a request', () => {
    const request = printExpressions({
      update: parseFriendly('update', 'SET status = "x"'),
      condition: parseFriendly('condition', 'status <> "x"'),
      projection: parseFriendly('projection', 'status'),
    });
    expect(request).toMatchObject({
      UpdateExpression: 'SET #status = :v0',
      ConditionExpression: '#status <> :v0',
      ProjectionExpression: '#status',
      ExpressionAttributeNames: { '#status': 'status' },
    });
  });
});

describe('parentheses', () => {
  const reprint = (text: string) => printCondition(parseCondition(text, 'ConditionExpression')).ConditionExpression;

  it('drops the ones precedence makes unnecessary', () => {
    expect(reprint('(a = b) AND (c = d)')).toBe('a = b AND c = d');
    expect(reprint('(a = b AND c = d) OR e = f')).toBe('a = b AND c = d OR e = f');
    expect(reprint('NOT (a = b)')).toBe('NOT a = b');
    expect(reprint('(a) = (b)')).toBe('a = b');
  });

  it('keeps the ones the tree needs', () => {
    expect(reprint('a = b AND (c = d OR e = f)')).toBe('a = b AND (c = d OR e = f)');
    expect(reprint('NOT (a = b OR c = d)')).toBe('NOT (a = b OR c = d)');
    // A right-nested chain keeps its shape, so parsing the output gives the same tree.
    expect(reprint('a = b AND (c = d AND e = f)')).toBe('a = b AND (c = d AND e = f)');
  });

  it('never prints an expression DynamoDB calls redundant', () => {
    const text = reprint('((a = b) OR (c = d)) AND NOT ((e = f) AND g = h)');
    expect(text).toBe('(a = b OR c = d) AND NOT (e = f AND g = h)');
    expect(() => parseCondition(text!, 'ConditionExpression')).not.toThrow();
  });
});
