/**
 * The table's stream, followed while the view is open: the records newest
 * first (at most MAX_SHOWN), and while paused, the records that came
 * meanwhile held back until resumed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StreamRecordJson } from '../api/types.js';
import { followTableStream, type StreamStart } from './changes-api.js';

const MAX_SHOWN = 500;

type TailStatus = 'connecting' | 'following' | 'closed';

interface ShownRecord {
  /** Unique within the view: the record's eventID, else a counter. */
  readonly id: string;
  readonly record: StreamRecordJson;
}

export interface StreamTail {
  readonly records: readonly ShownRecord[];
  readonly status: TailStatus;
  readonly paused: boolean;
  /** Records received while paused, not shown yet. */
  readonly held: number;
  setPaused(paused: boolean): void;
  clear(): void;
  /** Connects again (after the stream closed, or to start over from `from`). */
  restart(): void;
}

export function useStreamTail(connectionId: string, table: string, from: StreamStart, enabled: boolean): StreamTail {
  const [records, setRecords] = useState<ShownRecord[]>([]);
  const [status, setStatus] = useState<TailStatus>('connecting');
  const [paused, setPausedState] = useState(false);
  const [held, setHeld] = useState(0);
  const [generation, setGeneration] = useState(0);
  const pausedRef = useRef(false);
  const heldRecords = useRef<ShownRecord[]>([]);
  const counter = useRef(0);

  const show = useCallback((incoming: readonly ShownRecord[]) => {
    setRecords((shown) => [...[...incoming].reverse(), ...shown].slice(0, MAX_SHOWN));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    setStatus('connecting');
    const stop = followTableStream(
      connectionId,
      table,
      from,
      (event) => {
        if (event.kind === 'caught-up') {
          setStatus('following');
          return;
        }
        counter.current++;
        const shown = { id: event.record.eventID ?? `record-${counter.current}`, record: event.record };
        if (pausedRef.current) {
          heldRecords.current.push(shown);
          setHeld(heldRecords.current.length);
        } else show([shown]);
      },
      () => setStatus('closed'),
    );
    return stop;
  }, [connectionId, table, from, enabled, generation, show]);

  const setPaused = useCallback(
    (next: boolean) => {
      pausedRef.current = next;
      setPausedState(next);
      if (!next && heldRecords.current.length > 0) {
        show(heldRecords.current);
        heldRecords.current = [];
        setHeld(0);
      }
    },
    [show],
  );

  const clear = useCallback(() => {
    setRecords([]);
    heldRecords.current = [];
    setHeld(0);
  }, []);

  const restart = useCallback(() => {
    clear();
    setGeneration((count) => count + 1);
  }, [clear]);

  return { records, status, paused, held, setPaused, clear, restart };
}
