/**
 * Test support for Query and Scan: tables through CreateTable, items written
 * straight to storage with their index entries (the read tests do not depend
 * on the write operations).
 */
import { DynamoError, itemFromWire, itemSize, validateItem } from '@dynotable/core';
import { createEngine, type Engine } from '../../src/engine.js';
import { checkItemKey, encodePosition } from '../../src/items/keys.js';
import { indexWrites } from '../../src/items/index-entries.js';
import { tableSpace } from '../../src/storage/storage.js';

export type Wire = Record<string, unknown>;

export function newEngine(): Engine {
  return createEngine({ region: 'us-east-1' });
}

function createTable(engine: Engine, input: Wire): void {
  engine.execute('CreateTable', { BillingMode: 'PAY_PER_REQUEST', ...input });
}

/** A table with a key of `pk` (S) and, when given, `sk` of the given type. */
export function simpleTable(engine: Engine, name: string, sortType?: 'S' | 'N' | 'B', extra: Wire = {}): void {
  const definitions = [{ AttributeName: 'pk', AttributeType: 'S' }];
  const schema = [{ AttributeName: 'pk', KeyType: 'HASH' }];
  if (sortType) {
    definitions.push({ AttributeName: 'sk', AttributeType: sortType });
    schema.push({ AttributeName: 'sk', KeyType: 'RANGE' });
  }
  const more = (extra.AttributeDefinitions as Wire[] | undefined) ?? [];
  createTable(engine, { ...extra, TableName: name, AttributeDefinitions: [...definitions, ...more], KeySchema: schema });
}

/** Puts a wire item, replacing any item with its key, and moves its index entries. */
export function put(engine: Engine, tableName: string, wireItem: Wire): void {
  const table = engine.context.catalog.find(tableName);
  if (!table) throw new Error(`no table ${tableName}`);
  const item = validateItem(itemFromWire(wireItem));
  checkItemKey(table.keys, item);
  const { partition, sort } = encodePosition(table.keys, item);
  const before = engine.context.storage.get(tableSpace(table.name), partition, sort)?.item;
  engine.context.storage.write([
    { space: tableSpace(table.name), partition, sort, item, size: itemSize(item) },
    ...indexWrites(table, before, item),
  ]);
}

/** The DynamoError an operation throws, or undefined. */
export function errorOf(run: () => unknown): DynamoError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DynamoError) return error;
    throw error;
  }
  return undefined;
}

/** Every page of a Query or Scan, following LastEvaluatedKey. */
export function allPages(engine: Engine, operation: 'Query' | 'Scan', input: Wire): Wire[] {
  const pages: Wire[] = [];
  let start: unknown;
  do {
    const page = engine.execute(operation, start === undefined ? input : { ...input, ExclusiveStartKey: start });
    pages.push(page);
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return pages;
}

export function itemsOf(pages: Wire[]): Wire[] {
  return pages.flatMap((page) => (page.Items as Wire[] | undefined) ?? []);
}
