import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { generateAwsCli, shellWord, type CodegenRequest } from '@dynotable/core';
import { codegenRequest, hasCommand, RICH_REQUEST, trickyString, wire } from './fixtures.js';

const END = 'END-OF-CALL';

/** Runs the snippets in bash with `aws` replaced by a function that prints its arguments, NUL-separated. */
function runBash(snippets: string[]): string[][] {
  const script = [`aws() { printf '%s\\0' "$@"; printf '${END}\\0'; }`, ...snippets].join('\n');
  const result = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  const words = result.stdout.split('\0').slice(0, -1);
  const calls: string[][] = [[]];
  for (const word of words) {
    if (word === END) calls.push([]);
    else calls.at(-1)!.push(word);
  }
  return calls.slice(0, -1);
}

const JSON_FLAGS = new Set(['--key', '--item', '--expression-attribute-names', '--expression-attribute-values', '--exclusive-start-key']);

/** Reads the CLI arguments back into request parameters, the way the AWS CLI would. */
function parseCall(args: string[]): { operation: string; params: Record<string, unknown> } {
  const [service, operation, ...rest] = args;
  expect(service).toBe('dynamodb');
  const params: Record<string, unknown> = {};
  const name = (flag: string) => flag.slice(2).replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    if (flag === '--scan-index-forward' || flag === '--consistent-read') params[name(flag)] = true;
    else if (flag === '--no-scan-index-forward' || flag === '--no-consistent-read') params[name(flag.replace('--no-', '--'))] = false;
    else {
      const value = rest[++i]!;
      if (JSON_FLAGS.has(flag)) params[name(flag)] = JSON.parse(value);
      else if (['--limit', '--segment', '--total-segments'].includes(flag)) params[name(flag)] = Number(value);
      else params[name(flag)] = value;
    }
  }
  return { operation: operation!, params };
}

const bash = hasCommand('bash');

describe.runIf(bash)('AWS CLI (bash)', () => {
  it('passes the expression text and wire-format JSON through the shell unchanged', () => {
    const snippet = generateAwsCli(RICH_REQUEST);
    expect(spawnSync('bash', ['-n', '-c', snippet]).status).toBe(0);
    expect(snippet).toContain("--key-condition-expression '#pk = :pk AND #sk BETWEEN :lo AND :hi'");
    expect(snippet).toContain('--no-scan-index-forward');
    expect(snippet).toContain('{"N":"12345678901234567890123456789012345678"}');
    const [call] = runBash([snippet]);
    expect(parseCall(call!)).toEqual({ operation: 'query', params: wire(RICH_REQUEST.params) });
  });

  it('round-trips random requests', () => {
    const requests = fc.sample(codegenRequest, 150);
    const calls = runBash(requests.map(generateAwsCli));
    const commands: Record<CodegenRequest['operation'], string> = {
      GetItem: 'get-item',
      PutItem: 'put-item',
      UpdateItem: 'update-item',
      DeleteItem: 'delete-item',
      Query: 'query',
      Scan: 'scan',
    };
    expect(calls).toHaveLength(requests.length);
    requests.forEach((request, i) => {
      expect(parseCall(calls[i]!)).toEqual({ operation: commands[request.operation], params: wire(request.params) });
    });
  });

  it('quotes any word so that bash gives it back unchanged', () => {
    const words = fc.sample(trickyString, 300);
    const [call] = runBash([`aws ${words.map(shellWord).join(' ')}`]);
    expect(call).toEqual(words);
  });

  it('says how binary is read only when there is binary', () => {
    const note = /^# Binary values are base64/;
    expect(generateAwsCli(RICH_REQUEST)).toMatch(note);
    expect(generateAwsCli({ operation: 'Scan', params: { TableName: 't', ExpressionAttributeValues: { ':b': { S: 'B' } } } })).not.toMatch(note);
  });

  it('refuses a NUL, which no command line can carry', () => {
    expect(() => shellWord('a\0b')).toThrow(RangeError);
  });
});
