/**
 * Key attributes declared as N or B: the templates build text, which is
 * written as a number (NumberValue, exact) or as its UTF-8 bytes, as the
 * planner's requests do. String keys, the usual case, pass through untouched.
 */
import type { KeyAttribute, TableSpec } from '../model/types.js';
import { tsLiteral } from './typescript-names.js';

export function typedKeyAttributes(table: TableSpec): Map<string, 'N' | 'B'> {
  const keys: KeyAttribute[] = [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])];
  for (const index of table.globalSecondaryIndexes) keys.push(...index.partitionKeys, ...index.sortKeys);
  for (const index of table.localSecondaryIndexes) keys.push(index.sortKey);
  const typed = new Map<string, 'N' | 'B'>();
  for (const key of keys) if (key.type !== 'S') typed.set(key.name, key.type);
  return typed;
}

/** One key value (`code` builds its text) as stored. */
export function storedKeyValue(table: TableSpec, attribute: string, code: string): string {
  const type = typedKeyAttributes(table).get(attribute);
  if (type === 'N') return `NumberValue.from(${code})`;
  if (type === 'B') return `new TextEncoder().encode(${code})`;
  return code;
}

/** A record of key texts (`code`) as stored. */
export function storedKeyRecord(table: TableSpec, code: string): string {
  return typedKeyAttributes(table).size === 0 ? code : `storedKeys(${tsLiteral(table.name)}, ${code})`;
}

/** KEY_TYPES and storedKeys, for modules whose tables have N or B keys. */
export function typedKeysSource(tables: readonly TableSpec[]): string | undefined {
  const entries = tables.flatMap((table) => {
    const typed = typedKeyAttributes(table);
    if (typed.size === 0) return [];
    return [`  ${tsLiteral(table.name)}: { ${[...typed].map(([name, type]) => `${tsLiteral(name)}: '${type}'`).join(', ')} },`];
  });
  if (entries.length === 0) return undefined;
  return `/** Key attributes stored as numbers or binary; every other key is a string. */
const KEY_TYPES: Record<string, Record<string, 'N' | 'B'>> = {
${entries.join('\n')}
};

function storedKeys(table: string, keys: Record<string, string>): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(keys)) {
    const type = KEY_TYPES[table]?.[name];
    stored[name] = type === 'N' ? NumberValue.from(text) : type === 'B' ? new TextEncoder().encode(text) : text;
  }
  return stored;
}`;
}
