/** The builder's read sent through the item routes, and what came back, in one shape for Query, Scan and GetItem. */
import type { WireItem } from '@dynotable/core';
import { apiPost } from '../api/client.js';
import type { Consumed, ReadPage } from '../api/types.js';
import { itemsPath } from '../workbench/workbench-api.js';
import type { RunRequest } from './run-request.js';

export interface RunResult {
  readonly items: readonly WireItem[];
  readonly count: number;
  /** Query and Scan only. */
  readonly scannedCount?: number;
  /** More to read: the page stopped at Limit or at 1 MB. */
  readonly more: boolean;
  readonly consumed: Consumed;
}

interface GetAnswer {
  readonly item?: WireItem;
  readonly consumed: Consumed;
}

export async function runRead(connectionId: string, table: string, request: RunRequest, signal?: AbortSignal): Promise<RunResult> {
  const path = itemsPath(connectionId, table, request.action);
  // The programs are not wanted here: the page writes its own.
  if (request.action === 'get') {
    const answer = await apiPost<GetAnswer>(path, request.body, signal);
    return { items: answer.item !== undefined ? [answer.item] : [], count: answer.item !== undefined ? 1 : 0, more: false, consumed: answer.consumed };
  }
  const page = await apiPost<ReadPage>(path, { ...request.body, code: false }, signal);
  return { items: page.items, count: page.count, scannedCount: page.scannedCount, more: page.lastEvaluatedKey !== undefined, consumed: page.consumed };
}
