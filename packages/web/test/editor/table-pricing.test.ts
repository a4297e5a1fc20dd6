import { describe, expect, it } from 'vitest';
import type { Consumed } from '../../src/api/types.js';
import { consumedText } from '../../src/workbench/editor/ConsumedLine.js';
import { itemCost } from '../../src/workbench/editor/item-cost.js';
import { priceText, tablePricingOf, type TablePricing } from '../../src/workbench/editor/table-pricing.js';
import { LEADERBOARD } from '../workbench/fixtures.js';

const ON_DEMAND: TablePricing = { tableClass: 'STANDARD', billingMode: 'PAY_PER_REQUEST' };
const IA_ON_DEMAND: TablePricing = { tableClass: 'STANDARD_INFREQUENT_ACCESS', billingMode: 'PAY_PER_REQUEST' };
const PROVISIONED: TablePricing = { tableClass: 'STANDARD', billingMode: 'PROVISIONED' };

describe('the table’s pricing, from its description', () => {
  it('reads the class and the billing mode, as DynamoDB omits them (provisioned, standard)', () => {
    expect(tablePricingOf(LEADERBOARD)).toEqual(PROVISIONED);
    expect(
      tablePricingOf({ ...LEADERBOARD, TableClassSummary: { TableClass: 'STANDARD_INFREQUENT_ACCESS' }, BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' } }),
    ).toEqual(IA_ON_DEMAND);
  });

  it('prices an item’s write at the rates of the table’s class', () => {
    const cost = itemCost(1024, IA_ON_DEMAND.tableClass);
    expect(priceText(itemCost(1024, 'STANDARD').writeUsd, ON_DEMAND, ' per write')).toBe('$0.000000625 per write');
    expect(priceText(cost.writeUsd, IA_ON_DEMAND, ' per write')).toBe('$0.000000781 per write at Standard-IA rates');
  });

  it('words a price on a provisioned table as what it would cost on demand, not what the table pays', () => {
    const text = priceText(6.25e-7, PROVISIONED, ' per write');
    expect(text).toMatch(/^\$0\.000000625 per write if on demand \(this table is provisioned: it pays for its capacity, not per request\)$/);
  });

  it('says the same of what a request consumed', () => {
    const consumed: Consumed = { readUnits: 0, writeUnits: 1, byIndex: { GSI1: 1 }, costUsd: 1.25e-6 };
    expect(consumedText(consumed, ON_DEMAND)).toBe('consumed 1 write unit (of which GSI1: 1) · $0.00000125');
    expect(consumedText(consumed, PROVISIONED)).toMatch(/^consumed 1 write unit \(of which GSI1: 1\) · \$0\.00000125 if on demand \(this table is provisioned/);
  });
});
