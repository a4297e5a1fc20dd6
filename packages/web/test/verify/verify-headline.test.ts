/** The verify report's headline: counts of what passed, and a status no better than the worst result. */
import { describe, expect, it } from 'vitest';
import { verifyHeadline } from '../../src/verify/verify-headline.js';

const patterns = (passed: number, failed: number) => [...Array(passed).fill({ passed: true }), ...Array(failed).fill({ passed: false })];
const checks = patterns;
const headline = (patternResults: { passed: boolean }[], checkResults: { passed: boolean }[] = [], problems: string[] = []) =>
  verifyHeadline({ patterns: patternResults, writePaths: checkResults, problems } as unknown as Parameters<typeof verifyHeadline>[0]);

describe('verifyHeadline', () => {
  it.each([
    [patterns(4, 0), checks(0, 0), [], 'pass', 'All 4 patterns pass.'],
    [patterns(3, 1), checks(0, 0), [], 'fail', '3 of 4 patterns pass.'],
    [patterns(1, 0), checks(0, 0), [], 'pass', 'The 1 pattern passes.'],
    [patterns(0, 1), checks(0, 0), [], 'fail', '0 of 1 pattern passes.'],
    [patterns(4, 0), checks(5, 0), [], 'pass', 'All 4 patterns pass; all 5 write-path checks pass.'],
    [patterns(4, 0), checks(4, 1), [], 'fail', 'All 4 patterns pass; 4 of 5 write-path checks pass.'],
    [patterns(2, 0), checks(1, 0), [], 'pass', 'All 2 patterns pass; the 1 write-path check passes.'],
    [patterns(2, 0), checks(0, 0), ['table X was not removed'], 'warn', 'All 2 patterns pass; 1 problem (below).'],
    [patterns(1, 1), checks(0, 1), ['a', 'b'], 'fail', '1 of 2 patterns pass; 0 of 1 write-path check passes; 2 problems (below).'],
    [patterns(0, 0), checks(0, 0), [], 'pass', 'No access patterns to check.'],
  ])('%#: says what happened and takes the worst status', (patternResults, checkResults, problems, status, text) => {
    expect(headline(patternResults, checkResults, problems)).toEqual({ status, text });
  });

  it('never says everything passed while anything failed', () => {
    for (let failedPatterns = 0; failedPatterns <= 2; failedPatterns++) {
      for (let failedChecks = 0; failedChecks <= 2; failedChecks++) {
        const result = headline(patterns(3, failedPatterns), checks(2, failedChecks));
        const anyFailed = failedPatterns + failedChecks > 0;
        expect(result.status === 'fail').toBe(anyFailed);
        expect(/^All/.test(result.text) && /all \d+ write-path checks pass/.test(result.text)).toBe(!anyFailed);
      }
    }
  });
});
