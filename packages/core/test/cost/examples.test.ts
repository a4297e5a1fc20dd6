/** The three example models cost without error, with the designer's own plans. */
import { describe, expect, it } from 'vitest';
import { costModel, estimateEntitySize, renderCostReport, writeBlocks } from '@dynotable/core';
import { example } from './fixtures.js';

describe.each(['ticket-desk', 'leaderboard', 'audit-log'] as const)('the %s example', (name) => {
  const model = example(name);
  const report = costModel(model);

  it('costs every pattern and write path', () => {
    expect(report.problems).toEqual([]);
    expect(report.patterns.map((row) => row.pattern)).toEqual(model.accessPatterns.map((pattern) => pattern.name));
    expect(report.writePaths.map((row) => row.writePath)).toEqual(model.writePaths.map((path) => path.name));
    for (const row of report.patterns) expect(row.operation).not.toBe('Scan');
    for (const value of Object.values(report.totals)) expect(Number.isFinite(value) && value > 0).toBe(true);
  });

  it('renders', () => {
    const text = renderCostReport(report);
    for (const pattern of model.accessPatterns) expect(text).toContain(pattern.name);
  });
});

describe('the ticket desk', () => {
  const model = example('ticket-desk');
  const report = costModel(model);
  const path = (name: string) => report.writePaths.find((row) => row.writePath === name)!;
  const ticketBlocks = writeBlocks(estimateEntitySize(model, 'Ticket').bytes);

  it('a status change is one UpdateItem: GSI1 moves, the sparse GSI2 loses the ticket', () => {
    const change = path('changeStatus');
    expect(change.operation).toBe('UpdateItem');
    expect(change.breakdown.table).toBe(ticketBlocks);
    expect(change.breakdown.indexes.map((row) => [row.index, row.change])).toEqual([
      ['GSI1', 'moved'],
      ['GSI2', 'removed'],
    ]);
  });

  it('a priority change only updates the projected entries', () => {
    expect(path('changePriority').breakdown.indexes.map((row) => row.change)).toEqual(['updated', 'updated']);
  });

  it('a new ticket is written to the table and both indexes', () => {
    expect(path('openTicket').breakdown.indexes.map((row) => row.change)).toEqual(['added', 'added']);
  });
});

describe('the leaderboard', () => {
  const report = costModel(example('leaderboard'));
  it('a rating change moves the GSI1 key and leaves the KEYS_ONLY GSI2 untouched', () => {
    const update = report.writePaths.find((row) => row.writePath === 'updateRating')!;
    expect(update.breakdown.indexes.map((row) => [row.index, row.change])).toEqual([
      ['GSI1', 'moved'],
      ['GSI2', 'unchanged'],
    ]);
  });
});
