/**
 * A table's triggers and their log, live: the list and the kept events
 * first, then each new event from the server's stream (an event seen already,
 * as after EventSource reconnects, is skipped). Other tables' are left out.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TriggerEvent, TriggerInfo } from '../api/types.js';
import { listTriggers, watchTriggerEvents } from './triggers-api.js';

/** Events shown; older ones drop off the top. */
const SHOWN_EVENTS = 300;

export interface TableTriggers {
  readonly triggers: readonly TriggerInfo[];
  readonly events: readonly TriggerEvent[];
  readonly error: unknown;
  readonly reload: () => void;
}

export function useTableTriggers(connectionId: string, table: string): TableTriggers {
  const [triggers, setTriggers] = useState<readonly TriggerInfo[]>([]);
  const [events, setEvents] = useState<readonly TriggerEvent[]>([]);
  const [error, setError] = useState<unknown>(undefined);
  const lastSeq = useRef(0);

  const reload = useCallback(() => {
    listTriggers(connectionId).then(
      (answer) => {
        setTriggers(answer.triggers.filter((trigger) => trigger.settings.table === table));
        setError(undefined);
      },
      (failure: unknown) => setError(failure),
    );
  }, [connectionId, table]);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    lastSeq.current = 0;
    setEvents([]);
    const add = (event: TriggerEvent) => {
      if (event.seq <= lastSeq.current) return;
      lastSeq.current = event.seq;
      if (event.table !== table) return;
      setEvents((shown) => [...shown, event].slice(-SHOWN_EVENTS));
      if (event.kind !== 'invocation') reload();
      else setTriggers((shown) => shown.map((trigger) => (trigger.id === event.triggerId ? { ...trigger, invocations: trigger.invocations + 1 } : trigger)));
    };
    listTriggers(connectionId).then(
      (answer) => {
        if (cancelled) return;
        setTriggers(answer.triggers.filter((trigger) => trigger.settings.table === table));
        for (const event of answer.events) add(event);
        stop = watchTriggerEvents(connectionId, lastSeq.current, add);
      },
      (failure: unknown) => setError(failure),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [connectionId, table, reload]);

  return { triggers, events, error, reload };
}
