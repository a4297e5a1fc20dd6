/** Key attributes of a table and its indexes, as every infrastructure format declares them. */
import type { KeyAttribute, TableSpec } from '../model/types.js';

/**
 * Each attribute used in the key of the table or one of its indexes, once, in
 * order of first use. Only these may appear in AttributeDefinitions.
 */
export function tableKeyAttributes(table: TableSpec): KeyAttribute[] {
  const all: KeyAttribute[] = [table.partitionKey];
  if (table.sortKey) all.push(table.sortKey);
  for (const index of table.globalSecondaryIndexes) all.push(...index.partitionKeys, ...index.sortKeys);
  for (const index of table.localSecondaryIndexes) all.push(index.sortKey);
  const seen = new Set<string>();
  return all.filter((attribute) => {
    if (seen.has(attribute.name)) return false;
    seen.add(attribute.name);
    return true;
  });
}

/** Names of every key attribute of the table and its indexes. */
export function tableKeyAttributeNames(table: TableSpec): Set<string> {
  return new Set(tableKeyAttributes(table).map((attribute) => attribute.name));
}
