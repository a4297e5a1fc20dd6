/** The verification report for people: one line per access pattern and write check, then every failure in full. */
import type { PatternResult, VerifyReport } from './run.js';

export function renderVerifyReport(report: VerifyReport): string {
  const lines: string[] = [];
  lines.push(`Verified model ${report.model}: ${report.items} sample items, seed ${report.seed}${report.kept ? `, tables kept: ${report.tables.join(', ')}` : ''}`);
  lines.push('', 'Access patterns');
  const width = Math.max(8, ...report.patterns.map((p) => p.pattern.length));
  for (const result of report.patterns) {
    const pages = result.runs.reduce((sum, run) => sum + run.pages, 0);
    const items = result.runs.reduce((sum, run) => sum + run.items, 0);
    const units = result.runs.reduce((sum, run) => sum + run.readUnits, 0);
    const where = result.index ? `${result.table}.${result.index}` : result.table;
    lines.push(
      `  ${result.passed ? 'PASS' : 'FAIL'}  ${result.pattern.padEnd(width)}  ${result.operation} ${where}  ${result.runs.length} runs, ${pages} pages, ${items} items, ${formatUnits(units)} RCU`,
    );
    lines.push(`        ${result.keyCondition}`);
  }
  if (report.writePaths.length > 0) {
    lines.push('', 'Write paths and indexes');
    for (const check of report.writePaths) lines.push(`  ${check.passed ? 'PASS' : 'FAIL'}  ${check.writePath}: ${check.check}${check.detail ? ` — ${check.detail}` : ''}`);
  }
  const failures = report.patterns.filter((p) => !p.passed);
  if (failures.length > 0) lines.push('', 'Failures', ...failures.flatMap(renderFailure));
  for (const problem of report.problems) lines.push(`  problem: ${problem}`);
  const failed = failures.length + report.writePaths.filter((c) => !c.passed).length + report.problems.length;
  lines.push('', failed === 0 ? 'All checks passed.' : `${failed} check${failed === 1 ? '' : 's'} failed.`);
  return lines.join('\n') + '\n';
}

function renderFailure(result: PatternResult): string[] {
  const lines = [`  ${result.pattern} — "${result.question}"`];
  if (result.problem) lines.push(`    ${result.problem}`);
  for (const run of result.runs) {
    if (run.error) lines.push(`    with ${JSON.stringify(run.arguments)}: refused — ${run.error}`);
    if (!run.mismatch) continue;
    const m = run.mismatch;
    lines.push(`    with ${JSON.stringify(run.arguments)}: ${run.items} items returned, ${run.expectedItems} expected`);
    lines.push(`    first difference at position ${m.position + 1}: ${m.reason}`);
    if (m.expectedItem) lines.push(`      expected: ${JSON.stringify(m.expectedItem)}`);
    if (m.actualItem) lines.push(`      actual:   ${JSON.stringify(m.actualItem)}`);
  }
  return lines;
}

function formatUnits(units: number): string {
  return Number.isInteger(units) ? String(units) : units.toFixed(1);
}
