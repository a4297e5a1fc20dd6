import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

const oracleTests = 'packages/*/test/**/*.oracle.test.ts';
const conformanceTests = 'packages/engine/test/conformance/**/*.conformance.test.ts';
const crashTests = 'packages/{engine,server}/test/crash/**/*.crash.test.ts';
const browserTests = 'packages/web/test/e2e/**/*.e2e.test.ts';

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources, not the built dist.
    alias: {
      '@dynotable/core': source('core'),
      '@dynotable/engine': source('engine'),
    },
  },
  test: {
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // Writes made by tests are journaled in a file of the run's own, never in the user's journal.
      DYNOTABLE_JOURNAL: join(tmpdir(), `dynotable-test-journal-${process.pid}.jsonl`),
    },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default on two cores is one worker; many files wait on DynamoDB Local,
    // Chromium or child processes, so two workers finish the suite much sooner.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [oracleTests, conformanceTests, crashTests, browserTests, '**/node_modules/**'],
        },
      },
      {
        // Compared with AWS's DynamoDB Local: one instance for the whole run.
        extends: true,
        test: {
          name: 'oracle',
          include: [oracleTests],
          globalSetup: ['packages/core/test/oracle/global-setup.ts'],
          testTimeout: 300_000,
        },
      },
      {
        // One suite through the AWS SDK, run against the engine (in process and
        // over HTTP) and against DynamoDB Local: one instance for the whole run.
        extends: true,
        test: {
          name: 'conformance',
          include: [conformanceTests],
          globalSetup: ['packages/engine/test/conformance/global-setup.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // The on-disk engine in child processes, SIGKILLed and restarted.
        extends: true,
        test: {
          name: 'crash',
          include: [crashTests],
        },
      },
      {
        // The web workbench in Chromium, served by `dynotable` from packages/web/dist (built before the tests run).
        extends: true,
        test: {
          name: 'browser',
          include: [browserTests],
          // Each file starts a server and a Chromium: one file at a time.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
