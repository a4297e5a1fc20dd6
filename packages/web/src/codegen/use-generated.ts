/** Something generated from the model document, asked again when its inputs change; the latest request wins. */
import { useEffect, useState } from 'react';

export interface Generated<T> {
  readonly value: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
}

/** `key` says when to ask again (undefined: nothing to ask); `load` is called with an abort signal. */
export function useGenerated<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>): Generated<T> {
  const [state, setState] = useState<Generated<T>>({ value: undefined, error: undefined, loading: key !== undefined });
  useEffect(() => {
    if (key === undefined) {
      setState({ value: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ value, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ value: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
    // `key` stands for everything `load` reads.
  }, [key]);
  return state;
}
