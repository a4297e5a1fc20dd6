/**
 * Loads data for a view: the latest answer wins, earlier requests are aborted.
 * A reload keeps the data shown until the new answer (or error) arrives, and
 * keeps it beside a reload's error; new deps start from nothing. Data already
 * in hand when the view mounts (`initial`, asked once) is shown in the first
 * render, without loading it again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  readonly reload: () => void;
}

interface State<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
}

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], initial?: () => T | undefined): Loaded<T> {
  const [state, setState] = useState<State<T>>(() => {
    const data = initial?.();
    return { data, error: undefined, loading: data === undefined };
  });
  const [version, setVersion] = useState(0);
  const loadedVersion = useRef(version);
  const hadInitial = useRef(!state.loading);
  useEffect(() => {
    if (hadInitial.current) {
      hadInitial.current = false;
      return;
    }
    const reloading = loadedVersion.current !== version;
    loadedVersion.current = version;
    const controller = new AbortController();
    setState((previous) => ({ data: reloading ? previous.data : undefined, error: undefined, loading: true }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ data: reloading ? previous.data : undefined, error, loading: false }));
      },
    );
    return () => controller.abort();
    // The caller's deps decide when to load again.
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
