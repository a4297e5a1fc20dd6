/**
 * `cost --prices FILE` checked as strictly as a model,
 * money shown by one rule, `cost --json` without floating point noise.
 * Through the shipped command.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipped } from './support/shipped.js';

const command = shipped();
let folder: string;
let model: string;

beforeAll(async () => {
  folder = command.folder('prices');
  model = join(folder, 'model.yaml');
  const made = await command.run(['init', model]);
  expect(made.code, made.stderr).toBe(0);
});
afterAll(() => command.remove());

function pricesFile(name: string, content: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe('cost --prices', () => {
  it('refuses unknown keys (with the path and the likely key), non-numbers and negative prices, all at once', async () => {
    const path = pricesFile('bad.json', { regoin: 'eu-west-1', standard: { onDemandReadPerMilion: 0.2, storageGbMonth: 'abc', provisionedReadUnitHour: -1 } });
    const exit = await command.run(['cost', model, '--prices', path]);
    expect(exit.code).toBe(1);
    expect(exit.stdout).toBe('');
    expect(exit.stderr.split('\n')).toEqual([
      `dynotable: 4 problems in the price file '${path}':`,
      '  regoin: unknown key. Did you mean "region"? The keys here are: asOf, region, currency, source, standard, infrequentAccess',
      '  standard.onDemandReadPerMilion: unknown key. Did you mean "onDemandReadPerMillion"? The keys here are: onDemandWritePerMillion, onDemandReadPerMillion, provisionedWriteUnitHour, provisionedReadUnitHour, storageGbMonth',
      '  standard.storageGbMonth: a price is a number of dollars, such as 0.125; got the text "abc"',
      '  standard.provisionedReadUnitHour: a price cannot be negative (got -1)',
      '',
    ]);
  });

  it('takes a valid file: its prices change the totals', async () => {
    const base = JSON.parse((await command.run(['cost', model, '--json'])).stdout) as { totals: { onDemandMonthly: number } };
    const path = pricesFile('double.json', { region: 'eu-west-1', standard: { onDemandReadPerMillion: 0.25, onDemandWritePerMillion: 1.25 } });
    const exit = await command.run(['cost', model, '--prices', path, '--json']);
    expect(exit.code, exit.stderr).toBe(0);
    const report = JSON.parse(exit.stdout) as { totals: { onDemandMonthly: number } };
    expect(report.totals.onDemandMonthly).toBeCloseTo(base.totals.onDemandMonthly * 2, 6);
  });
});

describe('money in the cost report', () => {
  it('--json numbers carry no floating point noise: twelve significant digits at most', async () => {
    const exit = await command.run(['cost', model, '--json']);
    expect(exit.code).toBe(0);
    const noisy: number[] = [];
    JSON.parse(exit.stdout, (_key, value: unknown) => {
      if (typeof value === 'number' && Number(value.toPrecision(12)) !== value) noisy.push(value);
      return value;
    });
    expect(noisy).toEqual([]);
  });

  it('one rule for every amount: dollars and cents from $1, three significant digits below', async () => {
    const exit = await command.run(['cost', model]);
    expect(exit.code).toBe(0);
    const amounts = exit.stdout.match(/\$[\d,.]+\d/g) ?? [];
    expect(amounts.length).toBeGreaterThan(10);
    for (const amount of amounts) expect(amount).toMatch(/^\$(?:[1-9]\d{0,2}(?:,\d{3})*\.\d\d|0\.0*[1-9]\d\d)$/);
  });
});
