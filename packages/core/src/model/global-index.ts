/**
 * A GSI's key attributes. A GSI's key may have up to four partition attributes
 * and up to four sort attributes, each with its own type; an item is in the
 * index only when it has every one of them. Tables and LSIs keep one of each.
 */
import type { GlobalIndexSpec, KeyAttribute, ProvisionedThroughput, Projection } from './types.js';

/** A normalised GSI from its key attribute lists (at least one partition attribute). */
export function globalIndexSpec(
  name: string,
  partitionKeys: readonly KeyAttribute[],
  sortKeys: readonly KeyAttribute[],
  projection: Projection,
  provisioned?: ProvisionedThroughput,
): GlobalIndexSpec {
  const partitionKey = partitionKeys[0] ?? { name: '', type: 'S' };
  const sortKey = sortKeys[0];
  return {
    name,
    partitionKey,
    ...(sortKey ? { sortKey } : {}),
    partitionKeys: partitionKeys.length > 0 ? [...partitionKeys] : [partitionKey],
    sortKeys: [...sortKeys],
    projection,
    ...(provisioned ? { provisioned } : {}),
  };
}

/** Every key attribute of a GSI: partition attributes, then sort attributes. */
export function globalIndexKeys(index: GlobalIndexSpec): KeyAttribute[] {
  return [...index.partitionKeys, ...index.sortKeys];
}

/** Whether the GSI has more than one partition or sort key attribute. */
export function isMultiAttributeIndex(index: { readonly partitionKeys: readonly KeyAttribute[]; readonly sortKeys: readonly KeyAttribute[] }): boolean {
  return index.partitionKeys.length > 1 || index.sortKeys.length > 1;
}
