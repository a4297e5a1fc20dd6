/**
 * Knip: unused files, exports, types and dependencies, run by `npm run lint`.
 *
 * Entry points are what runs or is published. Knip finds some by itself: the
 * packages' `main` and `bin` (core's and the engine's src/index.ts, their
 * public APIs; the `dynotable` command's bin/dynotable.js), the scripts in the
 * package.json files (scripts/bundle.js, the benchmarks), and the Vite, Vitest
 * and ESLint configs with what they name (the web's index.html and
 * src/main.tsx). The rest are listed here.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // `java` and `javac` are the system's, for DynamoDB Local and the generated Java;
  // `script` (util-linux) gives the CLI tests a pseudo-terminal.
  ignoreBinaries: ['java', 'javac', 'script'],
  ignoreIssues: {
    // One function under two names on purpose: the default export is a global setup
    // (core's oracle project), the named one is called by the engine's conformance setup.
    'packages/core/test/support/dynamodb-local-setup.ts': ['duplicates'],
  },
  workspaces: {
    '.': {
      project: ['*.{js,ts}', 'scripts/**/*.{js,ts}'],
      // The data-access modules codegen generates (packages/core/src/codegen/) import it; the tests
      // write them under .build/, type-check them and run them on DynamoDB Local.
      // The engine bench starts dynalite from its path (createRequire(...).resolve('dynalite')).
      // packages/server/scripts/mcp-conformance.js runs the MCP conformance suite's CLI from its path.
      ignoreDependencies: ['@aws-sdk/lib-dynamodb', 'dynalite', '@modelcontextprotocol/conformance'],
    },
    'packages/core': {
      entry: ['bench/*.bench.ts', 'test/**/*.test.ts', 'test/**/global-setup.ts'],
      project: ['src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    },
    'packages/engine': {
      entry: [
        'bench/*.bench.ts',
        // Bundled by bench/build.ts from their paths.
        'bench/entries/*.ts',
        'test/**/*.test.ts',
        'test/**/global-setup.ts',
        // Run in a child process by test/storage/sqlite.test.ts.
        'test/storage/hold-directory.ts',
      ],
      project: ['src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    },
    'packages/server': {
      // bin/dynotable.js runs dist/cli/run.js (or the bundle made from it; `dynotable engine` the one made
      // from dist/cli/run-engine.js) through bin/run-bundle.js, which it and the tests take with require().
      // scripts/mcp-conformance.js is run by test/e2e/mcp-conformance.test.ts (and by hand).
      entry: ['src/cli/run.ts', 'src/cli/run-engine.ts', 'bin/run-bundle.js', 'bench/*.bench.ts', 'test/**/*.test.ts', 'scripts/mcp-conformance.js'],
      project: ['bin/**/*.js', 'scripts/**/*.js', 'src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    },
    'packages/web': {
      // bench/entries/ are bundled into a page by the benchmarks from their paths.
      entry: ['bench/*.bench.ts', 'bench/entries/*.ts', 'test/**/*.test.ts'],
      project: ['src/**/*.{ts,tsx}', 'bench/**/*.ts', 'test/**/*.ts'],
      // Loaded into the page by test/e2e/support/axe.ts through require.resolve('axe-core/axe.min.js').
      ignoreDependencies: ['axe-core'],
    },
  },
};

export default config;
