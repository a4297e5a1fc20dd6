/**
 * Calls the server as the user types without queueing stale work: the first
 * change is sent at once, at most one call is in flight, and changes made
 * meanwhile collapse into the latest, sent when the call returns. Answers
 * arrive in the order sent, so a newer answer is never replaced by an older.
 */

export type Outcome<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

export interface LatestWins<T> {
  /** Asks for `input`; an equal input (by key) to the last one asked is ignored. */
  submit(input: T): void;
  /** Forgets the input asked so far: answers still on their way are dropped, and any input is sent again. */
  reset(): void;
  /** Stops delivering answers (the page is gone). */
  close(): void;
}

export function latestWins<T, R>(
  run: (input: T) => Promise<R>,
  deliver: (input: T, outcome: Outcome<R>) => void,
  key: (input: T) => string = (input) => JSON.stringify(input),
): LatestWins<T> {
  let busy = false;
  let closed = false;
  let pending: { input: T } | undefined;
  let lastKey: string | undefined;
  let generation = 0;

  const start = (input: T): void => {
    busy = true;
    const asked = generation;
    run(input)
      .then(
        (value): Outcome<R> => ({ ok: true, value }),
        (error: unknown): Outcome<R> => ({ ok: false, error }),
      )
      .then((outcome) => {
        busy = false;
        if (closed) return;
        if (asked === generation) deliver(input, outcome);
        const next = pending;
        pending = undefined;
        if (next !== undefined) start(next.input);
      });
  };

  return {
    submit(input) {
      const inputKey = key(input);
      if (inputKey === lastKey) return;
      lastKey = inputKey;
      if (busy) pending = { input };
      else start(input);
    },
    reset() {
      generation += 1;
      lastKey = undefined;
      pending = undefined;
    },
    close() {
      closed = true;
      pending = undefined;
    },
  };
}
