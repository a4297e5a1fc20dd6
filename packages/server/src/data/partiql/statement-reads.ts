/**
 * A SELECT run as its plan's reads: GetItem, or each Query (one per
 * partition value of `pk IN (…)`) or the Scan, a page at a time. A plan that
 * sorts after reading reads everything first, since the order needs all items.
 */
import { toWireRequest, type CodegenParams, type StatementPlan, type WireItem } from '@dynotable/core';
import { DataError } from '../errors.js';
import type { ConsumedTally } from '../consumed.js';
import type { WireSend } from '../../transfer/wire-send.js';
import { applyAfterRead } from './after-read.js';

export interface ReadOutcome {
  readonly items: WireItem[];
  readonly scannedCount: number;
  readonly nextToken?: string;
}

interface Position {
  readonly request: number;
  readonly key?: WireItem;
}

/** Reading everything stops here: an ORDER BY over more is refused rather than held in memory. */
const MAX_SORTED_ITEMS = 100_000;

function encodeToken(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeToken(token: string | undefined, requests: number): Position {
  if (token === undefined) return { request: 0 };
  try {
    const position = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Position;
    if (Number.isInteger(position.request) && position.request >= 0 && position.request < requests) return position;
  } catch {
    // refused below
  }
  throw new DataError('invalid', 'ValidationException', 'Invalid NextToken: send back the nextToken of the previous page of the same statement, or leave it out to start from the first page.');
}

async function readOnePage(send: WireSend, plan: StatementPlan, position: Position, tally: ConsumedTally) {
  const params = plan.requests[position.request]! as CodegenParams;
  const input = { ...toWireRequest(params), ReturnConsumedCapacity: 'INDEXES', ...(position.key !== undefined ? { ExclusiveStartKey: position.key } : {}) };
  const output = await send(plan.operation, input);
  tally.add(output['ConsumedCapacity'], 'read');
  const last = output['LastEvaluatedKey'] as WireItem | undefined;
  const next: Position | undefined =
    last !== undefined ? { request: position.request, key: last } : position.request + 1 < plan.requests.length ? { request: position.request + 1 } : undefined;
  return { items: (output['Items'] ?? []) as WireItem[], scanned: (output['ScannedCount'] as number | undefined) ?? 0, next };
}

export async function runReads(send: WireSend, plan: StatementPlan, tally: ConsumedTally, nextToken: string | undefined): Promise<ReadOutcome> {
  if (plan.operation === 'GetItem') {
    const output = await send('GetItem', { ...toWireRequest(plan.request as CodegenParams), ReturnConsumedCapacity: 'INDEXES' });
    tally.add(output['ConsumedCapacity'], 'read');
    const item = output['Item'] as WireItem | undefined;
    return { items: applyAfterRead(plan, item === undefined ? [] : [item]), scannedCount: item === undefined ? 0 : 1 };
  }
  if ((plan.sortAfterRead?.length ?? 0) > 0) {
    const all: WireItem[] = [];
    let scanned = 0;
    let position: Position | undefined = { request: 0 };
    while (position !== undefined) {
      const page = await readOnePage(send, plan, position, tally);
      all.push(...page.items);
      scanned += page.scanned;
      if (all.length > MAX_SORTED_ITEMS) {
        throw new DataError('too-large', 'ValidationException', `ORDER BY here sorts after reading, and this read returns more than ${MAX_SORTED_ITEMS.toLocaleString('en-US')} items: add a condition on the partition key so it reads one partition in order.`);
      }
      position = page.next;
    }
    return { items: applyAfterRead(plan, all), scannedCount: scanned };
  }
  const page = await readOnePage(send, plan, decodeToken(nextToken, plan.requests.length), tally);
  return { items: applyAfterRead(plan, page.items), scannedCount: page.scanned, ...(page.next !== undefined ? { nextToken: encodeToken(page.next) } : {}) };
}
