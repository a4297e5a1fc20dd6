/**
 * The results of one pane: the loaded items, paging through
 * LastEvaluatedKey (next page, or every page up to a cap), the totals and the
 * last request with what it consumed. A new run cancels the one in flight.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WireItem } from '@dynotable/core';
import type { ReadBody } from './query-request.js';
import { addPage, NO_TOTALS, type ReadTotals } from './read-stats.js';
import { isAbort, readItems, type ReadPage } from './workbench-api.js';

/** Load all stops here: the grid stays smooth and the read bill bounded. */
export const LOAD_ALL_CAP = 100_000;

/**
 * Load all shows what has arrived a few times a second rather than at every
 * page: the grid derives its columns, order and row ids from all the loaded
 * items, so each update costs in proportion to every one of them.
 */
const LOAD_ALL_SHOW_EVERY_MS = 250;

export interface ReadSource {
  readonly operation: 'Query' | 'Scan';
  readonly body: ReadBody;
}

export interface ReadResults {
  readonly items: readonly WireItem[];
  readonly lastEvaluatedKey: WireItem | undefined;
  readonly totals: ReadTotals;
  readonly lastPage: ReadPage | undefined;
  readonly source: ReadSource | undefined;
  readonly loading: 'idle' | 'first' | 'next' | 'all';
  readonly error: unknown;
  /** Bumped when the loaded set is replaced or shrinks (a new run, a bulk delete). */
  readonly version: number;
  /** Load all was asked for: a re-read after a write reads every page again, not only as many items as were loaded. */
  readonly loadedAll: boolean;
}

const EMPTY: ReadResults = {
  items: [],
  lastEvaluatedKey: undefined,
  totals: NO_TOTALS,
  lastPage: undefined,
  source: undefined,
  loading: 'idle',
  error: undefined,
  version: 0,
  loadedAll: false,
};

function withPages(previous: ReadResults, pages: readonly ReadPage[]): ReadResults {
  const last = pages.at(-1);
  if (last === undefined) return previous;
  return {
    ...previous,
    items: previous.items.concat(...pages.map((page) => page.items)),
    lastEvaluatedKey: last.lastEvaluatedKey,
    totals: pages.reduce(addPage, previous.totals),
    lastPage: last,
  };
}

export function useReadResults(connectionId: string, table: string) {
  const [results, setResults] = useState<ReadResults>(EMPTY);
  const controller = useRef<AbortController | undefined>(undefined);
  const latest = useRef(results);
  latest.current = results;
  /** Pages read by Load all and not shown yet: Cancel shows them (they were read and paid for); a new run drops them. */
  const unshown = useRef<ReadPage[]>([]);

  const showUnshown = () => {
    const pages = unshown.current;
    unshown.current = [];
    if (pages.length > 0) setResults((previous) => withPages(previous, pages));
  };

  const start = (): AbortSignal => {
    controller.current?.abort();
    unshown.current = [];
    const next = new AbortController();
    controller.current = next;
    return next.signal;
  };

  const fetchPage = useCallback(
    (source: ReadSource, startKey: WireItem | undefined, signal: AbortSignal) =>
      readItems(connectionId, table, source.operation, { ...source.body, ...(startKey !== undefined ? { ExclusiveStartKey: startKey } : {}), code: false }, signal),
    [connectionId, table],
  );

  /** Runs a read from its first page; true once its results are shown. */
  const run = useCallback(
    async (source: ReadSource): Promise<boolean> => {
      const signal = start();
      setResults((previous) => ({ ...previous, loading: 'first', error: undefined }));
      try {
        const page = await fetchPage(source, undefined, signal);
        // A newer run (or Stop) took over: its results are the ones to show.
        if (signal.aborted) return false;
        setResults((previous) => ({
          items: page.items,
          lastEvaluatedKey: page.lastEvaluatedKey,
          totals: addPage(NO_TOTALS, page),
          lastPage: page,
          source,
          loading: 'idle',
          error: undefined,
          version: previous.version + 1,
          loadedAll: false,
        }));
        return true;
      } catch (error) {
        if (!signal.aborted && !isAbort(error)) setResults((previous) => ({ ...previous, loading: 'idle', error }));
        return false;
      }
    },
    [fetchPage],
  );

  /** One more page of the query that produced the loaded items; with `all`, every page up to LOAD_ALL_CAP items. */
  const more = useCallback(
    async (all: boolean) => {
      const { source } = latest.current;
      let startKey = latest.current.lastEvaluatedKey;
      let loaded = latest.current.items.length;
      if (source === undefined || startKey === undefined) return;
      const signal = start();
      setResults((previous) => ({ ...previous, loading: all ? 'all' : 'next', error: undefined, loadedAll: previous.loadedAll || all }));
      try {
        let shownAt = performance.now();
        do {
          const page = await fetchPage(source, startKey, signal);
          if (signal.aborted) return;
          startKey = page.lastEvaluatedKey;
          loaded += page.items.length;
          unshown.current.push(page);
          if (!all || performance.now() - shownAt >= LOAD_ALL_SHOW_EVERY_MS) {
            showUnshown();
            shownAt = performance.now();
          }
        } while (all && startKey !== undefined && loaded < LOAD_ALL_CAP);
        showUnshown();
        setResults((previous) => ({ ...previous, loading: 'idle' }));
      } catch (error) {
        if (!signal.aborted && !isAbort(error)) setResults((previous) => ({ ...previous, loading: 'idle', error }));
      }
    },
    [fetchPage],
  );

  /**
   * Reads again what is loaded, after a write: from the first page on, as many
   * items as were loaded (every page after Load all), so an item written where
   * the person had scrolled to shows where it now sits. The items shown stay
   * until the new ones are all read.
   */
  const reread = useCallback(async () => {
    const { source, items, loadedAll } = latest.current;
    if (source === undefined) return;
    const wanted = loadedAll ? LOAD_ALL_CAP : Math.max(items.length, 1);
    const signal = start();
    setResults((previous) => ({ ...previous, loading: 'first', error: undefined }));
    try {
      const pages: ReadPage[] = [];
      let startKey: WireItem | undefined;
      let loaded = 0;
      do {
        const page = await fetchPage(source, startKey, signal);
        if (signal.aborted) return;
        pages.push(page);
        startKey = page.lastEvaluatedKey;
        loaded += page.items.length;
      } while (startKey !== undefined && loaded < wanted);
      setResults((previous) => ({
        ...withPages({ ...EMPTY, source }, pages),
        loading: 'idle',
        version: previous.version + 1,
        loadedAll: previous.loadedAll,
      }));
    } catch (error) {
      if (!signal.aborted && !isAbort(error)) setResults((previous) => ({ ...previous, loading: 'idle', error }));
    }
  }, [fetchPage]);

  // Leaving the table stops what is still being read.
  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    showUnshown();
    setResults((previous) => ({ ...previous, loading: 'idle' }));
  }, []);

  /** Drops items from the loaded set (they were deleted). */
  const remove = useCallback((keep: (item: WireItem) => boolean) => {
    setResults((previous) => ({ ...previous, items: previous.items.filter(keep), version: previous.version + 1 }));
  }, []);

  return { results, run, more, cancel, remove, reread };
}
