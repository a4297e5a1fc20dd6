/**
 * The generated integration tests pass against DynamoDB Local: each example's
 * module and test are written into `.build` and run by a separate Vitest with
 * DYNAMODB_ENDPOINT set; its JSON report must show every test passed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateDataAccessModule, generateIntegrationTest } from '../../src/codegen/index.js';
import { oracleEndpoint, oracleUnavailable } from '../support/dynamodb-local.js';
import { writeBuildFiles } from './build-folder.js';
import { EXAMPLE_NAMES, examplePlans, loadExample } from './examples.js';

const VITEST = fileURLToPath(new URL('../../../../node_modules/vitest/vitest.mjs', import.meta.url));

interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.skipIf(oracleUnavailable())('generated integration tests on DynamoDB Local', () => {
  for (const name of EXAMPLE_NAMES) {
    it(`${name}: every generated test passes`, async () => {
      const model = loadExample(name);
      const plans = examplePlans(name, model);
      const module = generateDataAccessModule(model, { plans });
      const test = generateIntegrationTest(model, { plans });
      // Saved without `.test.` so the repository's own Vitest projects never collect it.
      const testFile = test.fileName.replace(/\.test\.ts$/, '.ts');
      const paths = writeBuildFiles(`oracle-${name}`, {
        [module.fileName]: module.source,
        [testFile]: test.source,
        'vitest.config.mjs': `export default { test: { include: [${JSON.stringify(testFile)}], testTimeout: 60000, hookTimeout: 120000 } };\n`,
      });
      const folder = join(paths[testFile]!, '..');
      const reportFile = join(folder, 'report.json');
      const { code, output } = await run(
        process.execPath,
        [VITEST, 'run', '--config', paths['vitest.config.mjs']!, '--root', folder, '--reporter=json', `--outputFile=${reportFile}`],
        { ...process.env, DYNAMODB_ENDPOINT: oracleEndpoint(), AWS_ACCESS_KEY_ID: '', CI: '' },
        folder,
      );
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
      const failures = report.testResults.flatMap((file) => file.assertionResults.filter((result) => result.status !== 'passed'));
      expect(failures, output).toEqual([]);
      expect(code, output).toBe(0);
      // One test for the writes and one per access pattern, none skipped.
      expect(report.numPassedTests).toBe(model.accessPatterns.length + 1);
    });
  }
});
