/**
 * After a Query runs, whether its upper bound left items out: the count of
 * the keys that start with the bound and go on, and, when there are some,
 * the counts of both fixes. Counts go through the pane's read route with
 * Select COUNT, page by page; a new run cancels the counts of the last.
 */
import { useEffect, useState } from 'react';
import type { PrefixBoundTrap, WireItem } from '@dynotable/core';
import { countBody, prefixBoundTrapOf } from './prefix-bound-fix.js';
import type { ReadBody } from './query-request.js';
import { findTarget, type QueryTarget } from './table-indexes.js';
import type { ReadSource } from './use-read-results.js';
import { isAbort, readItems } from './workbench-api.js';

/** A count reads at most this many pages (up to 1 MB each): it stays a check, not a second scan of a huge window. */
const COUNT_PAGE_CAP = 100;

export interface Counted {
  readonly count: number;
  /** false: the count stopped at the page cap; there are more. */
  readonly complete: boolean;
}

export type BoundCheck =
  | { readonly status: 'none' }
  | { readonly status: 'counting'; readonly trap: PrefixBoundTrap }
  | { readonly status: 'counted'; readonly trap: PrefixBoundTrap; readonly leftOut: Counted; readonly widened?: Counted; readonly beginsWith?: Counted }
  | { readonly status: 'failed'; readonly trap: PrefixBoundTrap; readonly error: unknown };

const NONE: BoundCheck = { status: 'none' };

async function countMatching(connectionId: string, table: string, body: ReadBody, signal: AbortSignal): Promise<Counted> {
  let count = 0;
  let pages = 0;
  let start: WireItem | undefined;
  do {
    const page = await readItems(connectionId, table, 'Query', { ...body, ...(start !== undefined ? { ExclusiveStartKey: start } : {}), code: false }, signal);
    count += page.count;
    start = page.lastEvaluatedKey;
    pages++;
  } while (start !== undefined && pages < COUNT_PAGE_CAP);
  return { count, complete: start === undefined };
}

export function usePrefixBoundCheck(
  connectionId: string,
  table: string,
  targets: readonly QueryTarget[],
  ran: ReadSource | undefined,
  keyTemplates?: ReadonlyMap<string, readonly string[]>,
): BoundCheck {
  const [check, setCheck] = useState<BoundCheck>(NONE);
  useEffect(() => {
    const body = ran?.operation === 'Query' ? ran.body : undefined;
    const target = body === undefined ? undefined : findTarget(targets, body.IndexName);
    const templates = target?.sortKey !== undefined ? keyTemplates?.get(target.sortKey.name) : undefined;
    const trap = body === undefined || target === undefined ? undefined : prefixBoundTrapOf(body.key, target, templates);
    if (body === undefined || trap === undefined) {
      setCheck(NONE);
      return;
    }
    setCheck({ status: 'counting', trap });
    const controller = new AbortController();
    const count = (key: PrefixBoundTrap['leftOut']) => countMatching(connectionId, table, countBody(body, key), controller.signal);
    void (async () => {
      try {
        const leftOut = await count(trap.leftOut);
        if (controller.signal.aborted) return;
        if (leftOut.count === 0) {
          setCheck({ status: 'counted', trap, leftOut });
          return;
        }
        const [widened, beginsWith] = await Promise.all([count(trap.widened), trap.beginsWith !== undefined ? count(trap.beginsWith) : undefined]);
        if (controller.signal.aborted) return;
        setCheck({ status: 'counted', trap, leftOut, widened, ...(beginsWith !== undefined ? { beginsWith } : {}) });
      } catch (error) {
        if (!controller.signal.aborted && !isAbort(error)) setCheck({ status: 'failed', trap, error });
      }
    })();
    return () => controller.abort();
    // Each run (a new source) is checked once; the table and its indexes come with it.
  }, [ran]);
  return check;
}
