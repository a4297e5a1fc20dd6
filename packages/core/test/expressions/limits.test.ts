/** Limits and placeholder rules (docs/dynamodb-rules.md#placeholders-and-expression-limits), and which error DynamoDB reports first. */
import { describe, expect, it } from 'vitest';
import { parseCondition, parseProjection, parseRequestExpressions, parseUpdate } from '@dynotable/core';
import type { ExpressionRequest } from '@dynotable/core';

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a ValidationException');
}

const values = { ':v': { S: 'x' } };

describe('expression size', () => {
  it('accepts 4096 UTF-8 bytes and rejects 4097, counting bytes of the raw text', () => {
    const at = (bytes: number) => `a = :v${' '.repeat(bytes - 6)}`;
    expect(() => parseCondition(at(4096), 'ConditionExpression', { values })).not.toThrow();
    expect(messageOf(() => parseCondition(at(4097), 'ConditionExpression', { values }))).toBe(
      'Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097',
    );
    // 2 bytes per "é": 2046 characters of text are 4092 + 6 bytes.
    const wide = `a = :v${'é'.repeat(2046)}`;
    expect(messageOf(() => parseCondition(wide, 'ConditionExpression', { values }))).toContain('expression size: 4098');
  });

  it('is checked before syntax', () => {
    expect(messageOf(() => parseUpdate(`SET a = b c${' '.repeat(4093)}`))).toBe(
      'Invalid UpdateExpression: Expression size has exceeded the maximum allowed size; expression size: 4104',
    );
  });
});

describe('operator limit', () => {
  const chain = (n: number) => Array.from({ length: n }, () => 'a = :v').join(' AND ');
  it('allows 300 operators and reports the 301st', () => {
    // n comparisons and n - 1 ANDs.
    expect(() => parseCondition(chain(150), 'FilterExpression', { values })).not.toThrow();
    expect(messageOf(() => parseCondition(chain(151), 'FilterExpression', { values }))).toBe(
      'Invalid FilterExpression: The expression contains too many operators; operator count: 301',
    );
  });

  it('counts NOT and functions, and reports 301 however many there are', () => {
    const text = Array.from({ length: 101 }, () => 'NOT attribute_exists(a)').join(' AND ');
    expect(messageOf(() => parseCondition(text, 'ConditionExpression'))).toBe(
      'Invalid ConditionExpression: The expression contains too many operators; operator count: 301',
    );
  });

  it('does not count SET actions', () => {
    const text = `SET ${Array.from({ length: 301 }, (_, i) => `a${i} = :v`).join(', ')}`;
    expect(() => parseUpdate(text, { values })).not.toThrow();
  });
});

describe('IN', () => {
  it('takes at most 100 operands', () => {
    const list = (n: number) => `a IN (${Array.from({ length: n }, () => ':v').join(', ')})`;
    expect(() => parseCondition(list(100), 'FilterExpression', { values })).not.toThrow();
    expect(messageOf(() => parseCondition(list(163), 'FilterExpression', { values }))).toBe(
      'Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 163',
    );
  });
});

describe('paths', () => {
  it('allow 32 levels and reject 33', () => {
    expect(() => parseProjection(`x${'.a'.repeat(31)}`)).not.toThrow();
    expect(messageOf(() => parseProjection(`x${'[0]'.repeat(32)}`))).toBe(
      'Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33',
    );
  });

  it('take list indexes up to 2147483647', () => {
    expect(() => parseProjection('a[2147483647]')).not.toThrow();
    expect(messageOf(() => parseProjection('a[2147483648]'))).toBe(
      'Invalid ProjectionExpression: List index is not within the allowable range; index: [2147483648]',
    );
  });
});

describe('empty expressions', () => {
  it.each([
    ['KeyConditionExpression', () => parseCondition('', 'KeyConditionExpression')],
    ['ConditionExpression', () => parseCondition('', 'ConditionExpression')],
    ['FilterExpression', () => parseCondition('', 'FilterExpression')],
    ['UpdateExpression', () => parseUpdate('')],
    ['ProjectionExpression', () => parseProjection('')],
  ])('%s', (kind, action) => {
    expect(messageOf(action)).toBe(`Invalid ${kind}: The expression can not be empty;`);
  });

  it('only when there is no text at all: blanks are a syntax error', () => {
    expect(messageOf(() => parseUpdate('   '))).toBe('Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "   "');
  });
});

