/**
 * The generated module and its integration test compile under tsc --strict,
 * with the AWS SDK and Vitest types resolved from the repository.
 */
import { describe, expect, it } from 'vitest';
import { generateDataAccessModule, generateIntegrationTest } from '../../src/codegen/index.js';
import { writeBuildFiles } from './build-folder.js';
import { strictDiagnostics } from './compile.js';
import { EXAMPLE_NAMES, examplePlans, loadExample } from './examples.js';

describe('generated code compiles under tsc --strict', () => {
  it(`for every example (${EXAMPLE_NAMES.join(', ')})`, { timeout: 180_000 }, () => {
    const files: string[] = [];
    for (const name of EXAMPLE_NAMES) {
      const model = loadExample(name);
      const plans = examplePlans(name, model);
      const module = generateDataAccessModule(model, { plans });
      const test = generateIntegrationTest(model, { plans });
      expect(test.source).toContain(`from './${module.fileName.replace(/\.ts$/, '.js')}'`);
      // Saved without `.test.` so the repository's own Vitest projects never collect it.
      const paths = writeBuildFiles(`compile-${name}`, { [module.fileName]: module.source, [test.fileName.replace(/\.test\.ts$/, '.ts')]: test.source });
      files.push(...Object.values(paths));
    }
    expect(strictDiagnostics(files)).toEqual([]);
  });
});
