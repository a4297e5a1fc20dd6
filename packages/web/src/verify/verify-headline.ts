/**
 * The first line of a verify report: what happened, in counts — "3 of 4
 * patterns pass; all 5 write-path checks pass" — and its status, the worst
 * result in the report: any failed pattern or check is a failure, a problem
 * (such as a temporary table left behind) a warning.
 */
import type { VerifyReportJson } from './verify-report.js';

export type HeadlineStatus = 'pass' | 'warn' | 'fail';

export interface VerifyHeadline {
  readonly status: HeadlineStatus;
  /** The sentence: "3 of 4 patterns pass; all 5 write-path checks pass." */
  readonly text: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function patternsText(passed: number, total: number): string {
  if (total === 0) return 'No access patterns to check';
  if (passed === total) return total === 1 ? 'The 1 pattern passes' : `All ${total} patterns pass`;
  return `${passed} of ${plural(total, 'pattern')} ${total === 1 ? 'passes' : 'pass'}`;
}

function checksText(passed: number, total: number): string | undefined {
  if (total === 0) return undefined;
  if (passed === total) return total === 1 ? 'the 1 write-path check passes' : `all ${total} write-path checks pass`;
  return `${passed} of ${plural(total, 'write-path check')} ${total === 1 ? 'passes' : 'pass'}`;
}

export function verifyHeadline(report: Pick<VerifyReportJson, 'patterns' | 'writePaths' | 'problems'>): VerifyHeadline {
  const patternsPassed = report.patterns.filter((pattern) => pattern.passed).length;
  const checksPassed = report.writePaths.filter((check) => check.passed).length;
  const parts = [patternsText(patternsPassed, report.patterns.length), checksText(checksPassed, report.writePaths.length)];
  if (report.problems.length > 0) parts.push(`${plural(report.problems.length, 'problem')} (below)`);
  const failed = patternsPassed < report.patterns.length || checksPassed < report.writePaths.length;
  const status: HeadlineStatus = failed ? 'fail' : report.problems.length > 0 ? 'warn' : 'pass';
  return { status, text: `${parts.filter((part) => part !== undefined).join('; ')}.` };
}