describe('placeholders across a request', () => {
  const parse = (request: ExpressionRequest) => () => parseRequestExpressions(request);

  it('reports unused names, then unused values, listing every key', () => {
    expect(
      messageOf(
        parse({
          ConditionExpression: 'a = :v',
          ExpressionAttributeNames: { '#a': 'x', '#b': 'y' },
          ExpressionAttributeValues: { ':v': { S: 'x' }, ':w': { S: 'y' } },
        }),
      ),
    ).toBe('Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}');
    expect(
      messageOf(parse({ ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': { S: 'x' }, ':unused': { S: 'y' } } })),
    ).toBe('Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}');
  });

  it('counts a placeholder used by any expression of the request', () => {
    expect(() =>
      parseRequestExpressions({
        UpdateExpression: 'SET #a = :v',
        ConditionExpression: 'attribute_exists(#b)',
        ProjectionExpression: '#c',
        ExpressionAttributeNames: { '#a': 'a', '#b': 'b', '#c': 'c' },
        ExpressionAttributeValues: { ':v': { N: '1' } },
      }),
    ).not.toThrow();
  });

  it('reports undefined placeholders', () => {
    expect(messageOf(parse({ ConditionExpression: '#missing = :v', ExpressionAttributeValues: values }))).toBe(
      'Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #missing',
    );
    expect(messageOf(parse({ UpdateExpression: 'SET a = :v' }))).toBe(
      'Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :v',
    );
  });

  it('checks the placeholder maps before any expression', () => {
    expect(messageOf(parse({ UpdateExpression: 'SET a = b c', ExpressionAttributeNames: { bad: 'x' } }))).toBe(
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "bad"',
    );
    expect(messageOf(parse({ UpdateExpression: 'SET a = b c', ExpressionAttributeValues: { v: { S: 'x' } } }))).toBe(
      'ExpressionAttributeValues contains invalid key: Syntax error; key: "v"',
    );
    expect(messageOf(parse({ ConditionExpression: '#a = :v', ExpressionAttributeNames: { '#a': '' }, ExpressionAttributeValues: values }))).toBe(
      'ExpressionAttributeNames contains invalid value: Empty attribute name for key #a',
    );
    expect(() => parseRequestExpressions({ ProjectionExpression: '#1star', ExpressionAttributeNames: { '#1star': 'x' } })).not.toThrow();
  });

  it('checks each value as DynamoDB does, naming its key', () => {
    const bad = (value: unknown) => messageOf(parse({ ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': value as never } }));
    expect(bad({})).toBe(
      'ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key :v',
    );
    expect(bad({ S: 'x', N: '1' })).toBe(
      'ExpressionAttributeValues contains invalid value: Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes for key :v',
    );
    expect(bad({ N: 'abc' })).toBe('ExpressionAttributeValues contains invalid value: A value provided cannot be converted into a number for key :v');
    expect(bad({ SS: [] })).toBe(
      'ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :v',
    );
  });

  it('keeps values exactly as sent', () => {
    const parsed = parseRequestExpressions({ ConditionExpression: 'a = :v', ExpressionAttributeValues: { ':v': { N: '001.50' } } });
    expect(parsed.condition).toMatchObject({ right: { kind: 'value', value: { N: '001.50' } } });
  });

  it('takes placeholder keys of up to 255 bytes', () => {
    const name = (n: number) => `#${'a'.repeat(n - 1)}`;
    expect(() => parseRequestExpressions({ ProjectionExpression: name(255), ExpressionAttributeNames: { [name(255)]: 'x' } })).not.toThrow();
    expect(messageOf(parse({ ProjectionExpression: name(256), ExpressionAttributeNames: { [name(256)]: 'x' } }))).toBe(
      'ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: 256',
    );
    const value = `:${'b'.repeat(300)}`;
    expect(messageOf(parse({ ConditionExpression: `a = ${value}`, ExpressionAttributeValues: { [value]: { S: 'x' } } }))).toBe(
      'ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;',
    );
  });

  it('parses Update before Condition, and a Query filter and projection before its key condition', () => {
    expect(messageOf(parse({ UpdateExpression: 'SET a = b c', ConditionExpression: 'a = b c' }))).toMatch(/^Invalid UpdateExpression/);
    expect(messageOf(parse({ KeyConditionExpression: 'pk = :a b', FilterExpression: 'a = b c', ProjectionExpression: 'a b' }))).toMatch(
      /^Invalid FilterExpression/,
    );
    expect(messageOf(parse({ KeyConditionExpression: 'pk = :a b', ProjectionExpression: 'a b' }))).toMatch(/^Invalid ProjectionExpression/);
  });
});

describe('which error wins', () => {
  const condition = (text: string) => () => parseCondition(text, 'ConditionExpression');
  it('syntax before everything else', () => {
    expect(messageOf(condition('#undefined = status c'))).toBe('Invalid ConditionExpression: Syntax error; token: "c", near: "status c"');
  });
  it('redundant parentheses, then function names, then reserved words, then placeholders', () => {
    expect(messageOf(condition('status = b AND ((c = d))'))).toBe('Invalid ConditionExpression: The expression has redundant parentheses;');
    expect(messageOf(condition('foo(status)'))).toBe('Invalid ConditionExpression: Invalid function name; function: foo');
    expect(messageOf(condition('#undefined = status'))).toBe(
      'Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status',
    );
  });
});
