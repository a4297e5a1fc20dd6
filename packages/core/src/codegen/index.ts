/**
 * Code generation (`dynotable codegen`, the web's codegen page): from a model,
 * a typed TypeScript data-access module on the AWS SDK v3 and a Vitest
 * integration test for it; per access pattern a boto3 program and an AWS CLI
 * command.
 */
export { generateDataAccessModule, dataAccessFileName } from './data-access-module.js';
export type { DataAccessOptions, GeneratedFile } from './data-access-module.js';
export { generateIntegrationTest, integrationTestFileName } from './integration-test.js';
export type { IntegrationTestOptions } from './integration-test.js';
export { patternSnippets } from './snippets.js';
export type { PatternSnippets } from './snippets.js';
