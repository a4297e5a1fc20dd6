/**
 * How the table is billed, as its description says, and the words for a price
 * at that billing: DynoTable prices units at on-demand rates for the table's
 * class, which is what a provisioned table would pay per request, not what it
 * pays (it pays for its capacity by the hour).
 */
import type { BillingMode, DynamoTableDescription } from '../../api/types.js';
import { formatUsd, type TableClass } from './item-cost.js';

export interface TablePricing {
  readonly tableClass: TableClass;
  readonly billingMode: BillingMode;
}

/** DynamoDB omits both summaries for a table that was always provisioned and of the standard class. */
export function tablePricingOf(table: DynamoTableDescription): TablePricing {
  return {
    tableClass: table.TableClassSummary?.TableClass ?? 'STANDARD',
    billingMode: table.BillingModeSummary?.BillingMode ?? 'PROVISIONED',
  };
}

const CLASS_RATES: Record<TableClass, string> = { STANDARD: '', STANDARD_INFREQUENT_ACCESS: ' at Standard-IA rates' };

/** "$0.000000625 per write", or for a provisioned table that it is the on-demand price, not its own. */
export function priceText(usd: number, pricing: TablePricing, per = ''): string {
  const price = `${formatUsd(usd)}${per}${CLASS_RATES[pricing.tableClass]}`;
  return pricing.billingMode === 'PROVISIONED' ? `${price} if on demand (this table is provisioned: it pays for its capacity, not per request)` : price;
}
