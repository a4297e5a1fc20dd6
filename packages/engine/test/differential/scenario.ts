/**
 * The data of one differential scenario: the tables to create and the item
 * operations to run on them, in order. Plain data, so fast-check can print
 * and shrink it and a failure can be replayed from its seed.
 */
import type { AttributeValue, Condition, ProjectionNode, UpdateNode } from '@dynotable/core';

export type ScalarType = 'S' | 'N' | 'B';

export interface KeyAttribute {
  name: string;
  type: ScalarType;
}

export interface IndexSpec {
  name: string;
  hash: KeyAttribute;
  range?: KeyAttribute;
  /** A GSI key of several partition attributes: all of them, `hash` first. */
  hashes?: KeyAttribute[];
  /** A GSI key of several sort attributes: all of them, `range` first. */
  ranges?: KeyAttribute[];
  projection: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
  /** Non-key attributes of an INCLUDE projection. */
  include: string[];
}

/** The partition attributes of a table or index key, in key order. */
export function hashKeysOf(spec: { hash: KeyAttribute; hashes?: KeyAttribute[] }): KeyAttribute[] {
  return spec.hashes ?? [spec.hash];
}

/** The sort attributes of a table or index key, in key order. */
export function rangeKeysOf(spec: { range?: KeyAttribute | undefined; ranges?: KeyAttribute[] }): KeyAttribute[] {
  return spec.ranges ?? (spec.range ? [spec.range] : []);
}

/** Every key attribute of a table or index key, partition attributes first. */
export function keysOfSpec(spec: { hash: KeyAttribute; range?: KeyAttribute | undefined; hashes?: KeyAttribute[]; ranges?: KeyAttribute[] }): KeyAttribute[] {
  return [...hashKeysOf(spec), ...rangeKeysOf(spec)];
}

export interface TableSpec {
  hash: KeyAttribute;
  range?: KeyAttribute;
  gsis: IndexSpec[];
  lsis: IndexSpec[];
}

export type Item = Record<string, AttributeValue>;
export type ReturnConsumed = 'NONE' | 'TOTAL' | 'INDEXES' | undefined;

export type Operation =
  | { op: 'put'; table: number; item: Item; condition?: Condition; returnValues?: 'NONE' | 'ALL_OLD'; consumed: ReturnConsumed }
  | { op: 'get'; table: number; key: Item; projection?: ProjectionNode; consistent: boolean; consumed: ReturnConsumed }
  | {
      op: 'update';
      table: number;
      key: Item;
      update: UpdateNode;
      condition?: Condition;
      returnValues?: 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';
      returnOldOnFailure: boolean;
      consumed: ReturnConsumed;
    }
  | { op: 'delete'; table: number; key: Item; condition?: Condition; returnValues?: 'NONE' | 'ALL_OLD'; returnOldOnFailure: boolean; consumed: ReturnConsumed }
  | {
      op: 'query';
      table: number;
      /** Index position: GSIs first, then LSIs; undefined for the table. */
      index?: number;
      keyCondition: Condition;
      filter?: Condition;
      projection?: ProjectionNode;
      select?: 'COUNT' | 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES';
      forward: boolean;
      limit?: number;
      consistent: boolean;
      consumed: ReturnConsumed;
    }
  | {
      op: 'scan';
      table: number;
      index?: number;
      filter?: Condition;
      projection?: ProjectionNode;
      limit?: number;
      segments: number;
      consistent: boolean;
      consumed: ReturnConsumed;
    }
  | { op: 'batchWrite'; writes: { table: number; put?: Item; delete?: Item }[]; consumed: ReturnConsumed }
  | { op: 'batchGet'; reads: { table: number; key: Item }[]; projection?: ProjectionNode; consistent: boolean; consumed: ReturnConsumed }
  | { op: 'transactWrite'; actions: TransactAction[]; consumed: ReturnConsumed }
  | { op: 'transactGet'; reads: { table: number; key: Item; projection?: ProjectionNode }[]; consumed: ReturnConsumed };

export type TransactAction =
  | { kind: 'put'; table: number; item: Item; condition?: Condition; returnOldOnFailure: boolean }
  | { kind: 'update'; table: number; key: Item; update: UpdateNode; condition?: Condition; returnOldOnFailure: boolean }
  | { kind: 'delete'; table: number; key: Item; condition?: Condition; returnOldOnFailure: boolean }
  | { kind: 'check'; table: number; key: Item; condition: Condition; returnOldOnFailure: boolean };

export interface Scenario {
  tables: TableSpec[];
  operations: Operation[];
}
