/**
 * `dynotable expr key` refuses what DynamoDB refuses in a key condition, with
 * DynamoDB's own message and a failing exit code, though it knows no table;
 * and hostile nesting in any part is a clear error, never a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { run } from './capture.js';

const REFUSED: Array<[string, string]> = [
  ['PK = "a" OR SK = "b"', 'Invalid operator used in KeyConditionExpression: OR'],
  ['NOT PK = "a"', 'Invalid operator used in KeyConditionExpression: NOT'],
  ['PK = "a" AND NOT SK = "b"', 'Invalid operator used in KeyConditionExpression: NOT'],
  ['PK <> "a"', 'Invalid operator used in KeyConditionExpression: <>'],
  ['PK = "a" AND SK <> "b"', 'Invalid operator used in KeyConditionExpression: <>'],
  ['PK IN ("a", "b")', 'Invalid operator used in KeyConditionExpression: IN'],
  ['PK = "a" AND attribute_exists(SK)', 'Invalid operator used in KeyConditionExpression: attribute_exists'],
  ['PK = "a" AND attribute_not_exists(SK)', 'Invalid operator used in KeyConditionExpression: attribute_not_exists'],
  ['PK = "a" AND attribute_type(SK, "S")', 'Invalid operator used in KeyConditionExpression: attribute_type'],
  ['PK = "a" AND contains(SK, "b")', 'Invalid operator used in KeyConditionExpression: contains'],
  ['PK = "a" AND size(SK) > 3', 'KeyConditionExpressions cannot contain nested operations'],
  ['A = "1" AND B = "2" AND C = "3" AND D = "4" AND E = "5" AND F = "6" AND G = "7" AND H = "8" AND I = "9"', 'Conditions can be of length 1 or 2 only'],
  ['PK = "a" AND SK > "b" AND SK < "c"', 'KeyConditionExpressions must only contain one condition per key'],
  ['PK = "a" AND X.Y = "b"', 'KeyConditionExpressions cannot have conditions on nested attributes'],
  ['PK > "a"', 'Query key condition not supported'],
];

describe('dynotable expr key refuses what DynamoDB refuses', () => {
  it.each(REFUSED)('%s', async (text, message) => {
    const result = await run('expr', 'key', text);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('as --key beside a filter, and with --format, too', async () => {
    const flagged = await run('expr', '--key', 'PK = "a" OR SK = "b"', '--filter', 'status = "open"');
    expect(flagged.code).toBe(1);
    expect(flagged.stderr).toContain('Invalid operator used in KeyConditionExpression: OR');
    const program = await run('expr', 'key', 'PK IN ("a")', '--format', 'python');
    expect(program.code).toBe(1);
    expect(program.stderr).toContain('Invalid operator used in KeyConditionExpression: IN');
  });
});

describe('dynotable expr with hostile nesting', () => {
  const parens = (n: number, inner: string) => '('.repeat(n) + inner + ')'.repeat(n);
  const cases: Array<[string, string, RegExp]> = [
    ['key', parens(3_500, 'PK = "a"'), /more than 602 levels deep/],
    ['filter', parens(100_000, 'a = 1'), /more than 602 levels deep/],
    ['condition', `${'NOT '.repeat(100_000)}a = 1`, /more than 602 levels deep/],
    ['update', `SET a = ${parens(3_500, 'b')}`, /more than 602 levels deep/],
    ['filter', `a = ${'['.repeat(10_000)}${']'.repeat(10_000)}`, /nests lists, maps and sets more than 31 levels deep/],
  ];
  it.each(cases)('%s: a clear error and exit code 1', async (kind, text, message) => {
    const result = await run('expr', kind, text);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at |Maximum call stack|RangeError/);
    expect(result.stderr.length).toBeLessThan(2_000);
  });
});
