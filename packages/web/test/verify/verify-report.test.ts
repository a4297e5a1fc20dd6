import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  argumentsText,
  asVerifyReport,
  compareItems,
  formatReadUnits,
  patternTotals,
  runToOpen,
  type PatternResultJson,
  type PatternRunJson,
  type VerifyReportJson,
} from '../../src/verify/verify-report.js';

const run = (fields: Partial<PatternRunJson> = {}): PatternRunJson => ({ arguments: {}, pages: 1, items: 2, expectedItems: 2, readUnits: 0.5, ...fields });

const result = (runs: PatternRunJson[], passed = true): PatternResultJson => ({
  pattern: 'p',
  question: 'q',
  operation: 'Query',
  table: 'T',
  keyCondition: 'PK = "A"',
  runs,
  passed,
});

describe('the verify report on the page', () => {
  it('adds up the runs of a pattern', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ pages: fc.nat(50), items: fc.nat(1000), units: fc.nat(40) })), (runs) => {
        const totals = patternTotals(result(runs.map((each) => run({ pages: each.pages, items: each.items, readUnits: each.units / 2 }))));
        expect(totals.runs).toBe(runs.length);
        expect(totals.pages).toBe(runs.reduce((sum, each) => sum + each.pages, 0));
        expect(totals.items).toBe(runs.reduce((sum, each) => sum + each.items, 0));
        expect(totals.readUnits * 2).toBe(runs.reduce((sum, each) => sum + each.units, 0));
      }),
    );
  });

  it('shows read units whole or with their half', () => {
    expect(formatReadUnits(3)).toBe('3');
    expect(formatReadUnits(1.5)).toBe('1.5');
    expect(formatReadUnits(0.1 + 0.2)).toBe('0.3');
  });

  it('counts failed patterns, write checks and problems', () => {
    const report: VerifyReportJson = {
      model: 'm',
      seed: 1,
      items: 10,
      tables: [],
      kept: false,
      patterns: [result([run()]), result([run()], false)],
      writePaths: [
        { writePath: 'w', check: 'c', passed: false },
        { writePath: 'w', check: 'd', passed: true },
      ],
      passed: false,
      problems: ['could not remove table X'],
    };
    expect(asVerifyReport(report)).toBe(report);
    expect(asVerifyReport({ patterns: [] })).toBeUndefined();
    expect(asVerifyReport(null)).toBeUndefined();
  });

  it('opens the first failing run, else the first', () => {
    const ok = run({ arguments: { a: 1 } });
    const bad = run({ arguments: { a: 2 }, mismatch: { position: 0, reason: 'x' } });
    const refused = run({ arguments: { a: 3 }, error: 'ValidationException: no' });
    expect(runToOpen(result([ok, bad, refused]))).toBe(bad);
    expect(runToOpen(result([ok, refused]))).toBe(refused);
    expect(runToOpen(result([ok]))).toBe(ok);
    expect(runToOpen(result([]))).toBeUndefined();
  });

  it('sets the expected and the returned item side by side, marking what tells them apart', () => {
    const rows = compareItems({ playerId: 'yfp32', rating: 97920, season: 'S' }, { playerId: 'lfw34', rating: 999, season: 'S', GSI1SK: 'RATING#999' });
    expect(rows.map((row) => row.name)).toEqual(['playerId', 'rating', 'season', 'GSI1SK']);
    expect(rows.filter((row) => row.differs).map((row) => row.name)).toEqual(['playerId', 'rating']);
    expect(rows[1]).toEqual({ name: 'rating', expected: '97920', actual: '999', differs: true });
    expect(rows[3]).toEqual({ name: 'GSI1SK', expected: undefined, actual: 'RATING#999', differs: false });
  });

  it('marks nothing when only one of the items is there', () => {
    const missing = compareItems({ a: 1, b: 'x' }, undefined);
    expect(missing.map((row) => [row.name, row.expected, row.actual, row.differs])).toEqual([
      ['a', '1', undefined, false],
      ['b', 'x', undefined, false],
    ]);
    expect(compareItems(undefined, { a: [1, 2] })[0]).toEqual({ name: 'a', expected: undefined, actual: '[1,2]', differs: false });
  });

  it('writes the arguments of a run for people', () => {
    expect(argumentsText({ season: '2026-Q2', rating: 10 })).toBe('season = "2026-Q2", rating = 10');
    expect(argumentsText({})).toBe('no arguments');
  });
});
