/** Each model in examples/broken is caught by the rule made for its mistake, and the examples themselves lint clean. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintModel, lintsClean, parseModel } from '@dynotable/core';

const load = (name: string) => parseModel(readFileSync(new URL(`../../../../examples/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);

const CASES: ReadonlyArray<readonly [string, string]> = [
  ['broken/leaderboard-unpadded-rating', 'unpadded-number-in-key'],
  ['broken/leaderboard-uuid-sort-key', 'unordered-sort-key'],
  ['broken/audit-log-us-dates', 'non-sortable-date'],
  ['broken/ticket-desk-status-in-base-key', 'mutable-base-key'],
  ['broken/ticket-desk-stale-composite', 'stale-index-key'],
];

describe('examples/broken', () => {
  it.each(CASES)('%s is caught by %s', (name, rule) => {
    const findings = lintModel(load(name));
    expect(lintsClean(findings)).toBe(false);
    expect(findings.filter((f) => f.rule === rule && f.severity !== 'info')).not.toHaveLength(0);
  });

  it.each(['audit-log', 'ticket-desk', 'leaderboard'])('examples/%s lints clean', (name) => {
    expect(lintsClean(lintModel(load(name)))).toBe(true);
  });
});
