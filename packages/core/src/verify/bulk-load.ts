/** Writes the sample items with BatchWriteItem, 25 at a time, retrying what DynamoDB leaves unprocessed. */
import type { Item } from '../values/types.js';
import { itemToWire } from '../values/wire.js';
import type { VerifyTarget } from './target.js';

const BATCH_SIZE = 25;

export async function bulkLoad(target: VerifyTarget, tableName: string, items: readonly Item[], onBatch: (written: number) => void): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    let requests: unknown[] = items.slice(start, start + BATCH_SIZE).map((item) => ({ PutRequest: { Item: itemToWire(item) } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      const output = (await target.execute('BatchWriteItem', { RequestItems: { [tableName]: requests } })) as {
        UnprocessedItems?: Record<string, unknown[]>;
      };
      requests = output.UnprocessedItems?.[tableName] ?? [];
      if (requests.length > 0) {
        if (attempt > 20) throw new Error(`BatchWriteItem kept leaving items unprocessed on ${tableName}`);
        await target.sleep(Math.min(2000, 25 * 2 ** attempt));
      }
    }
    onBatch(Math.min(start + BATCH_SIZE, items.length));
  }
}
