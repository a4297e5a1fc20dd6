/**
 * A SELECT's plan run through GetItem, Query or Scan themselves, a page at a
 * time: Limit counts the items read (before any filter), as in a Query, and
 * a page also ends at 1 MB; NextToken resumes the read it stopped in. What
 * the requests cannot say (plan.afterRead, plan.sortAfterRead) is applied to
 * the items read: filter, sort, then project. ORDER BY over several
 * partitions or a Scan pages the same way (DynamoDB Local honours Limit and
 * answers a NextToken there too) and sorts each page: without a Limit, a
 * page under 1 MB holds every item, sorted whole.
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
import type { EngineContext } from '../../context.js';
import { RawJson } from '../../output/raw-json.js';
import { getItem } from '../items/get-item.js';
import { query } from '../reads/query.js';
import { scan } from '../reads/scan.js';
import { requireTable } from '../../tables/lookup.js';
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

interface OneRead {
  items: unknown[];
  scanned: number;
  /** Where the next page resumes this request, when it stopped early. */
  last?: Record<string, unknown> | undefined;
  consumed?: unknown;
}

/**
 * One request of the plan, from where the token says. A single-item read
 * counts against Limit like a Query of one item: when it fills the page,
 * the next page resumes after it (and is empty), as DynamoDB Local pages it.
 */
function readOnce(context: EngineContext, plan: StatementPlan, resume: Resume, remaining: number | undefined, returnConsumedCapacity: string): OneRead {
  const input: Record<string, unknown> = { ...requestToWire(plan.requests[resume.request]!), ReturnConsumedCapacity: returnConsumedCapacity };
  if (plan.operation === 'GetItem') {
    if (resume.startKey !== undefined) return { items: [], scanned: 0 };
    const output = getItem(context, input);
    if (output.Item === undefined) return { items: [], scanned: 0, consumed: output.ConsumedCapacity };
    const last = remaining !== undefined && remaining <= 1 ? (input.Key as Record<string, unknown>) : undefined;
    return { items: [output.Item], scanned: 1, last, consumed: output.ConsumedCapacity };
  }
  // A Query of a hash-only table reads one item and gives no LastEvaluatedKey; PartiQL still pages it like a GetItem.
  const oneItem = plan.operation === 'Query' && plan.indexName === undefined && requireTable(context, plan.tableName).keys.sort === undefined;
  if (oneItem && resume.startKey !== undefined) return { items: [], scanned: 0 };
  if (remaining !== undefined) input.Limit = remaining;
  if (resume.startKey) input.ExclusiveStartKey = resume.startKey;
  const output = (plan.operation === 'Query' ? query : scan)(context, input);
  const scanned = output.ScannedCount as number;
  const filled = oneItem && remaining !== undefined && scanned >= remaining;
  return {
    items: output.Items as unknown[],
    scanned,
    last: filled ? {} : (output.LastEvaluatedKey as Record<string, unknown> | undefined),
    consumed: output.ConsumedCapacity,
  };
}

export function runRead(context: EngineContext, plan: StatementPlan, options: ReadOptions): ReadResult {
  const sorted = plan.sortAfterRead !== undefined && plan.sortAfterRead.length > 0;
  let resume: Resume = decodeNextToken(options.nextToken);
  let remaining = options.limit;
  const raw: unknown[] = [];
  let consumed: Record<string, unknown> | undefined;
  let next: Resume | undefined;
  while (resume.request < plan.requests.length) {
    const read = readOnce(context, plan, resume, remaining, options.returnConsumedCapacity);
    consumed = addConsumed(consumed, read.consumed);
    raw.push(...read.items);
    if (remaining !== undefined) remaining -= read.scanned;
    const { last } = read;
    resume = last !== undefined ? { request: resume.request, startKey: last } : { request: resume.request + 1 };
    // A read stopped by Limit or at 1 MB ends the page.
    if (resume.request >= plan.requests.length) continue;
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
