/**
 * BatchWriteItem for items already in DynamoDB JSON (an import's second pass,
 * once every item has been checked): the same writer as batch-writer.ts —
 * 25 items a batch, a key met twice starts a new batch so the later item
 * wins, UnprocessedItems sent again, the signal watched between batches —
 * without converting every value to core's form and back, which would cost as
 * much as the write itself.
 */
import { decodeBase64, encodeBase64, normalizeNumber, type WireItem } from '@dynotable/core';
import { writeBatched, type BatchItems, type BatchWriteOptions, type BatchWriteResult } from './batch-writer.js';
import type { KeyShape } from '../data/table-description.js';

/** The key as DynamoDB compares it: `1` and `1.0` are one number, base64 texts of the same bytes one binary. */
function keyPart(item: WireItem, name: string): string {
  const value = item[name] as Record<string, unknown> | undefined;
  if (value === undefined) return '';
  if (typeof value['N'] === 'string') return `N${normalizeNumber(value['N'])}`;
  if (typeof value['B'] === 'string') {
    const bytes = decodeBase64(value['B']);
    return `B${bytes === undefined ? value['B'] : encodeBase64(bytes)}`;
  }
  return `S${String(value['S'])}`;
}

const wireItems: BatchItems<WireItem> = {
  keyText: (item: WireItem, keys: KeyShape) => (keys.sort ? `${keyPart(item, keys.partition.name)}\u0000${keyPart(item, keys.sort.name)}` : keyPart(item, keys.partition.name)),
  toWire: (item) => item,
};

export function writeWireItems(batches: AsyncIterable<readonly WireItem[]>, options: BatchWriteOptions): Promise<BatchWriteResult> {
  return writeBatched(batches, options, wireItems);
}
