/** Every expression error points at the offending text, for a caret under it. */
import { describe, expect, it } from 'vitest';
import { parseCondition, parseProjection, parseUpdate } from '@dynotable/core';
import type { DynamoError } from '@dynotable/core';

/** The text the error's location covers. */
function pointedAt(text: string, action: (text: string) => unknown): string {
  try {
    action(text);
  } catch (error) {
    const location = (error as DynamoError).location;
    expect(location, (error as Error).message).toBeDefined();
    return text.slice(location!.offset, location!.offset + location!.length);
  }
  throw new Error('expected an error');
}

const values = { ':v': { S: 'x' }, ':n': { N: '1' } };
const condition = (text: string) => parseCondition(text, 'ConditionExpression', { values });
const update = (text: string) => parseUpdate(text, { values });

describe('error locations', () => {
  it('syntax errors point at the offending token; at the end of input, at nothing', () => {
    expect(pointedAt('SET a = :v c', update)).toBe('c');
    expect(pointedAt('a = :v AND OR b = :v', condition)).toBe('OR');
    expect(() => condition('a = ')).toThrowError(expect.objectContaining({ location: { offset: 4, length: 0 } }));
  });

  it('reserved words and undefined placeholders point at the name', () => {
    expect(pointedAt('a = :v AND meta.status = :v', condition)).toBe('status');
    expect(pointedAt('a = :v AND #missing = :v', condition)).toBe('#missing');
    expect(pointedAt('a = :v AND b = :missing', condition)).toBe(':missing');
  });

  it('function errors point at the call', () => {
    expect(pointedAt('a = :v AND size(b)', condition)).toBe('size(b)');
    expect(pointedAt('attribute_exists(a) = :v', condition)).toBe('attribute_exists(a)');
    expect(pointedAt('SET a = size(b)', update)).toBe('size(b)');
    expect(pointedAt('a = :v OR nope(b)', condition)).toBe('nope');
  });

  it('comparison errors point at the comparison', () => {
    expect(pointedAt('x = :v AND a BETWEEN :n AND :v', condition)).toBe('a BETWEEN :n AND :v');
    expect(pointedAt('x = :v AND contains(a, a)', condition)).toBe('contains(a, a)');
    expect(pointedAt('SET a = :v + :n', update)).toBe(':v + :n');
  });

  it('path errors point at "path one" of the message, the bad index or the section keyword', () => {
    // DynamoDB reads the paths last to first, so the clash shows at `a`.
    expect(pointedAt('SET a = :v, b = :v, a.c = :v', update)).toBe('a');
    expect(pointedAt('x, a[99999999999]', parseProjection)).toBe('99999999999');
    expect(pointedAt('SET a = :v REMOVE b SET c = :v', update)).toBe('SET');
    expect(pointedAt('x = :v AND ((a = :v))', condition)).toBe('((a = :v))');
  });
});
