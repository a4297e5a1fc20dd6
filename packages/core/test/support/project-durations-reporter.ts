/**
 * A Vitest reporter that ends the run with one line per project: its files,
 * its tests by outcome, the wall time from its first file's start to its last
 * file's end, and the time its files took (loading included) added up (more than the wall time
 * when files ran side by side), and the CPU time they cost, their child processes'
 * included (packages/core/test/support/file-cpu.ts measures it); then the files that
 * cost the most CPU. Then one closing line, "N passed, N failed, N skipped". With
 * DYNOTABLE_TEST_TIMINGS=FILE it also writes the same as JSON to FILE (scripts/test.mjs
 * prints it with the other steps' times).
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectTiming {
  project: string;
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  wallMs: number;
  fileMs: number;
  slowest: { file: string; ms: number }[];
  /** CPU time of its files and their child processes (0 where it could not be measured). */
  cpuMs: number;
  /** Its files that cost the most CPU (as many as the closing list names). */
  costliest: { file: string; cpuMs: number }[];
  /** Each failed test (or file that failed to load): where, and the first lines of its error. */
  failures: { file: string; test: string; error: string }[];
}

interface Span {
  first: number;
  last: number;
  modules: TestModule[];
}

/** How many files the closing list of the costliest names, across projects (each project keeps as many). */
const COSTLIEST_FILES = 8;

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A file's own time: loading it and what it imports, its setup files, its tests and hooks. */
/** The first lines of an error, enough to name the failure at the end of a long log. */
function errorLines(errors: readonly { message?: string }[] | undefined): string {
  const message = errors?.[0]?.message ?? 'failed';
  return message.split('\n').slice(0, 6).join('\n');
}

function fileTime(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export default class ProjectDurationsReporter implements Reporter {
  private readonly spans = new Map<string, Span>();
  private readonly started = new Map<string, number>();

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId + module.project.name, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const start = this.started.get(module.moduleId + module.project.name) ?? end - fileTime(module);
    const name = module.project.name || '(root)';
    const span = this.spans.get(name) ?? { first: start, last: end, modules: [] };
    span.first = Math.min(span.first, start);
    span.last = Math.max(span.last, end);
    span.modules.push(module);
    this.spans.set(name, span);
  }

  onTestRunEnd(_modules: unknown, unhandledErrors: readonly unknown[], reason: string): void {
    const timings: ProjectTiming[] = [...this.spans.entries()].map(([project, span]) => {
      const timing: ProjectTiming = { project, files: span.modules.length, passed: 0, failed: 0, skipped: 0, wallMs: span.last - span.first, fileMs: 0, slowest: [], cpuMs: 0, costliest: [], failures: [] };
      for (const module of span.modules) {
        const ms = fileTime(module);
        timing.fileMs += ms;
        timing.slowest.push({ file: module.relativeModuleId, ms });
        const cpuMs = module.meta().cpuMs ?? 0;
        timing.cpuMs += cpuMs;
        timing.costliest.push({ file: module.relativeModuleId, cpuMs });
        if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
          timing.failed++;
          timing.failures.push({ file: module.relativeModuleId, test: '(the file)', error: errorLines(module.errors()) });
        }
        for (const test of module.children.allTests()) {
          const result = test.result();
          if (result.state === 'passed') timing.passed++;
          else if (result.state === 'failed') {
            timing.failed++;
            timing.failures.push({ file: module.relativeModuleId, test: test.fullName, error: errorLines(result.errors) });
          } else timing.skipped++;
        }
      }
      timing.slowest = timing.slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
      timing.costliest = timing.costliest.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, COSTLIEST_FILES);
      return timing;
    });
    timings.sort((a, b) => b.wallMs - a.wallMs);
    const file = process.env.DYNOTABLE_TEST_TIMINGS;
    if (file) writeFileSync(file, JSON.stringify(timings, null, 2));
    else printProjectTable(timings, (line) => process.stdout.write(`${line}\n`), reason === 'failed' || unhandledErrors.length > 0);
  }
}

/** The table of projects, and the closing "N passed, N failed, N skipped" line. */
export function printProjectTable(timings: ProjectTiming[], print: (line: string) => void, runFailed = false): void {
  print('');
  print('project        files  passed  failed  skipped     wall   files added up      CPU   slowest file');
  for (const t of timings) {
    const slowest = t.slowest[0] ? `${t.slowest[0].file} (${formatSeconds(t.slowest[0].ms)})` : '';
    print(
      `${t.project.padEnd(13)} ${String(t.files).padStart(6)} ${String(t.passed).padStart(7)} ${String(t.failed).padStart(7)} ${String(t.skipped).padStart(8)} ` +
        `${formatSeconds(t.wallMs).padStart(8)} ${formatSeconds(t.fileMs).padStart(16)} ${formatSeconds(t.cpuMs).padStart(8)}   ${slowest}`,
    );
  }
  const costliest = timings.flatMap((t) => t.costliest.map((c) => ({ ...c, project: t.project }))).sort((a, b) => b.cpuMs - a.cpuMs).slice(0, COSTLIEST_FILES);
  if (costliest.some((c) => c.cpuMs > 0)) {
    print('');
    print('most CPU (the file and its child processes):');
    for (const c of costliest) print(`${formatSeconds(c.cpuMs).padStart(8)}  [${c.project}] ${c.file}`);
  }
  // Failures again at the very end: with projects side by side, their first report scrolls far away.
  for (const t of timings) {
    for (const f of t.failures ?? []) {
      print('');
      print(`FAILED [${t.project}] ${f.file} > ${f.test}`);
      for (const line of f.error.split('\n')) print(`  ${line}`);
    }
  }
  const sum = (key: 'passed' | 'failed' | 'skipped') => timings.reduce((total, t) => total + t[key], 0);
  // A run that failed outside any test (a global setup, an unhandled error) counts as one failure.
  const failed = sum('failed') === 0 && runFailed ? 1 : sum('failed');
  print('');
  print(`${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped`);
}
