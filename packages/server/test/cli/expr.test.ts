import { describe, expect, it } from 'vitest';
import { compileFriendly, toWireRequest } from '@dynotable/core';
import { run } from './capture.js';

const DAY_WINDOW = 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"';

describe('dynotable expr, JSON output', () => {
  it('prints the request fields in wire JSON', async () => {
    const result = await run('expr', 'key', DAY_WINDOW);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual(toWireRequest({ TableName: undefined!, ...compileFriendly({ key: DAY_WINDOW }) }));
    expect(JSON.parse(result.stdout).KeyConditionExpression).toMatch(/^PK = :\w+ AND SK BETWEEN :\w+ AND :\w+$/);
  });

  it('keeps 38-digit numbers exact, as strings', async () => {
    const { stdout } = await run('expr', 'key', 'PK = 12345678901234567890123456789012345678 AND SK > -0.000000000000000000000000000000000001');
    const values = Object.values(JSON.parse(stdout).ExpressionAttributeValues);
    expect(values).toContainEqual({ N: '12345678901234567890123456789012345678' });
    expect(values).toContainEqual({ N: '-0.000000000000000000000000000000000001' });
  });

  it('takes several parts as flags, alongside the positional form', async () => {
    const result = await run('expr', 'key', 'PK = "TEAM#7"', '--filter', 'status = "open"', '--projection', 'title, status');
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['KeyConditionExpression', 'FilterExpression', 'ProjectionExpression', 'ExpressionAttributeNames']),
    );
    // `status` is a reserved word, so it must come out aliased.
    expect(body.FilterExpression).toMatch(/^#\w+ = :\w+$/);
    expect(Object.values(body.ExpressionAttributeNames)).toContain('status');
  });

  it('includes the table and index when given', async () => {
    const { stdout } = await run('expr', '--key', 'GSI1PK = "TEAM#7"', '--table', 'Tickets', '--index', 'GSI1');
    expect(JSON.parse(stdout)).toMatchObject({ TableName: 'Tickets', IndexName: 'GSI1' });
  });
});

describe('dynotable expr, code output', () => {
  const cases: Array<[string, string]> = [
    ['ts', 'new QueryCommand({'],
    ['ts-doc', "from '@aws-sdk/lib-dynamodb'"],
    ['python', 'client.query('],
    ['cli', 'aws dynamodb query'],
    ['java', 'QueryRequest.builder()'],
    ['go', 'client.Query(context.TODO()'],
  ];
  for (const [format, marker] of cases) {
    it(`--format ${format} writes a program for the table`, async () => {
      const withTable = await run('expr', 'key', DAY_WINDOW, '--format', format, '--table', 'AuditLog');
      expect(withTable.code).toBe(0);
      expect(withTable.stdout).toContain(marker);
      expect(withTable.stdout).toContain('AuditLog');
      expect(withTable.stdout).toContain('EVT#2026-06-23T23:59:59Z');
      const placeholder = await run('expr', 'key', DAY_WINDOW, '--format', format);
      expect(placeholder.stdout).toContain('YourTable');
    });
  }

  it('picks UpdateItem for an update, with a key placeholder', async () => {
    const { code, stdout } = await run('expr', 'update', 'SET score = score + 1', '-f', 'cli');
    expect(code).toBe(0);
    expect(stdout).toContain('aws dynamodb update-item');
    expect(stdout).toContain('--key ');
  });

  it('honours --operation', async () => {
    const { stdout } = await run('expr', 'filter', 'age > 3', '--operation', 'Query', '-f', 'python');
    expect(stdout).toContain('client.query(');
  });
});

describe('dynotable expr, bad expressions', () => {
  /** The caret line's first `^` sits under the token the error names. */
  function caretTarget(stderr: string): string {
    const lines = stderr.trimEnd().split('\n');
    const caret = lines.at(-1)!;
    const column = caret.indexOf('^');
    return lines.at(-2)!.slice(column, column + caret.trim().length);
  }

  it('exits 1 with DynamoDB’s error and a caret under the token', async () => {
    const result = await run('expr', 'key', 'PK = = "x"');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^ValidationException: Invalid KeyConditionExpression: Syntax error; token: "=", near: "= = /);
    expect(result.stderr).toContain('  key: PK = = "x"\n');
    expect(caretTarget(result.stderr)).toBe('=');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('points into the part that failed when several are given', async () => {
    const result = await run('expr', '--key', 'PK = "a"', '--filter', 'size(tags) > > 1');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  filter: size(tags) > > 1\n');
    expect(caretTarget(result.stderr)).toBe('>');
  });

  it('underlines a whole undefined placeholder', async () => {
    const result = await run('expr', 'filter', 'score > :missing');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ValidationException: .*attribute value: :missing\n/);
    expect(caretTarget(result.stderr)).toBe(':missing');
  });
});

describe('dynotable usage', () => {
  it.each([
    [['nope'], /unknown command 'nope'/],
    [['--nope'], /unknown option '--nope'/],
    [['expr', 'key', 'a = 1', '--bogus'], /unknown option '--bogus'\./],
    [['expr', 'sort', 'a = 1'], /unknown expression part 'sort'/],
    [['expr', 'key'], /missing the key expression text/],
    [['expr'], /no expression given/],
    [['expr', 'key', 'a = 1', '--key', 'b = 2'], /the key part is given twice/],
    [['expr', 'key', 'a = 1', '--format', 'cobol'], /--format must be one of/],
    [['expr', 'key', 'a = 1', '--operation', 'Scan'], /Scan takes no key expression/],
    [['expr', 'update', 'SET a = 1', '--index', 'GSI1'], /--index applies to Query and Scan only/],
    [['expr', '--table'], /--table needs a value/],
  ])('%j exits 2 with a clear message', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/--help/);
  });

  it('prints help and the version', async () => {
    const help = await run('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('dynotable <command>');
    const exprHelp = await run('expr', '--help');
    expect(exprHelp.code).toBe(0);
    for (const flag of ['--key', '--condition', '--filter', '--update', '--projection', '--format', '--table', '--index']) {
      expect(exprHelp.stdout).toContain(flag);
    }
    const version = await run('--version');
    const { version: expected } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(version).toEqual({ code: 0, stdout: `${expected}\n`, stderr: '' });
  });

  it('the examples in the help text all work', async () => {
    const { stdout } = await run('expr', '--help');
    const examples = stdout
      .split('\n')
      .filter((line) => line.startsWith('  dynotable expr ') && !line.includes('<'))
      .map((line) => line.trim());
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const args = [...example.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);
      const result = await run(...args);
      expect(result.stderr, example).toBe('');
      expect(result.code, example).toBe(0);
    }
  });
});
