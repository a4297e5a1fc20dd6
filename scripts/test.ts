/**
 * `npm test`: everything is built once and checked, then every Vitest project
 * runs, and the run ends with the time of each step and each test project.
 *
 *   build lane:  tsc -b, the bundled command, the web app (what the e2e and browser tests run);
 *                the bundle and the web app are not made again when newer than what they are made
 *                from (after `npm ci`, whose prepare step built them)
 *   check lane:  tsc of the tests (against the declarations tsc -b wrote) and of the web app,
 *                `npm run lint`: once tsc -b is done, beside the rest of the build lane and then
 *                beside the tests, which do not wait for it; its failure fails the run
 *   vitest:      every project (unit, e2e, fuzz, oracle, conformance, crash) side by side, with
 *                the browser project (two files at a time) in a second Vitest beside them
 *
 * Arguments after `--` go to `vitest run` (e.g. `npm test -- --project unit`).
 * `--no-build` skips both lanes (the tree is already built and checked).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatSeconds, printProjectTable, type ProjectTiming } from '../packages/core/test/support/project-durations-reporter.js';

interface Step {
  name: string;
  command: string[];
  /** Its outputs and what they are made from: the step is skipped when every output is newer than every input. */
  made?: { outputs: string[]; inputs: string[] };
}

interface StepResult {
  name: string;
  ms: number;
  code: number;
  upToDate?: boolean;
}

// Node.js 20 parses the NODE_EXTRA_CA_CERTS file at every process start, and nothing here talks
// TLS: the build, the checks and the tests start without it (vitest.config.ts says more).
delete process.env['NODE_EXTRA_CA_CERTS'];

const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

// The bundle is made from what tsc -b compiled (its build info files change only when it writes
// something) and the installed dependencies; the web app from its sources and core's.
const buildLane: Step[] = [
  { name: 'tsc -b (packages)', command: [bin('tsc'), '-b'] },
  {
    name: 'bundle dynotable',
    command: [...npm, 'run', 'bundle', '-w', '@dynotable/server'],
    made: {
      outputs: ['packages/server/dist/bundle/dynotable.cjs', 'packages/server/dist/bundle/dynotable-engine.cjs'],
      inputs: ['packages/core/tsconfig.tsbuildinfo', 'packages/engine/tsconfig.tsbuildinfo', 'packages/server/tsconfig.tsbuildinfo', 'packages/server/scripts', 'package-lock.json'],
    },
  },
  {
    name: 'build web',
    command: [...npm, 'run', 'build', '-w', '@dynotable/web'],
    made: {
      outputs: ['packages/web/dist/index.html'],
      inputs: ['packages/web/src', 'packages/web/public', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/web/package.json', 'packages/core/src', 'package-lock.json'],
    },
  },
];
const checkLane: Step[] = [
  { name: 'tsc tests', command: [bin('tsc'), '-p', 'tsconfig.test.json'] },
  { name: 'tsc web', command: [bin('tsc'), '-p', 'packages/web'] },
  { name: 'lint', command: [...npm, 'run', 'lint'] },
];

/** The newest modification time of a file, or of any file under a folder (0 when missing). */
function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether the step's outputs are all there and newer than all its inputs (npm ci's prepare built them). */
function upToDate(step: Step): boolean {
  if (step.made === undefined) return false;
  const oldestOutput = Math.min(...step.made.outputs.map((file) => newestMtime(join(root, file)) || -Infinity));
  const newestInput = Math.max(...step.made.inputs.map((file) => newestMtime(join(root, file))));
  return oldestOutput > newestInput;
}

