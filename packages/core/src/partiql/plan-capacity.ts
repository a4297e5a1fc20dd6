/** The capacity a planned statement consumes, from core's capacity rules. */
import { itemReadUnits, itemWriteUnits, queryReadUnits } from '../size/capacity.js';
import type { PlannedOperation, CapacityEstimate } from './plan-types.js';

/** Items whose size the statement does not know are taken to be 1 KB. */
export const DEFAULT_ITEM_SIZE_BYTES = 1024;

export function estimateCapacity(
  operation: PlannedOperation,
  itemSizeBytes: number,
  consistentRead: boolean,
  requests: number,
): CapacityEstimate {
  const consistency = consistentRead ? 'strong' : 'eventual';
  const times = requests > 1 ? ` Each of the ${requests} partition values is a request of its own.` : '';
  switch (operation) {
    case 'GetItem':
      return {
        kind: 'read',
        units: requests * itemReadUnits(itemSizeBytes, consistency),
        basis: 'one item',
        note: `One item of about ${itemSizeBytes} bytes, read ${consistentRead ? 'strongly consistent' : 'eventually consistent'}.${times}`,
      };
    case 'Query':
      return {
        kind: 'read',
        units: queryReadUnits([itemSizeBytes], consistency),
        basis: 'per item matched',
        note: `A Query bills the total size of the items its key condition matches, in 4 KB blocks, before any filter.${times}`,
      };
    case 'Scan':
      return {
        kind: 'read',
        units: queryReadUnits([itemSizeBytes], consistency),
        basis: 'per item in the table',
        note: 'A Scan reads and bills every item of the table (or index), in 4 KB blocks; the WHERE clause only filters what comes back.',
      };
    default:
      return {
        kind: 'write',
        units: itemWriteUnits(itemSizeBytes),
        basis: 'one item',
        note: `One item of about ${itemSizeBytes} bytes, 1 KB per unit (the larger of the old and new item), plus the writes to each index the item is in.`,
      };
  }
}
