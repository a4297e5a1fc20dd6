/**
 * Every access pattern's boto3 program is valid Python and its AWS CLI
 * command carries JSON that parses to the planned request.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requestForPlan } from '../../src/design/index.js';
import { patternSnippets } from '../../src/codegen/index.js';
import { snippetArguments } from '../../src/codegen/snippets.js';
import { EXAMPLE_NAMES, examplePlans, loadExample } from './examples.js';

const python = spawnSync('python3', ['--version']).status === 0;

/** The single-quoted shell words of a command, unquoted. */
function quotedWords(command: string): string[] {
  return [...command.matchAll(/'((?:[^']|'\\'')*)'/g)].map((match) => match[1]!.replace(/'\\''/g, "'"));
}

describe('pattern snippets', () => {
  for (const name of EXAMPLE_NAMES) {
    const model = loadExample(name);
    const plans = examplePlans(name, model);
    for (const plan of plans) {
      it(`${name} ${plan.pattern}: CLI JSON parses to the planned request`, () => {
        const { cli } = patternSnippets(model, plan.pattern, plans);
        expect(cli).toContain({ GetItem: 'aws dynamodb get-item', Query: 'aws dynamodb query', Scan: 'aws dynamodb scan' }[plan.operation]);
        const json = quotedWords(cli).filter((word) => word.startsWith('{'));
        expect(json.length).toBeGreaterThan(0);
        const parsed = json.map((word) => JSON.parse(word) as Record<string, unknown>);
        const { params } = requestForPlan(model, plan, snippetArguments(model, plan));
        expect(parsed).toEqual([params.Key, params.ExpressionAttributeNames, params.ExpressionAttributeValues].filter((value) => value !== undefined));
        if (plan.index !== undefined) expect(cli).toContain(plan.index);
      });

      it.skipIf(!python)(`${name} ${plan.pattern}: the boto3 program parses`, () => {
        const { python: program } = patternSnippets(model, plan.pattern, plans);
        expect(program).toContain('boto3');
        const result = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], { input: program, encoding: 'utf8' });
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
      });
    }
  }
});
