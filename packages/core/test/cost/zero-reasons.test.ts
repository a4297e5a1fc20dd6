import { describe, expect, it } from 'vitest';
import { costModel, renderCostReport, withAssumptions } from '@dynotable/core';
import type { Model } from '@dynotable/core';
import { attribute, entity, example, fixedPlans, model } from './fixtures.js';

const plans = fixedPlans({ getNote: { entity: 'Note', operation: 'GetItem', table: 'Main' } });

function notes(extra: Partial<Model> = {}): Model {
  return model({
    entities: [entity({ name: 'Note', attributes: [attribute('noteId', 'string')], keys: { PK: 'NOTE#{noteId}', SK: 'NOTE' } })],
    accessPatterns: [{ name: 'getNote', question: 'get note by id' }],
    writePaths: [{ name: 'addNote', entity: 'Note', kind: 'create', attributes: [] }],
    ...extra,
  });
}

const NO_RATES = 'no rates yet: set a rate (calls per second) per access pattern and write path, or use the assumed ones';
const NO_COUNTS = 'no item counts yet: set a count per entity, or use the assumed ones';

describe('why a monthly total is $0', () => {
  it('says there are no rates and no counts yet, and the render says it too', () => {
    const report = costModel(notes(), undefined, { plan: plans });
    expect(report.totals).toEqual({ onDemandMonthly: 0, provisionedMonthly: 0, storageMonthly: 0 });
    expect(report.zeroReasons).toEqual({ onDemand: NO_RATES, provisioned: NO_RATES, storage: NO_COUNTS });
    const text = renderCostReport(report);
    expect(text).toContain(`on-demand is $0: ${NO_RATES}`);
    expect(text).toContain(`storage is $0: ${NO_COUNTS}`);
  });

  it('gives no reason once the assumed figures are in, and marks them in the render', () => {
    const report = costModel(withAssumptions(notes()), undefined, { plan: plans });
    expect(report.totals.onDemandMonthly).toBeGreaterThan(0);
    expect(report.totals.provisionedMonthly).toBeGreaterThan(0);
    expect(report.totals.storageMonthly).toBeGreaterThan(0);
    expect(report.zeroReasons).toEqual({});
    expect(report.assumedFigures).toBe(3);
    expect(report.patterns[0]!.assumed).toEqual(['rate']);
    expect(report.writePaths[0]!.assumed).toEqual(['rate']);
    expect(report.storage.entities[0]!.assumed).toEqual(['count']);
    expect(renderCostReport(report)).toContain('* assumed (3 figures)');
  });

  it('tells rates of zero from missing rates, and counts of zero from missing counts', () => {
    const zero = notes({
      entities: [entity({ name: 'Note', count: 0, attributes: [attribute('noteId', 'string')], keys: { PK: 'NOTE#{noteId}', SK: 'NOTE' } })],
      accessPatterns: [{ name: 'getNote', question: 'get note by id', rate: 0 }],
    });
    const report = costModel(zero, undefined, { plan: plans });
    expect(report.zeroReasons.onDemand).toBe('every rate is 0 calls per second and 1 other has no rate: set a rate above 0');
    expect(report.zeroReasons.storage).toBe('every entity has a count of 0 items: set a count above 0');
  });

  it('blames a price of zero when the rates are there', () => {
    const report = costModel(example('ticket-desk'), { standard: { onDemandReadPerMillion: 0, onDemandWritePerMillion: 0, storageGbMonth: 0 } });
    expect(report.zeroReasons).toEqual({ onDemand: 'the request prices are $0: set them under Rates', storage: 'the storage price is $0: set it under Rates' });
    expect(report.totals.provisionedMonthly).toBeGreaterThan(0);
  });

  it('says when nothing could be costed, or there is nothing to cost', () => {
    const failing = costModel(notes({ accessPatterns: [{ name: 'getNote', question: 'get note by id', rate: 5 }], writePaths: [] }), undefined, {
      plan: () => {
        throw new Error('no plan');
      },
    });
    expect(failing.zeroReasons.onDemand).toBe('none of the 1 access pattern or write path could be costed (see "Not costed")');
    const empty = costModel(model({}));
    expect(empty.zeroReasons.onDemand).toMatch(/^no access patterns or write paths yet/);
    expect(empty.zeroReasons.storage).toBe('no entities yet');
  });

  it('gives no reason for the examples, whose figures are all set', () => {
    for (const name of ['ticket-desk', 'leaderboard', 'audit-log'] as const) {
      const report = costModel(example(name));
      expect(report.zeroReasons).toEqual({});
      expect(report.assumedFigures).toBe(report.patterns.filter((row) => row.assumed.includes('expectedItems')).length);
    }
  });
});
