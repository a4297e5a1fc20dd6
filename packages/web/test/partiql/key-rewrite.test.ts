/** The Scan rewrite the PartiQL pane offers: the key condition first, the old WHERE clause kept whole under it, the plan then a Query. */
import { parseStatement, planStatement, type PartiqlTableDescription } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { withKeyCondition } from '../../src/partiql/key-rewrite.js';
import { parameterValue } from '../../src/partiql/parameter-value.js';

const TABLE: PartiqlTableDescription = {
  TableName: 'Orders',
  KeySchema: [
    { AttributeName: 'PK', KeyType: 'HASH' },
    { AttributeName: 'SK', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'PK', AttributeType: 'S' },
    { AttributeName: 'SK', AttributeType: 'S' },
  ],
};

describe('withKeyCondition', () => {
  it.each([
    [`SELECT * FROM "Orders"`, `SELECT * FROM "Orders" WHERE PK = ?`],
    [`SELECT * FROM "Orders" WHERE a = 1 OR b = 2`, `SELECT * FROM "Orders" WHERE PK = ? AND (a = 1 OR b = 2)`],
    [`SELECT * FROM "Orders" WHERE PK > 'a'`, `SELECT * FROM "Orders" WHERE PK = ? AND (PK > 'a')`],
  ])('%s → %s, planned as a Query', (before, after) => {
    expect(planStatement(before, TABLE).operation).toBe('Scan');
    const rewritten = withKeyCondition(before, ['PK']);
    expect(rewritten).toEqual({ statement: after, added: 1 });
    expect(planStatement(parseStatement(rewritten.statement), TABLE, { parameters: [{ S: 'C1' }] }).operation).toBe('Query');
  });

  it('keeps ORDER BY after the WHERE clause', () => {
    const rewritten = withKeyCondition(`SELECT * FROM "Orders" WHERE SK > 'a' ORDER BY SK DESC`, ['PK']).statement;
    expect(rewritten).toBe(`SELECT * FROM "Orders" WHERE PK = ? AND (SK > 'a') ORDER BY SK DESC`);
    const plan = planStatement(rewritten, TABLE, { parameters: [{ S: 'C1' }] });
    expect(plan.operation).toBe('Query');
    expect(plan.request.ScanIndexForward).toBe(false);
  });

  it('quotes a key name PartiQL cannot take bare', () => {
    expect(withKeyCondition(`SELECT * FROM t`, ['order id']).statement).toBe(`SELECT * FROM t WHERE "order id" = ?`);
  });
});

describe('parameterValue', () => {
  it('reads DynamoDB JSON, numbers, booleans and null as such, and any other text as a string', () => {
    expect(parameterValue('{"N":"5"}')).toEqual({ N: '5' });
    expect(parameterValue('42')).toEqual({ N: '42' });
    expect(parameterValue('true')).toEqual({ BOOL: true });
    expect(parameterValue('null')).toEqual({ NULL: true });
    expect(parameterValue('TICKET#1')).toEqual({ S: 'TICKET#1' });
    expect(parameterValue('{"a":1}')).toEqual({ S: '{"a":1}' });
  });
});
