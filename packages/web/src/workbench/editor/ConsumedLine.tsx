/** What a request consumed, per index, and its price (as the server measured and priced it, at on-demand rates). */
import { formatUnits } from '@dynotable/core';
import type { Consumed } from '../../api/types.js';
import { priceText, type TablePricing } from './table-pricing.js';

export function consumedText(consumed: Consumed, pricing: TablePricing): string {
  const parts: string[] = [];
  if (consumed.writeUnits > 0) parts.push(formatUnits(consumed.writeUnits, 'write unit'));
  if (consumed.readUnits > 0) parts.push(formatUnits(consumed.readUnits, 'read unit'));
  if (parts.length === 0) parts.push('no capacity units');
  const byIndex = Object.entries(consumed.byIndex ?? {});
  const indexes = byIndex.length > 0 ? ` (of which ${byIndex.map(([name, units]) => `${name}: ${units}`).join(', ')})` : '';
  return `consumed ${parts.join(' and ')}${indexes} · ${priceText(consumed.costUsd, pricing)}`;
}
