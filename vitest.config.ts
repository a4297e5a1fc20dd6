import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node.js 20 reads and parses the NODE_EXTRA_CA_CERTS file at every process start (about
// 100 ms of CPU each where the system's CA bundle is named; Node.js 22 and later read it when
// TLS first needs it). No test talks TLS, and the tests start a Node.js process for every run of
// the bundled command and every server: they start without it. Deleted here, before Vitest forks
// its workers, so that they and every child they spawn inherit its absence.
delete process.env['NODE_EXTRA_CA_CERTS'];

const source = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

// Test projects by kind: each test file is in exactly one (unit excludes the other kinds' globs).
const oracleTests = 'packages/*/test/**/*.oracle.test.ts';
const conformanceTests = 'packages/engine/test/conformance/**/*.conformance.test.ts';
const crashTests = 'packages/{engine,server}/test/crash/**/*.crash.test.ts';
const browserTests = 'packages/web/test/e2e/**/*.e2e.test.ts';
const fuzzTests = 'packages/*/test/**/*.fuzz.test.ts';
// End to end: child processes (the bundled command, compilers of generated code), servers and sockets.
// A unit test that spawns or listens fails (packages/core/test/support/unit-guard.ts): name it
// *.e2e.test.ts, or add it here.
const e2eTests = [
  'packages/{core,engine,server}/test/**/*.e2e.test.ts',
  'packages/server/test/e2e/**/*.test.ts',
  // Compilers and interpreters of generated code.
  'packages/core/test/request-code/{aws-cli,java,python}.test.ts',
  'packages/core/test/codegen/snippets.test.ts',
  // A second process holding the data folder.
  'packages/engine/test/storage/sqlite.test.ts',
  // The engine and the workbench over HTTP on loopback.
  'packages/engine/test/{wire/http-server,wire/sdk,wire/compression-and-signature,robustness/http-robustness}.test.ts',
  'packages/server/test/cli/{bundled-command,engine,entry-point,ui}.test.ts',
  'packages/server/test/connections/{credential-secrets,credentials,http,registry}.test.ts',
  'packages/server/test/data/http.test.ts',
  'packages/server/test/data-cli/data-cli.test.ts',
  'packages/server/test/http/{api,confirm-field,hostile-input,jobs-routes,security,static,write-safety}.test.ts',
  'packages/server/test/journal/{file-and-cli,http}.test.ts',
  'packages/server/test/transfer/{http,transfer-routes}.test.ts',
];
const notUnit = [oracleTests, conformanceTests, crashTests, browserTests, fuzzTests, ...e2eTests];

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
    // Limits for a test that hangs, not speed checks: beside the whole suite (and, in CI, the
    // Node.js 22/24 tests) on a slow two-core host, tests of 30 s alone came near 60 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for a state, it does not time it: Vitest's 1 s default failed
    // browser tests when the whole suite loaded both cores. Speed belongs in `npm run bench`.
    expect: { poll: { timeout: 60_000, interval: 100 } },
    // Each project's files, tests and time, in a table at the end of the run.
    reporters: ['default', './packages/core/test/support/project-durations-reporter.ts'],
    // Each file's CPU time, its child processes' included, for the same table.
    setupFiles: ['packages/core/test/support/file-cpu.ts'],
    // Vitest's default on two cores is one worker; many files wait on DynamoDB Local,
    // Chromium or child processes, so three workers keep two cores busy: with two,
    // the differential test held one worker for most of the run and every other
    // file queued for the second while the cores were a fifth idle.
    // Every project's files share these workers: the projects run side by side.
    maxWorkers: 3,
    // A worker keeps its loaded modules from one file to the next: importing the
    // AWS SDK and the sources again for every file cost more than the tests
    // themselves. Tests therefore leave no global state behind (environment
    // variables, patched modules) or restore it in afterAll/afterEach.
    isolate: false,
    projects: [
      {
        // No process, no socket, no DynamoDB Local: the inner loop (`npm run test:quick`).
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [...notUnit, '**/node_modules/**'],
          setupFiles: ['packages/core/test/support/unit-guard.ts'],
        },
      },
      {
        // Child processes (the bundled `dynotable` command, compilers), servers on loopback sockets.
        extends: true,
        test: {
          name: 'e2e',
          include: e2eTests,
          exclude: [oracleTests, conformanceTests, crashTests, browserTests, fuzzTests, '**/node_modules/**'],
        },
      },
      {
        // Random wire requests against the engine, in process and over HTTP.
        extends: true,
        test: {
          name: 'fuzz',
          include: [fuzzTests],
        },
      },
      {
        // Compared with AWS's DynamoDB Local: one instance for the whole run, shared with conformance.
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
        // over HTTP) and against DynamoDB Local: the same instance as the oracle project's.
        extends: true,
        test: {
          name: 'conformance',
          include: [conformanceTests],
          globalSetup: ['packages/engine/test/conformance/global-setup.ts'],
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
          // Each file starts a server and a Chromium of its own (its own port and journal), so
          // files can run side by side: a browser file mostly waits on the page, and two at a
          // time halve the browser lane's wall time. Three at a time timed out pages on a busy
          // 2-core machine beside the other projects.
          maxWorkers: 2,
          // A limit for a test that hangs, not a speed check: beside the whole suite on a slow
          // two-core host, a test of 30 s alone once took over 120 s.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
