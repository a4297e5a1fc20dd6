/**
 * Scenario data → DynamoDB request inputs (SDK shapes). Expressions are
 * printed by core's printer, so placeholders are allocated the one way the
 * project does it everywhere.
 */
import type { Condition, ProjectionNode, UpdateNode } from '@dynotable/core';
import { printExpressions } from '@dynotable/core';
import { hashKeysOf, keysOfSpec, rangeKeysOf, type IndexSpec, type Item, type Operation, type TableSpec, type TransactAction } from './scenario.js';

export type Input = Record<string, unknown>;

export function createTableInput(name: string, table: TableSpec): Input {
  const definitions = new Map<string, string>();
  const keySchema = (hash: { name: string; type: string }, range?: { name: string; type: string }) => {
    definitions.set(hash.name, hash.type);
    if (range) definitions.set(range.name, range.type);
    return range
      ? [
          { AttributeName: hash.name, KeyType: 'HASH' },
          { AttributeName: range.name, KeyType: 'RANGE' },
        ]
      : [{ AttributeName: hash.name, KeyType: 'HASH' }];
  };
  const multiKeySchema = (spec: IndexSpec) => {
    for (const k of keysOfSpec(spec)) definitions.set(k.name, k.type);
    return [
      ...hashKeysOf(spec).map((k) => ({ AttributeName: k.name, KeyType: 'HASH' })),
      ...rangeKeysOf(spec).map((k) => ({ AttributeName: k.name, KeyType: 'RANGE' })),
    ];
  };
  const index = (spec: IndexSpec) => ({
    IndexName: spec.name,
    KeySchema: spec.hashes || spec.ranges ? multiKeySchema(spec) : keySchema(spec.hash, spec.range),
    Projection: spec.projection === 'INCLUDE' ? { ProjectionType: 'INCLUDE', NonKeyAttributes: spec.include } : { ProjectionType: spec.projection },
  });
  const input: Input = { TableName: name, KeySchema: keySchema(table.hash, table.range), BillingMode: 'PAY_PER_REQUEST' };
  if (table.gsis.length > 0) input.GlobalSecondaryIndexes = table.gsis.map(index);
  if (table.lsis.length > 0) input.LocalSecondaryIndexes = table.lsis.map(index);
  input.AttributeDefinitions = [...definitions].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  return input;
}

interface Expressions {
  keyCondition?: Condition;
  condition?: Condition;
  filter?: Condition;
  update?: UpdateNode;
  projection?: ProjectionNode;
}

/** The expression fields of a request, or none at all. */
function expressions(parts: Expressions): Input {
  const defined = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) as Expressions;
  return Object.keys(defined).length === 0 ? {} : { ...printExpressions(defined) };
}

function optional<T>(name: string, value: T | undefined): Input {
  return value === undefined ? {} : { [name]: value };
}

function onFailure(returnOld: boolean): Input {
  return returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } : {};
}

export function indexName(table: TableSpec, index: number | undefined): string | undefined {
  if (index === undefined) return undefined;
  return [...table.gsis, ...table.lsis][index]?.name;
}

/** The input of a single-request operation (Query and Scan get paging added by the runner). */
export function operationInput(op: Operation, names: string[], tables: TableSpec[]): { operation: string; input: Input } {
  const consumed = 'consumed' in op ? optional('ReturnConsumedCapacity', op.consumed) : {};
  switch (op.op) {
    case 'put':
      return { operation: 'PutItem', input: { TableName: names[op.table], Item: op.item, ...expressions({ condition: op.condition }), ...optional('ReturnValues', op.returnValues), ...consumed } };
    case 'get':
      return { operation: 'GetItem', input: { TableName: names[op.table], Key: op.key, ConsistentRead: op.consistent, ...expressions({ projection: op.projection }), ...consumed } };
    case 'update':
      return {
        operation: 'UpdateItem',
        input: {
          TableName: names[op.table],
          Key: op.key,
          ...expressions({ update: op.update, condition: op.condition }),
          ...optional('ReturnValues', op.returnValues),
          ...onFailure(op.returnOldOnFailure && op.condition !== undefined),
          ...consumed,
        },
      };
    case 'delete':
      return {
        operation: 'DeleteItem',
        input: {
          TableName: names[op.table],
          Key: op.key,
          ...expressions({ condition: op.condition }),
          ...optional('ReturnValues', op.returnValues),
          ...onFailure(op.returnOldOnFailure && op.condition !== undefined),
          ...consumed,
        },
      };
    case 'query':
      return {
        operation: 'Query',
        input: {
          TableName: names[op.table],
          ...optional('IndexName', indexName(tables[op.table]!, op.index)),
          ...expressions({ keyCondition: op.keyCondition, filter: op.filter, projection: op.projection }),
          ...optional('Select', op.select),
          ScanIndexForward: op.forward,
          ...optional('Limit', op.limit),
          ConsistentRead: op.consistent,
          ...consumed,
        },
      };
    case 'scan':
      return {
        operation: 'Scan',
        input: {
          TableName: names[op.table],
          ...optional('IndexName', indexName(tables[op.table]!, op.index)),
          ...expressions({ filter: op.filter, projection: op.projection }),
          ...optional('Limit', op.limit),
          ConsistentRead: op.consistent,
          ...consumed,
        },
      };
    case 'batchWrite': {
      const RequestItems: Record<string, unknown[]> = {};
      for (const w of op.writes) {
        const list = (RequestItems[names[w.table]!] ??= []);
        list.push(w.put ? { PutRequest: { Item: w.put } } : { DeleteRequest: { Key: w.delete } });
      }
      return { operation: 'BatchWriteItem', input: { RequestItems, ...consumed } };
    }
    case 'batchGet': {
      const RequestItems: Record<string, { Keys: Item[] } & Input> = {};
      for (const r of op.reads) {
        const entry = (RequestItems[names[r.table]!] ??= { Keys: [], ConsistentRead: op.consistent, ...expressions({ projection: op.projection }) });
        entry.Keys.push(r.key);
      }
      return { operation: 'BatchGetItem', input: { RequestItems, ...consumed } };
    }
    case 'transactWrite':
      return { operation: 'TransactWriteItems', input: { TransactItems: op.actions.map((a) => transactItem(a, names)), ...consumed } };
    case 'transactGet':
      return {
        operation: 'TransactGetItems',
        input: { TransactItems: op.reads.map((r) => ({ Get: { TableName: names[r.table], Key: r.key, ...expressions({ projection: r.projection }) } })), ...consumed },
      };
  }
}

function transactItem(a: TransactAction, names: string[]): Input {
  const common = { TableName: names[a.table], ...onFailure(a.returnOldOnFailure && a.condition !== undefined) };
  switch (a.kind) {
    case 'put':
      return { Put: { ...common, Item: a.item, ...expressions({ condition: a.condition }) } };
    case 'update':
      return { Update: { ...common, Key: a.key, ...expressions({ update: a.update, condition: a.condition }) } };
    case 'delete':
      return { Delete: { ...common, Key: a.key, ...expressions({ condition: a.condition }) } };
    case 'check':
      return { ConditionCheck: { ...common, Key: a.key, ...expressions({ condition: a.condition }) } };
  }
}

/** The key attribute names of the table or index read, to pick LastEvaluatedKey apart. */
export function readKeyNames(table: TableSpec, index: number | undefined): string[] {
  const spec = index === undefined ? table : [...table.gsis, ...table.lsis][index]!;
  return keysOfSpec(spec).map((k) => k.name);
}
