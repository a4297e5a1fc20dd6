/**
 * A SELECT's plan as a query pane's read, in the panes' friendly text: what
 * opens it as a pane and what the query history keeps. Only when the one
 * request is the whole statement (no filtering or sorting after reading, no
 * `pk IN (…)`); a GetItem becomes the Query of its key.
 */
import { itemFromWire, parseRequestExpressions, printFriendly, type WireItem } from '@dynotable/core';
import type { RecordedRead } from '../api/types.js';
import type { StatementPlanView } from './partiql-api.js';

interface WireRead {
  readonly IndexName?: string;
  readonly Key?: WireItem;
  readonly KeyConditionExpression?: string;
  readonly FilterExpression?: string;
  readonly ProjectionExpression?: string;
  readonly ExpressionAttributeNames?: Record<string, string>;
  readonly ExpressionAttributeValues?: WireItem;
  readonly ScanIndexForward?: boolean;
}

/** A GetItem's key as a key condition with placeholders of its own. */
function keyCondition(read: WireRead): Pick<WireRead, 'KeyConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const entries = Object.entries(read.Key ?? {});
  return {
    KeyConditionExpression: entries.map((_, i) => `#pqk${i} = :pqk${i}`).join(' AND '),
    ExpressionAttributeNames: { ...read.ExpressionAttributeNames, ...Object.fromEntries(entries.map(([name], i) => [`#pqk${i}`, name])) },
    ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ...Object.fromEntries(entries.map(([, value], i) => [`:pqk${i}`, value])) },
  };
}

export function readOfPlan(plan: StatementPlanView): RecordedRead | undefined {
  if (plan.afterRead || plan.requests.length !== 1) return undefined;
  if (plan.operation !== 'Query' && plan.operation !== 'GetItem' && plan.operation !== 'Scan') return undefined;
  const wire = plan.requests[0]!.wire as WireRead;
  const read = plan.operation === 'GetItem' ? { ...wire, ...keyCondition(wire) } : wire;
  const parsed = parseRequestExpressions({
    ...(read.KeyConditionExpression !== undefined ? { KeyConditionExpression: read.KeyConditionExpression } : {}),
    ...(read.FilterExpression !== undefined ? { FilterExpression: read.FilterExpression } : {}),
    ...(read.ProjectionExpression !== undefined ? { ProjectionExpression: read.ProjectionExpression } : {}),
    ...(read.ExpressionAttributeNames !== undefined ? { ExpressionAttributeNames: read.ExpressionAttributeNames } : {}),
    ...(read.ExpressionAttributeValues !== undefined ? { ExpressionAttributeValues: itemFromWire(read.ExpressionAttributeValues) } : {}),
  });
  return {
    operation: plan.operation === 'Scan' ? 'Scan' : 'Query',
    ...(read.IndexName !== undefined ? { IndexName: read.IndexName } : {}),
    ...(parsed.keyCondition !== undefined ? { key: printFriendly('key', parsed.keyCondition) } : {}),
    ...(parsed.filter !== undefined ? { filter: printFriendly('filter', parsed.filter) } : {}),
    ...(parsed.projection !== undefined ? { projection: printFriendly('projection', parsed.projection) } : {}),
    ...(read.ScanIndexForward === false ? { ScanIndexForward: false } : {}),
  };
}
