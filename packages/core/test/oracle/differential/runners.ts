/**
 * One case of each expression kind, run on DynamoDB Local and on core. Both
 * sides answer with an Outcome text, so the test compares plain strings:
 * "ok", "ok <item>", "returned", "filtered", or "<ExceptionName>: <message>".
 */
import { DeleteItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { isDynamoError } from '@dynotable/core';
import type { AttributeValue, ExpressionRequest, Item } from '@dynotable/core';
import { canonicalItem } from './canonical.js';
import { coreApi } from './core-api.js';
import type { Rendered } from './render.js';

export type Outcome = string;

/** One generated case: the item (without key) stored first, or none, and the expression. */
export interface ExpressionCase {
  item: Item | undefined;
  expression: Rendered;
}

/** ExpressionAttributeNames/Values as a request carries them: omitted when empty (DynamoDB rejects empty maps). */
export function attributeMaps(names: Record<string, string>, values: Record<string, AttributeValue>): ExpressionRequest {
  const maps: ExpressionRequest = {};
  if (Object.keys(names).length > 0) maps.ExpressionAttributeNames = names;
  if (Object.keys(values).length > 0) maps.ExpressionAttributeValues = values;
  return maps;
}

/**
 * DynamoDB Local sends ConditionalCheckFailedException with a bare `__type`
 * (no namespace), unlike DynamoDB; the SDK maps both to the same name, so only
 * name and message are compared here.
 */
function errorOutcome(error: unknown): Outcome {
  if (error instanceof Error && typeof (error as { $metadata?: unknown }).$metadata === 'object') {
    return `${error.name}: ${error.message}`;
  }
  throw error;
}

function coreErrorOutcome(error: unknown): Outcome {
  if (isDynamoError(error)) return `${error.name}: ${error.message}`;
  return `core crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

async function onDynamo(run: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await run();
  } catch (error) {
    return errorOutcome(error);
  }
}

function onCore(run: () => Outcome): Outcome {
  try {
    return run();
  } catch (error) {
    return coreErrorOutcome(error);
  }
}

export interface CaseTarget {
  client: DynamoDBClient;
  table: string;
  /** The partition key value of this case's item: every case gets its own. */
  key: string;
}

const keyOf = (target: CaseTarget): Item => ({ pk: { S: target.key } });
const fullItem = (target: CaseTarget, item: Item | undefined): Item | undefined =>
  item === undefined ? undefined : { ...item, ...keyOf(target) };

async function store(target: CaseTarget, item: Item | undefined): Promise<void> {
  const full = fullItem(target, item);
  if (full !== undefined) await target.client.send(new PutItemCommand({ TableName: target.table, Item: full }));
}

/** ConditionExpression: a conditional PutItem rewriting the same item, or a conditional DeleteItem when there is none. */
export async function conditionOnDynamo(target: CaseTarget, c: ExpressionCase): Promise<Outcome> {
  await store(target, c.item);
  const maps = attributeMaps(c.expression.names, c.expression.values);
  return onDynamo(async () => {
    const full = fullItem(target, c.item);
    if (full === undefined) {
      await target.client.send(
        new DeleteItemCommand({ TableName: target.table, Key: keyOf(target), ConditionExpression: c.expression.text, ...maps }),
      );
    } else {
      await target.client.send(
        new PutItemCommand({ TableName: target.table, Item: full, ConditionExpression: c.expression.text, ...maps }),
      );
    }
    return 'ok';
  });
}

export function conditionOnCore(target: CaseTarget, c: ExpressionCase): Outcome {
  return onCore(() => {
    const parsed = coreApi.parseRequestExpressions({
      ConditionExpression: c.expression.text,
      ...attributeMaps(c.expression.names, c.expression.values),
    });
    if (parsed.condition === undefined) return 'core parsed no condition';
    const passed = coreApi.evaluateCondition(parsed.condition, fullItem(target, c.item));
    return passed ? 'ok' : 'ConditionalCheckFailedException: The conditional request failed';
  });
}

const KEY_CONDITION = 'pk = :kpk';

/** FilterExpression: a Query for the case's one item; it comes back or is filtered out. */
export async function filterOnDynamo(target: CaseTarget, c: ExpressionCase): Promise<Outcome> {
  await store(target, c.item);
  const maps = attributeMaps(c.expression.names, { ...c.expression.values, ':kpk': { S: target.key } });
  return onDynamo(async () => {
    const result = await target.client.send(
      new QueryCommand({ TableName: target.table, KeyConditionExpression: KEY_CONDITION, FilterExpression: c.expression.text, ...maps }),
    );
    return (result.Items ?? []).length > 0 ? 'returned' : 'filtered';
  });
}

export function filterOnCore(target: CaseTarget, c: ExpressionCase): Outcome {
  return onCore(() => {
    const parsed = coreApi.parseRequestExpressions({
      KeyConditionExpression: KEY_CONDITION,
      FilterExpression: c.expression.text,
      ...attributeMaps(c.expression.names, { ...c.expression.values, ':kpk': { S: target.key } }),
    });
    if (parsed.filter === undefined) return 'core parsed no filter';
    const item = fullItem(target, c.item);
    return item !== undefined && coreApi.evaluateCondition(parsed.filter, item) ? 'returned' : 'filtered';
  });
}

/** UpdateExpression: UpdateItem on the stored item, answering ALL_NEW. */
export async function updateOnDynamo(target: CaseTarget, c: ExpressionCase): Promise<Outcome> {
  await store(target, c.item);
  return onDynamo(async () => {
    const result = await target.client.send(
      new UpdateItemCommand({
        TableName: target.table,
        Key: keyOf(target),
        UpdateExpression: c.expression.text,
        ReturnValues: 'ALL_NEW',
        ...attributeMaps(c.expression.names, c.expression.values),
      }),
    );
    return `ok ${canonicalItem((result.Attributes ?? {}) as Item)}`;
  });
}

/** An update of a missing item starts from the key alone, as DynamoDB creates it. */
export function updateOnCore(target: CaseTarget, c: ExpressionCase): Outcome {
  return onCore(() => {
    const parsed = coreApi.parseRequestExpressions({
      UpdateExpression: c.expression.text,
      ...attributeMaps(c.expression.names, c.expression.values),
    });
    if (parsed.update === undefined) return 'core parsed no update';
    const updated = coreApi.applyUpdate(parsed.update, fullItem(target, c.item) ?? keyOf(target));
    return `ok ${canonicalItem(updated)}`;
  });
}

/**
 * ProjectionExpression: a Query for the stored item (GetItem takes no
 * ExpressionAttributeValues, so placeholder mistakes could not show there).
 */
export async function projectionOnDynamo(target: CaseTarget, c: ExpressionCase): Promise<Outcome> {
  await store(target, c.item);
  const maps = attributeMaps(c.expression.names, { ...c.expression.values, ':kpk': { S: target.key } });
  return onDynamo(async () => {
    const result = await target.client.send(
      new QueryCommand({ TableName: target.table, KeyConditionExpression: KEY_CONDITION, ProjectionExpression: c.expression.text, ...maps }),
    );
    const items = (result.Items ?? []) as Item[];
    return items.length === 0 ? 'no item' : `ok ${canonicalItem(items[0]!)}`;
  });
}

export function projectionOnCore(target: CaseTarget, c: ExpressionCase): Outcome {
  return onCore(() => {
    const parsed = coreApi.parseRequestExpressions({
      KeyConditionExpression: KEY_CONDITION,
      ProjectionExpression: c.expression.text,
      ...attributeMaps(c.expression.names, { ...c.expression.values, ':kpk': { S: target.key } }),
    });
    if (parsed.projection === undefined) return 'core parsed no projection';
    const item = fullItem(target, c.item);
    return item === undefined ? 'no item' : `ok ${canonicalItem(coreApi.projectItem(parsed.projection, item))}`;
  });
}