function run(step: Step, prefix: string, env: NodeJS.ProcessEnv = process.env): Promise<StepResult> {
  const started = performance.now();
  if (upToDate(step)) {
    process.stdout.write(`${prefix} ${step.name}: up to date\n`);
    return Promise.resolve({ name: step.name, ms: performance.now() - started, code: 0, upToDate: true });
  }
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), { cwd: root, env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const stream of [child.stdout!, child.stderr!]) {
        let pending = '';
        stream.setEncoding('utf8').on('data', (text: string) => {
          const lines = (pending + text).split('\n');
          pending = lines.pop()!;
          for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`${prefix} ${pending}\n`));
      }
    }
    child.on('error', (error) => {
      process.stdout.write(`${prefix} ${step.name}: ${error.message}\n`);
      resolve({ name: step.name, ms: performance.now() - started, code: 1 });
    });
    child.on('close', (code, signal) => resolve({ name: step.name, ms: performance.now() - started, code: code ?? (signal ? 1 : 0) }));
  });
}

async function lane(steps: Step[], prefix: string): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) {
    const result = await run(step, prefix);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

function printSteps(results: StepResult[], totalMs: number): void {
  console.log('');
  console.log('step                 time     result');
  for (const r of results) console.log(`${r.name.padEnd(18)} ${formatSeconds(r.ms).padStart(8)}   ${r.upToDate === true ? 'up to date' : r.code === 0 ? 'ok' : `failed (${r.code})`}`);
  console.log(`${'npm test'.padEnd(18)} ${formatSeconds(totalMs).padStart(8)}`);
}

async function main(): Promise<number> {
  const started = performance.now();
  const args = process.argv.slice(2);
  const skipBuild = args.includes('--no-build');
  const vitestArgs = args.filter((arg) => arg !== '--no-build' && arg !== '--');
  const results: StepResult[] = [];

  // The checks need the packages' declarations (tsconfig.test.json refers to the packages, so
  // the tests are checked against what tsc -b wrote): they start once tsc -b is done, beside the
  // rest of the build lane and then beside the tests, which do not wait for them.
  let checking: Promise<StepResult[]> = Promise.resolve([]);
  if (!skipBuild) {
    const [declarations, ...rest] = buildLane;
    const typed = await run(declarations!, '[build]');
    if (typed.code === 0) checking = lane(checkLane, '[check]');
    const built = typed.code === 0 ? [typed, ...(await lane(rest, '[build]'))] : [typed];
    results.push(...built);
    if (built.some((r) => r.code !== 0) || built.length < buildLane.length) {
      results.push(...(await checking));
      printSteps(results, performance.now() - started);
      console.log('\nThe build failed: the tests did not run.');
      return 1;
    }
  }

  // The browser project runs in a Vitest of its own beside the rest: in one Vitest its files would
  // share the three workers with the long conformance and crash files. With arguments, one Vitest.
  const dir = mkdtempSync(join(tmpdir(), 'dynotable-test-timings-'));
  const vitestRun = (name: string, extra: string[], prefix: string, file: string) =>
    run({ name, command: [process.execPath, join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...extra] }, prefix, {
      ...process.env,
      DYNOTABLE_TEST_TIMINGS: join(dir, file),
      // The browser tests' screenshots are for `npm run test:browser`: here they only cost time.
      DYNOTABLE_SCREENSHOTS: process.env.DYNOTABLE_SCREENSHOTS ?? 'off',
    });
  const runs = vitestArgs.length > 0
    ? [vitestRun('vitest', vitestArgs, '', 'all.json')]
    : [vitestRun('vitest', ['--project', '!browser', ...vitestArgs], '', 'rest.json'), vitestRun('vitest browser', ['--project', 'browser', ...vitestArgs], '[browser]', 'browser.json')];
  const ran = await Promise.all(runs);
  const checked = await checking;
  results.push(...checked, ...ran);
  const timings = readdirSync(dir).flatMap((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ProjectTiming[]);
  timings.sort((a, b) => b.wallMs - a.wallMs);
  rmSync(dir, { recursive: true, force: true });

  printSteps(results, performance.now() - started);
  const failed = ran.some((r) => r.code !== 0);
  printProjectTable(timings, (line) => console.log(line), failed);
  const checkFailed = checked.some((r) => r.code !== 0) || (!skipBuild && checked.length < checkLane.length);
  if (checkFailed) console.log('\nA check failed (see [check] above and the step table).');
  return failed || checkFailed ? 1 : 0;
}

process.exitCode = await main();
