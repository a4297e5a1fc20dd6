/**
 * Query and Scan followed page by page, and compared with what DynamoDB
 * promises: a table Query exactly (items, counts, LastEvaluatedKey, capacity);
 * an index Query in index-key order, ties in any order (DynamoDB does not
 * order items with equal index keys); a Scan as a multiset once complete.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { canonical, canonicalText, isError } from './canonical.js';
import type { Outcome } from './canonical.js';
import type { Input } from './requests.js';
import { send } from './send.js';

const MAX_PAGES = 60;

export type Pages = { error: Outcome } | { pages: Record<string, unknown>[] };

export async function readAllPages(client: DynamoDBClient, operation: 'Query' | 'Scan', input: Input, segments = 1, normalizeNumbers = false): Promise<Pages> {
  const pages: Record<string, unknown>[] = [];
  for (let segment = 0; segment < segments; segment++) {
    let request: Input = segments > 1 ? { ...input, Segment: segment, TotalSegments: segments } : input;
    for (let n = 0; n < MAX_PAGES; n++) {
      const { raw, outcome } = await send(client, operation, request, normalizeNumbers);
      if (raw === undefined || isError(outcome)) return { error: outcome };
      pages.push(outcome);
      if (raw.LastEvaluatedKey === undefined) break;
      request = { ...request, ExclusiveStartKey: raw.LastEvaluatedKey };
    }
  }
  return { pages };
}

const items = (pages: Record<string, unknown>[]) => pages.flatMap((p) => (p.Items as unknown[] | undefined) ?? []);
const sum = (pages: Record<string, unknown>[], field: string) => pages.reduce((total, p) => total + ((p[field] as number | undefined) ?? 0), 0);

function pick(value: unknown, names: string[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(names.filter((n) => n in value).map((n) => [n, (value as Record<string, unknown>)[n]]));
}

/** What must agree between two complete reads; unequal summaries mean a disagreement. */
export function summarizeRead(result: Pages, kind: 'table-query' | 'index-query' | 'scan', indexKeys: string[]): unknown {
  if ('error' in result) return result.error;
  const { pages } = result;
  if (kind === 'table-query') return pages;
  const all = items(pages);
  const summary: Record<string, unknown> = {
    Count: sum(pages, 'Count'),
    ScannedCount: sum(pages, 'ScannedCount'),
    items: all.map(canonicalText).sort(),
  };
  if (kind === 'index-query') {
    summary.pages = pages.map((p) => ({ Count: p.Count, ScannedCount: p.ScannedCount, LastEvaluatedKey: pick(p.LastEvaluatedKey, indexKeys) }));
    summary.order = all.map((item) => canonicalText(pick(item, indexKeys)));
  }
  // Capacity is per page, so it is comparable only when both read everything in one page.
  if (pages.length === 1) summary.ConsumedCapacity = canonical(pages[0]!.ConsumedCapacity);
  return summary;
}
