import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { generatePython, pyString, type CodegenRequest } from '@dynotable/core';
import { codegenRequest, hasCommand, plain, RICH_REQUEST, valueString } from './fixtures.js';

/**
 * Runs each program under a stub `boto3` whose client prints the method and
 * keyword arguments as JSON (bytes as base64), all in one Python process.
 */
const DRIVER = String.raw`
import base64, json, sys, types

calls = []
class Client:
    def __getattr__(self, method):
        def call(**kwargs):
            calls.append({'method': method, 'kwargs': kwargs})
            return {}
        return call

boto3 = types.ModuleType('boto3')
boto3.client = lambda service: Client() if service == 'dynamodb' else None
sys.modules['boto3'] = boto3

def encode(value):
    if isinstance(value, bytes):
        return {'$bytes': base64.b64encode(value).decode()}
    raise TypeError(type(value))

results = []
for program in json.load(sys.stdin):
    calls.clear()
    exec(compile(program, 'generated.py', 'exec'), {'print': lambda *args: None})
    results.append(list(calls))
print(json.dumps(results, default=encode))
`;

function runPython(programs: string[]): Array<Array<{ method: string; kwargs: Record<string, unknown> }>> {
  const result = spawnSync('python3', ['-c', DRIVER], { input: JSON.stringify(programs), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

const python = hasCommand('python3');

describe.runIf(python)('Python (boto3)', () => {
  it('calls the client method with exactly the request', () => {
    const code = generatePython(RICH_REQUEST);
    expect(code).toContain("KeyConditionExpression='#pk = :pk AND #sk BETWEEN :lo AND :hi'");
    expect(code).toContain("{'B': b'\\x00\\x01\"\\'\\\\\\xff'}");
    const [[call]] = runPython([code]) as [[{ method: string; kwargs: unknown }]];
    expect(call.method).toBe('query');
    expect(call.kwargs).toEqual(plain(RICH_REQUEST.params));
  });

  it('round-trips random requests, one method per operation', () => {
    const requests = fc.sample(codegenRequest, 150);
    const results = runPython(requests.map(generatePython));
    const methods: Record<CodegenRequest['operation'], string> = {
      GetItem: 'get_item',
      PutItem: 'put_item',
      UpdateItem: 'update_item',
      DeleteItem: 'delete_item',
      Query: 'query',
      Scan: 'scan',
    };
    requests.forEach((request, i) => {
      expect(results[i]).toEqual([{ method: methods[request.operation], kwargs: plain(request.params) }]);
    });
  });

  it('writes string literals Python reads back unchanged', () => {
    const strings = fc.sample(valueString, 300);
    const literal = `[${strings.map(pyString).join(', ')}]`;
    const script = 'import ast, json, sys\nprint(json.dumps(ast.literal_eval(sys.stdin.read())))';
    const result = spawnSync('python3', ['-c', script], { input: literal, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(strings);
  });
});
