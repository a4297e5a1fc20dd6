/**
 * Records a pane's runs in the table's query history. A run is recorded once
 * its query has stood a moment: typing with "Run as I type" runs every
 * half-finished value, and only the one the person stopped at belongs in the
 * history. A pane closed meanwhile records its last run at once.
 */
import { useCallback, useEffect, useRef } from 'react';
import { recordQuery } from './queries-api.js';
import type { QueryNote } from './query-notes.js';

const SETTLE_MS = 1000;

export function useQueryHistory(connectionId: string, table: string): (note: QueryNote) => void {
  const pending = useRef<{ timer: number; send: () => void } | undefined>(undefined);

  const record = useCallback(
    (note: QueryNote) => {
      if (pending.current !== undefined) window.clearTimeout(pending.current.timer);
      const send = () => {
        pending.current = undefined;
        // The history is a convenience: a run it missed is not worth an error over the results.
        recordQuery(connectionId, table, note).catch(() => undefined);
      };
      pending.current = { timer: window.setTimeout(send, SETTLE_MS), send };
    },
    [connectionId, table],
  );

  useEffect(
    () => () => {
      const last = pending.current;
      if (last !== undefined) {
        window.clearTimeout(last.timer);
        last.send();
      }
    },
    [],
  );
  return record;
}
