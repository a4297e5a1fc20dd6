import { describe, expect, it } from 'vitest';
import { compileFriendly, parseFriendly, parseRequestExpressions } from '@dynotable/core';
import type { DynamoError } from '@dynotable/core';

function errorOf(action: () => unknown): DynamoError {
  try {
    action();
  } catch (error) {
    return error as DynamoError;
  }
  throw new Error('expected an error');
}

describe('friendly text', () => {
  it('compiles the documented examples into requests DynamoDB accepts', () => {
    const examples: Parameters<typeof compileFriendly>[0][] = [
      { key: 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"' },
      { update: 'SET status = "pending", result = "win", views = views + 1' },
      { condition: 'begins_with(SK, "MATCH#")' },
      { condition: 'attribute_not_exists(PK)' },
      { update: 'REMOVE tags[0], meta.old' },
      { update: 'ADD counter 1, colours <<"red">>' },
    ];
    for (const parts of examples) {
      const request = compileFriendly(parts);
      expect(() => parseRequestExpressions(request)).not.toThrow();
    }
    expect(compileFriendly({ update: 'REMOVE tags[0], meta.old' })).toEqual({
      UpdateExpression: 'REMOVE tags[0], meta.#old',
      ExpressionAttributeNames: { '#old': 'old' },
    });
  });

  it('reads every kind of literal, keeping numbers exactly as written', () => {
    const update = parseFriendly(
      'update',
      'SET a = "tab\\there \\"quoted\\" \\u00e9", b = -0012.50, c = 1e-130, d = true, e = false, f = null, ' +
        'g = [1, "x", [true]], h = {"k": {"n": 2}, "with space": []}, i = <<"x", "y">>, j = <<1, 2.5>>, ' +
        'k = b64"AQID", l = <<b64"AA==", b64"/w==">>, m = 12345678901234567890123456789012345678',
    );
    expect(update.set.map((s) => s.value)).toEqual([
      { kind: 'value', value: { S: 'tab\there "quoted" é' } },
      { kind: 'value', value: { N: '-0012.50' } },
      { kind: 'value', value: { N: '1e-130' } },
      { kind: 'value', value: { BOOL: true } },
      { kind: 'value', value: { BOOL: false } },
      { kind: 'value', value: { NULL: true } },
      { kind: 'value', value: { L: [{ N: '1' }, { S: 'x' }, { L: [{ BOOL: true }] }] } },
      { kind: 'value', value: { M: { k: { M: { n: { N: '2' } } }, 'with space': { L: [] } } } },
      { kind: 'value', value: { SS: ['x', 'y'] } },
      { kind: 'value', value: { NS: ['1', '2.5'] } },
      { kind: 'value', value: { B: new Uint8Array([1, 2, 3]) } },
      { kind: 'value', value: { BS: [new Uint8Array([0]), new Uint8Array([255])] } },
      { kind: 'value', value: { N: '12345678901234567890123456789012345678' } },
    ]);
  });

  it('takes raw names, reserved words and `backquoted` names', () => {
    expect(parseFriendly('projection', 'status, `a.b`.`c d`[2], `true`, `back\\`tick`')).toEqual({
      kind: 'projection',
      paths: [
        { kind: 'path', elements: [{ type: 'name', name: 'status' }] },
        {
          kind: 'path',
          elements: [
            { type: 'name', name: 'a.b' },
            { type: 'name', name: 'c d' },
            { type: 'index', index: 2 },
          ],
        },
        { kind: 'path', elements: [{ type: 'name', name: 'true' }] },
        { kind: 'path', elements: [{ type: 'name', name: 'back`tick' }] },
      ],
    });
  });

  it('still takes placeholders when they are given', () => {
    const condition = parseFriendly('condition', '#s = :v AND size(x) > 3', {
      names: { '#s': 'status' },
      values: { ':v': { S: 'on' } },
    });
    expect(condition).toEqual({
      kind: 'and',
      left: {
        kind: 'compare',
        operator: '=',
        left: { kind: 'path', elements: [{ type: 'name', name: 'status' }] },
        right: { kind: 'value', value: { S: 'on' } },
      },
      right: {
        kind: 'compare',
        operator: '>',
        left: { kind: 'call', name: 'size', args: [{ kind: 'path', elements: [{ type: 'name', name: 'x' }] }] },
        right: { kind: 'value', value: { N: '3' } },
      },
    });
  });

  it('reports DynamoDB errors with a location in the friendly text', () => {
    const text = 'SET a = 1, b = "x" + 2';
    const error = errorOf(() => parseFriendly('update', text));
    expect(error.message).toBe('Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S');
    expect(text.slice(error.location!.offset, error.location!.offset + error.location!.length)).toBe('"x" + 2');

    const syntax = errorOf(() => parseFriendly('condition', 'a = "x" AND'));
    expect(syntax.message).toBe('Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "AND"');
    expect(syntax.location).toEqual({ offset: 11, length: 0 });
  });

  it('reports bad literals', () => {
    expect(errorOf(() => parseFriendly('update', 'SET a = "open')).message).toBe('Invalid UpdateExpression: Unterminated quoted text');
    expect(errorOf(() => parseFriendly('update', 'SET a = <<>>')).message).toBe('Invalid UpdateExpression: A set literal needs at least one member');
    expect(errorOf(() => parseFriendly('update', 'SET a = <<1, "x">>')).message).toMatch(/only strings, only numbers or only binaries/);
    expect(errorOf(() => parseFriendly('update', 'SET a = 1e999999')).message).toBe(
      'Invalid UpdateExpression: Number overflow. Attempting to store a number with magnitude larger than supported range',
    );
    expect(errorOf(() => parseFriendly('update', `SET a = ${'1'.repeat(39)}`)).message).toBe(
      'Invalid UpdateExpression: Attempting to store more than 38 significant digits in a Number',
    );
    expect(errorOf(() => parseFriendly('update', 'SET a = b64"%%"')).message).toBe('Invalid UpdateExpression: Invalid base64 in binary literal');
  });

  it('validates the compiled request as DynamoDB would', () => {
    expect(errorOf(() => compileFriendly({ update: 'SET a = 1, a.b = 2' })).message).toBe(
      'Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]',
    );
    expect(errorOf(() => compileFriendly({ condition: 'x BETWEEN 5 AND 1' })).message).toBe(
      'Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}',
    );
  });
});
