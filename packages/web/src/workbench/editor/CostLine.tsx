/** The item's size and what reading and writing it costs, priced for the table's class and billing. */
import { formatUnits } from '@dynotable/core';
import type { ItemCost } from './item-cost.js';
import { priceText, type TablePricing } from './table-pricing.js';

export function CostLine({ cost, pricing }: { readonly cost: ItemCost; readonly pricing: TablePricing }) {
  return (
    <p className="ed-cost" aria-label="Size and cost of the item">
      {cost.sizeBytes.toLocaleString('en-US')} bytes · read: {formatUnits(cost.readStrong, 'RCU')} ({cost.readEventual} eventually consistent) · write:{' '}
      {formatUnits(cost.write, 'WCU')} ({cost.writeTransactional} in a transaction) ≈ {priceText(cost.writeUsd, pricing, ' per write')}
    </p>
  );
}
