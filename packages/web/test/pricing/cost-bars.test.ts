import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costModel, parseModel, withAssumptions } from '@dynotable/core';
import { monthlyBars, totalBars } from '../../src/pricing/cost-bars.js';

const desk = parseModel(readFileSync(new URL('../../../../examples/ticket-desk.yaml', import.meta.url), 'utf8'));

describe('the cost charts’ bars', () => {
  it('has a bar pair per row with a rate, labelled assumed when a figure behind it is', () => {
    const unrated = { ...desk, accessPatterns: desk.accessPatterns.map(({ rate: _rate, ...rest }, index) => (index === 0 ? rest : { ...rest, rate: 2 })) };
    const report = costModel(withAssumptions(unrated));
    const bars = monthlyBars(report.patterns, (row) => row.pattern);
    expect(bars.map((bar) => bar.label)).toEqual(['getTicket (assumed)', 'listTeamTicketsByStatus', 'listOpenTickets']);
    expect(bars[0]!.values).toEqual([report.patterns[0]!.monthly!.onDemand, report.patterns[0]!.monthly!.provisioned]);
    // Without a rate a row has no money, so no bar (the table says why).
    expect(monthlyBars(costModel(unrated).patterns, (row) => row.pattern).map((bar) => bar.label)).toEqual(['listTeamTicketsByStatus', 'listOpenTickets']);
  });

  it('totals reads and writes with storage on each kind of capacity', () => {
    const report = costModel(desk);
    const [throughput, storage, total] = totalBars(report);
    expect(throughput!.values).toEqual([report.totals.onDemandMonthly, report.totals.provisionedMonthly]);
    expect(storage!.values).toEqual([report.totals.storageMonthly, report.totals.storageMonthly]);
    expect(total!.values).toEqual([report.totals.onDemandMonthly + report.totals.storageMonthly, report.totals.provisionedMonthly + report.totals.storageMonthly]);
  });
});
