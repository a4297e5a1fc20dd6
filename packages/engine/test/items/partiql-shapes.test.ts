/**
 * PartiQL requests' members of the wrong JSON type are SerializationExceptions,
 * as for the other operations (DynamoDB Local answers an internal failure);
 * members DynamoDB does not know are ignored.
 */
import { describe, expect, it } from 'vitest';
import { engineAt, failure, onDemandTable } from '../tables/support.js';

describe('PartiQL request shapes', () => {
  const engine = engineAt();
  engine.execute('CreateTable', onDemandTable('things'));
  const serialization = (message: string) => ({ name: 'SerializationException', message });

  it('refuses members of the wrong JSON type', () => {
    expect(failure(engine, 'ExecuteStatement', { Statement: 5 })).toEqual(serialization('class java.lang.Long can not be converted to an String'));
    expect(failure(engine, 'ExecuteStatement', { Statement: 'SELECT * FROM things', Limit: 'x' })).toEqual(
      serialization('class java.lang.String can not be converted to an Integer'),
    );
    expect(failure(engine, 'ExecuteStatement', { Statement: 'SELECT * FROM things', Parameters: { S: 'a' } })).toEqual(
      serialization('Start of structure or map found where not expected'),
    );
    expect(failure(engine, 'ExecuteStatement', { Statement: 'SELECT * FROM things', ConsistentRead: 'yes' })).toEqual(
      serialization('class java.lang.String can not be converted to an Boolean'),
    );
    expect(failure(engine, 'BatchExecuteStatement', { Statements: { Statement: 'x' } })).toEqual(serialization('Start of structure or map found where not expected'));
    expect(failure(engine, 'BatchExecuteStatement', { Statements: [{ Statement: 5 }] })).toEqual(serialization('class java.lang.Long can not be converted to an String'));
    expect(failure(engine, 'ExecuteTransaction', { TransactStatements: [{ Statement: "SELECT * FROM things WHERE pk = 'a'" }], ClientRequestToken: 5 })).toEqual(
      serialization('class java.lang.Long can not be converted to an String'),
    );
  });

  it('ignores members it does not know', () => {
    expect(engine.execute('ExecuteStatement', { Statement: 'SELECT * FROM things', Foo: 1 })).toEqual({ Items: [] });
    const batch = engine.execute('BatchExecuteStatement', { Statements: [{ Statement: "SELECT * FROM things WHERE pk = 'a'", Foo: 1 }], Foo: 1 });
    expect(batch).toEqual({ Responses: [{ TableName: 'things' }] });
  });
});
