/** The rules' notions of "sorts as text" checked against real text order and core's key codecs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortableInteger } from '../../src/keys/integer-codec.js';
import { compareScalars } from '../../src/keys/compare.js';
import { lintModel } from '../../src/lint/index.js';
import { datePatternProblem } from '../../src/lint/attributes.js';
import { example } from './variants.js';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Formats a UTC date with the tokens the rule reads. */
function formatDate(date: Date, format: string): string {
  const parts: Record<string, string> = {
    YYYY: pad(date.getUTCFullYear(), 4),
    MM: pad(date.getUTCMonth() + 1, 2),
    M: String(date.getUTCMonth() + 1),
    DD: pad(date.getUTCDate(), 2),
    D: String(date.getUTCDate()),
    HH: pad(date.getUTCHours(), 2),
    mm: pad(date.getUTCMinutes(), 2),
    ss: pad(date.getUTCSeconds(), 2),
  };
  return format.replace(/YYYY|MM|M|DD|D|HH|mm|ss/g, (token) => parts[token]!);
}

const datesBetween = (fromYear: number, toYear: number) =>
  fc
    .date({ min: new Date(Date.UTC(fromYear, 0, 1)), max: new Date(Date.UTC(toYear, 11, 31)), noInvalidDate: true })
    .map((date) => new Date(Math.floor(date.getTime() / 1000) * 1000));
const anyDate = datesBetween(1000, 9999);
// Near dates: often the same year (where month and day order shows), sometimes the next.
const nearDate = datesBetween(2025, 2026);

function textOrderIsTimeOrder(format: string, dates = anyDate) {
  return fc.property(dates, dates, (a, b) => {
    const byText = Math.sign(compareScalars({ S: formatDate(a, format) }, { S: formatDate(b, format) })!);
    const byTime = Math.sign(a.getTime() - b.getTime());
    // Formats without seconds may tie where times differ; ties must not invert.
    return byText === byTime || byText === 0;
  });
}

describe('non-sortable-date: the format check agrees with text order', () => {
  it.each(['YYYY-MM-DD', 'YYYYMMDD', 'YYYY-MM-DDTHH:mm:ss', 'YYYY/MM/DD HH:mm'])('%s is accepted and sorts in time order', (format) => {
    expect(datePatternProblem(format)).toBeUndefined();
    fc.assert(textOrderIsTimeOrder(format), { numRuns: 300 });
  });

  it.each(['M/D/YYYY', 'DD.MM.YYYY', 'MM/DD/YYYY', 'YYYY-M-D', 'D/M/YYYY HH:mm'])('%s is flagged and text order breaks somewhere', (format) => {
    expect(datePatternProblem(format)).toBeDefined();
    expect(fc.check(textOrderIsTimeOrder(format, nearDate), { numRuns: 2000 }).failed).toBe(true);
  });
});

describe('number-padding-too-narrow agrees with the key codec', () => {
  it('fires exactly when a value of the declared range does not fit the width', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999999, max: 0 }), fc.integer({ min: 0, max: 999999 }), fc.integer({ min: 1, max: 7 }), (min, max, width) => {
        const model = example('leaderboard', [
          ['rating: { type: number, integer: true, min: 0, max: 99999, mutable: true }', `rating: { type: number, integer: true, min: ${min}, max: ${max}, mutable: true }`],
          ['RATING#{rating:05}', `RATING#{rating:0${width}}`],
        ]);
        const codec = sortableInteger(width);
        const fits = [min, max].every((value) => {
          try {
            codec.encode(value);
            return true;
          } catch {
            return false;
          }
        });
        const fired = lintModel(model, { rules: ['number-padding-too-narrow'] }).length > 0;
        expect(fired).toBe(!fits);
      }),
      { numRuns: 40 },
    );
  });
});

describe('lintModel on partial models', () => {
  it('never throws, whatever key templates and patterns are missing', () => {
    const models = [example('audit-log'), example('leaderboard'), example('ticket-desk')];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (which, keep) => {
        const model = models[which]!;
        let bit = 0;
        const entities = model.entities.map((entity) => ({
          ...entity,
          keys: Object.fromEntries(Object.entries(entity.keys).filter(() => keep[bit++ % keep.length])),
        }));
        const accessPatterns = model.accessPatterns.filter((_, i) => keep[(i + 7) % keep.length]);
        const findings = lintModel({ ...model, entities, accessPatterns });
        expect(findings.every((finding) => finding.rule.length > 0)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
