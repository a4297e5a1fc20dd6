/**
 * Helpers for the table-operation tests: a fresh engine with a fixed clock,
 * an expectation on DynamoDB errors, and items written straight to storage
 * (so these tests do not depend on the item operations).
 */
import { isDynamoError, itemSize, type Item } from '@dynotable/core';
import { expect } from 'vitest';
import { createEngine, type Engine } from '../../src/engine.js';
import { indexWrites } from '../../src/items/index-entries.js';
import { encodePosition } from '../../src/items/keys.js';
import { tableSpace } from '../../src/storage/storage.js';

export const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

export function engineAt(nowMs = NOW_MS): Engine & { clock: { ms: number } } {
  const clock = { ms: nowMs };
  const engine = createEngine({ now: () => clock.ms, region: 'us-east-1', accountId: '123456789012' });
  return Object.assign(engine, { clock });
}

/** Runs an operation expected to fail and returns the error's name and message. */
export function failure(engine: Engine, operation: string, input: unknown): { name: string; message: string } {
  try {
    engine.execute(operation, input);
  } catch (error) {
    if (isDynamoError(error)) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error(`${operation} succeeded but was expected to fail`);
}

export function expectValidation(engine: Engine, operation: string, input: unknown, message: string): void {
  expect(failure(engine, operation, input)).toEqual({ name: 'ValidationException', message });
}

export const S = (name: string) => ({ AttributeName: name, AttributeType: 'S' });
export const N = (name: string) => ({ AttributeName: name, AttributeType: 'N' });
export const HASH = (name: string) => ({ AttributeName: name, KeyType: 'HASH' });
export const RANGE = (name: string) => ({ AttributeName: name, KeyType: 'RANGE' });

/** A minimal valid on-demand CreateTable input, to be varied by each test. */
export function onDemandTable(name = 'things', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    TableName: name,
    AttributeDefinitions: [S('pk')],
    KeySchema: [HASH('pk')],
    BillingMode: 'PAY_PER_REQUEST',
    ...extra,
  };
}

/** Writes an item and its index entries directly to storage. */
export function putDirect(engine: Engine, tableName: string, item: Item): void {
  const table = engine.context.catalog.find(tableName)!;
  const position = encodePosition(table.keys, item);
  engine.context.storage.write([
    { space: tableSpace(tableName), partition: position.partition, sort: position.sort, item, size: itemSize(item) },
    ...indexWrites(table, undefined, item),
  ]);
}
