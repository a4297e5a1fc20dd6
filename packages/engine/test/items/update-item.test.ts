/**
 * UpdateItem through the engine. Expected values and messages were measured
 * on DynamoDB Local, except where a test says otherwise.
 */
import { describe, expect, it } from 'vitest';
import { engineWith, N, S, thrown } from './support.js';

const table = { name: 'items', sort: true };
const key = { pk: S('u'), sk: S('b') };

function seeded() {
  const engine = engineWith(table);
  engine.execute('PutItem', {
    TableName: 'items',
    Item: { ...key, m: { M: { x: N(1), y: N(2) } }, l: { L: [N(1), N(2), N(3)] }, z: S('q') },
  });
  const update = (expression: string, returnValues: string, values?: Record<string, unknown>) =>
    engine.execute('UpdateItem', {
      TableName: 'items',
      Key: key,
      UpdateExpression: expression,
      ReturnValues: returnValues,
      ...(values ? { ExpressionAttributeValues: values } : {}),
    });
  return { engine, update };
}

describe('UpdateItem', () => {
  it('creates a missing item from its key; operands may read the key', () => {
    const engine = engineWith(table);
    const output = engine.execute('UpdateItem', { TableName: 'items', Key: key, UpdateExpression: 'SET a = pk, c = sk', ReturnValues: 'ALL_NEW' });
    expect(output).toEqual({ Attributes: { ...key, a: S('u'), c: S('b') } });
  });

  it('creates a key-only item when the update changes nothing', () => {
    const engine = engineWith(table);
    expect(engine.execute('UpdateItem', { TableName: 'items', Key: key, ReturnValues: 'ALL_NEW' })).toEqual({ Attributes: key });
    const other = { pk: S('v'), sk: S('b') };
    engine.execute('UpdateItem', { TableName: 'items', Key: other, UpdateExpression: 'REMOVE x' });
    expect(engine.execute('GetItem', { TableName: 'items', Key: other })).toEqual({ Item: other });
  });

  it('refuses to update a key attribute with DynamoDB exact message', () => {
    const engine = engineWith(table);
    const error = thrown(() =>
      engine.execute('UpdateItem', { TableName: 'items', Key: key, UpdateExpression: 'SET sk = :v', ExpressionAttributeValues: { ':v': S('c') } }),
    );
    expect(error.message).toBe('One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key');
  });

  it('UPDATED_OLD returns whole top-level attributes of paths that existed before', () => {
    const { update } = seeded();
    expect(update('SET m.x = :v, l[1] = :v REMOVE z', 'UPDATED_OLD', { ':v': N(9) })).toEqual({
      Attributes: { m: { M: { x: N(1), y: N(2) } }, l: { L: [N(1), N(2), N(3)] }, z: S('q') },
    });
  });

  it('UPDATED_NEW returns whole top-level attributes of paths that exist after', () => {
    const { update } = seeded();
    expect(update('SET m.x = :v, l[1] = :v, nn = :v', 'UPDATED_NEW', { ':v': N(8) })).toEqual({
      Attributes: { nn: N(8), l: { L: [N(1), N(8), N(3)] }, m: { M: { x: N(8), y: N(2) } } },
    });
    // m.y is gone after the REMOVE, so m is not returned; l[0] still resolves (shifted).
    expect(update('REMOVE m.y, l[0]', 'UPDATED_NEW')).toEqual({ Attributes: { l: { L: [N(8), N(3)] } } });
  });

  it('returns no Attributes when no updated path existed', () => {
    const { update } = seeded();
    expect(update('REMOVE nothere', 'UPDATED_OLD')).toEqual({});
    expect(update('SET m.w = :v', 'UPDATED_OLD', { ':v': N(7) })).toEqual({});
  });

  it('ALL_OLD and ALL_NEW return the whole item before and after', () => {
    const { update } = seeded();
    const old = update('SET z = :v', 'ALL_OLD', { ':v': S('r') });
    expect((old.Attributes as Record<string, unknown>).z).toEqual(S('q'));
    const next = update('SET z = :v', 'ALL_NEW', { ':v': S('s') });
    expect((next.Attributes as Record<string, unknown>).z).toEqual(S('s'));
  });

  it('checks the condition before evaluating the update', () => {
    const { engine } = seeded();
    const error = thrown(() =>
      engine.execute('UpdateItem', {
        TableName: 'items',
        Key: key,
        UpdateExpression: 'SET z = z + :n',
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':n': N(1) },
      }),
    );
    expect(error.name).toBe('ConditionalCheckFailedException');
  });

  // DynamoDB's framework check of enum members; DynamoDB Local skips it and
  // answers "Return values set to invalid value" (the enum order is dynalite's).
  it('refuses an unknown ReturnValues with the framework message', () => {
    const engine = engineWith(table);
    const error = thrown(() => engine.execute('UpdateItem', { TableName: 'items', Key: key, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': N(1) }, ReturnValues: 'Y' }));
    expect(error.message).toBe(
      "1 validation error detected: Value 'Y' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
    );
  });

  it('refuses ExpressionAttributeValues without an expression, naming both members', () => {
    const engine = engineWith(table);
    expect(thrown(() => engine.execute('UpdateItem', { TableName: 'items', Key: key, ExpressionAttributeValues: { ':a': S('a') } })).message).toBe(
      'ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null',
    );
  });

  it('refuses an updated item over 400 KB with the UpdateItem wording', () => {
    const engine = engineWith(table);
    const error = thrown(() =>
      engine.execute('UpdateItem', { TableName: 'items', Key: key, UpdateExpression: 'SET d = :d', ExpressionAttributeValues: { ':d': S('x'.repeat(400 * 1024)) } }),
    );
    expect(error.message).toBe('Item size to update has exceeded the maximum allowed size');
  });
});

describe('UpdateItem with the legacy AttributeUpdates', () => {
  const legacy = (engine: ReturnType<typeof engineWith>, updates: unknown, returnValues = 'ALL_NEW') =>
    engine.execute('UpdateItem', { TableName: 'items', Key: key, AttributeUpdates: updates, ReturnValues: returnValues });

  it('puts by default, appends lists, adds numbers and sets, deletes set members and attributes', () => {
    const engine = engineWith(table);
    legacy(engine, { a: { Value: S('x') }, l: { Action: 'PUT', Value: { L: [S('a')] } } });
    legacy(engine, { l: { Action: 'ADD', Value: { L: [S('b')] } }, n: { Action: 'ADD', Value: N(2) }, ss: { Action: 'ADD', Value: { SS: ['a', 'b'] } } });
    const output = legacy(engine, { ss: { Action: 'DELETE', Value: { SS: ['a'] } }, a: { Action: 'DELETE' } });
    expect(output).toEqual({ Attributes: { ...key, l: { L: [S('a'), S('b')] }, n: N(2), ss: { SS: ['b'] } } });
  });

  it('words its errors as DynamoDB does', () => {
    const engine = engineWith(table);
    legacy(engine, { n: { Value: N(1) } });
    expect(thrown(() => legacy(engine, { x: { Action: 'PUT' } })).message).toBe(
      'One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified',
    );
    expect(thrown(() => legacy(engine, { x: { Action: 'ADD', Value: { BOOL: true } } })).message).toBe(
      'One or more parameter values were invalid: ADD action is not supported for the type BOOLEAN',
    );
    expect(thrown(() => legacy(engine, { x: { Action: 'DELETE', Value: { L: [] } } })).message).toBe(
      'One or more parameter values were invalid: DELETE action with value is not supported for the type LIST',
    );
    expect(thrown(() => legacy(engine, { n: { Action: 'ADD', Value: { SS: ['x'] } } })).message).toBe('Type mismatch for attribute to update');
    expect(thrown(() => legacy(engine, { pk: { Action: 'PUT', Value: S('x') } })).message).toBe(
      'One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key',
    );
  });

  it('refuses AttributeUpdates with expressions, naming the members in DynamoDB order', () => {
    const engine = engineWith(table);
    const error = thrown(() =>
      engine.execute('UpdateItem', {
        TableName: 'items',
        Key: key,
        Expected: { a: { Exists: false } },
        AttributeUpdates: { x: { Action: 'DELETE' } },
        ConditionalOperator: 'OR',
        ConditionExpression: 'a = b',
        UpdateExpression: 'SET x = b',
      }),
    );
    expect(error.message).toBe(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} Expression parameters: {UpdateExpression, ConditionExpression}',
    );
  });
});
