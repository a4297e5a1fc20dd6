/**
 * The table `npm test` ends with: each project's wall time, its files' time added up and
 * their CPU time, and the files that cost the most CPU across projects.
 */
import { describe, expect, it } from 'vitest';
import { printProjectTable, type ProjectTiming } from '../support/project-durations-reporter.js';

function timing(project: string, cpu: Record<string, number>): ProjectTiming {
  const costliest = Object.entries(cpu).map(([file, cpuMs]) => ({ file, cpuMs }));
  return {
    project,
    files: costliest.length,
    passed: 2,
    failed: 0,
    skipped: 0,
    wallMs: 10_000,
    fileMs: 15_000,
    slowest: [{ file: costliest[0]?.file ?? '', ms: 9_000 }],
    cpuMs: costliest.reduce((sum, c) => sum + c.cpuMs, 0),
    costliest,
    failures: [],
  };
}

function printed(timings: ProjectTiming[]): string[] {
  const lines: string[] = [];
  printProjectTable(timings, (line) => lines.push(line));
  return lines;
}

describe('the project table', () => {
  it('prints each project CPU time and the files that cost the most, across projects', () => {
    const lines = printed([timing('e2e', { 'a.e2e.test.ts': 40_000, 'b.e2e.test.ts': 1_500 }), timing('unit', { 'c.test.ts': 12_300 })]);
    expect(lines[1]).toMatch(/files added up +CPU +slowest file$/);
    expect(lines.find((line) => line.startsWith('e2e'))).toMatch(/10\.0 s +15\.0 s +41\.5 s +a\.e2e\.test\.ts \(9\.0 s\)$/);
    const most = lines.indexOf('most CPU (the file and its child processes):');
    expect(lines.slice(most + 1, most + 4)).toEqual(['  40.0 s  [e2e] a.e2e.test.ts', '  12.3 s  [unit] c.test.ts', '   1.5 s  [e2e] b.e2e.test.ts']);
    expect(lines.at(-1)).toBe('4 passed, 0 failed, 0 skipped');
  });

  it('leaves out the list where no CPU time was measured', () => {
    const lines = printed([timing('unit', { 'c.test.ts': 0 })]);
    expect(lines.some((line) => line.startsWith('most CPU'))).toBe(false);
    expect(lines.find((line) => line.startsWith('unit'))).toMatch(/15\.0 s +0\.0 s +c\.test\.ts/);
  });
});
