/**
 * A SELECT's plan run through GetItem, Query or Scan themselves, a page at a
 * time: Limit counts the items read (before any filter), as in a Query, and
 * a page also ends at 1 MB; NextToken resumes the read it stopped in. What
 * the requests cannot say (plan.afterRead, plan.sortAfterRead) is applied to
 * the items read: filter, sort, then project.
 */
import {
  compareScalars,
  evaluateCondition,
  itemFromWire,
  itemToWire,
  projectItem,
  type Item,
  type StatementPlan,
} from '@dynotable/core';
import type { EngineContext, Operation } from '../../context.js';
import { RawJson } from '../../output/raw-json.js';
import { getItem } from '../items/get-item.js';
import { query } from '../reads/query.js';
import { scan } from '../reads/scan.js';
import { addConsumed } from './consumed.js';
import { decodeNextToken, encodeNextToken, type Resume } from './next-token.js';
import { requestToWire } from './plan.js';

export interface ReadOptions {
  limit?: number | undefined;
  nextToken?: unknown;
  returnConsumedCapacity: string;
}

export interface ReadResult {
  items: unknown[];
  nextToken?: string | undefined;
  consumed?: Record<string, unknown> | undefined;
}

const OPERATIONS: Record<string, Operation> = { GetItem: getItem, Query: query, Scan: scan };

function decode(item: unknown): Item {
  return itemFromWire(item instanceof RawJson ? JSON.parse(item.text) : item);
}

function sortItems(plan: StatementPlan, items: Item[]): Item[] {
  const order = plan.sortAfterRead!;
  return items.sort((a, b) => {
    for (const { name, descending } of order) {
      const x = a[name];
      const y = b[name];
      const compared = x && y ? (compareScalars(x, y) ?? 0) : x ? 1 : y ? -1 : 0;
      if (compared !== 0) return descending ? -compared : compared;
    }
    return 0;
  });
}

export function runRead(context: EngineContext, plan: StatementPlan, options: ReadOptions): ReadResult {
  const operation = OPERATIONS[plan.operation]!;
  // A sorted result needs every item first: it is read whole, in one answer.
  const sorted = plan.sortAfterRead !== undefined && plan.sortAfterRead.length > 0;
  let resume: Resume = sorted ? { request: 0 } : decodeNextToken(options.nextToken);
  let remaining = sorted ? undefined : options.limit;
  const raw: unknown[] = [];
  let consumed: Record<string, unknown> | undefined;
  let next: Resume | undefined;
  while (resume.request < plan.requests.length) {
    const input: Record<string, unknown> = { ...requestToWire(plan.requests[resume.request]!), ReturnConsumedCapacity: options.returnConsumedCapacity };
    if (plan.operation !== 'GetItem') {
      if (remaining !== undefined) input.Limit = remaining;
      if (resume.startKey) input.ExclusiveStartKey = resume.startKey;
    }
    const output = operation(context, input);
    consumed = addConsumed(consumed, output.ConsumedCapacity);
    if (plan.operation === 'GetItem') {
      if (output.Item !== undefined) raw.push(output.Item);
    } else raw.push(...(output.Items as unknown[]));
    if (remaining !== undefined && plan.operation !== 'GetItem') remaining -= output.ScannedCount as number;
    const last = output.LastEvaluatedKey as Record<string, unknown> | undefined;
    resume = last !== undefined ? { request: resume.request, startKey: last } : { request: resume.request + 1 };
    // A sorted read goes on to the end; otherwise a read stopped by Limit or at 1 MB ends the page.
    if (sorted || resume.request >= plan.requests.length) continue;
    if (last !== undefined || (remaining !== undefined && remaining <= 0)) {
      next = resume;
      break;
    }
  }

  const { afterRead } = plan;
  if (afterRead === undefined && !sorted) return { items: raw, nextToken: next && encodeNextToken(next), consumed };
  let items = raw.map(decode);
  if (afterRead?.filter) items = items.filter((item) => evaluateCondition(afterRead.filter!, item));
  if (sorted) items = sortItems(plan, items);
  if (afterRead?.projection) items = items.map((item) => projectItem(afterRead.projection!, item));
  return { items: items.map(itemToWire), nextToken: next && encodeNextToken(next), consumed };
}
