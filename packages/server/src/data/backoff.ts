/** Waiting between retries of unprocessed batch items: exponential backoff with full jitter, stopped by the signal. */

export interface BackoffOptions {
  /** Tries of one batch, the first included (default 10). */
  readonly maxAttempts?: number;
  /** The first wait's ceiling in ms (default 50); it doubles each time up to `maxDelayMs` (default 5 s). */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Injectable for tests. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
}

export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const ceiling = Math.min(options.maxDelayMs ?? 5000, (options.baseDelayMs ?? 50) * 2 ** (attempt - 1));
  return Math.floor((options.random ?? Math.random)() * ceiling);
}

export function abortError(): Error {
  const error = new Error('the operation was cancelled');
  error.name = 'AbortError';
  return error;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface UntilProcessedOptions extends BackoffOptions {
  readonly signal?: AbortSignal | undefined;
}

export interface UntilProcessed<R> {
  /** The requests DynamoDB still left unprocessed after the last try (none when all were processed). */
  readonly pending: readonly R[];
  /** The signal stopped the tries first; `pending` is what was not processed then. */
  readonly stopped: boolean;
}

/**
 * The one batch-write loop, for puts and deletes alike: sends a batch, then
 * what DynamoDB left unprocessed of it, after an exponential backoff with full
 * jitter, until nothing is left or `maxAttempts` tries were made. `send` sends
 * the pending requests (try 1 is the whole batch; a later try only what the
 * one before left, so a write-ahead journal sees no new batch) and answers
 * the unprocessed ones. The signal is checked before each try and stops the
 * wait. What `send` throws is thrown as it is.
 */
export async function sendUntilProcessed<R>(
  batch: readonly R[],
  send: (pending: readonly R[], attempt: number) => Promise<readonly R[]>,
  options: UntilProcessedOptions = {},
): Promise<UntilProcessed<R>> {
  const maxAttempts = options.maxAttempts ?? 10;
  const wait = options.sleep ?? sleep;
  let pending = batch;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > maxAttempts) return { pending, stopped: false };
    if (attempt > 1) {
      try {
        await wait(backoffDelay(attempt - 1, options), options.signal);
      } catch (error) {
        if (options.signal?.aborted) return { pending, stopped: true };
        throw error;
      }
    }
    if (options.signal?.aborted) return { pending, stopped: true };
    pending = await send(pending, attempt);
  }
  return { pending, stopped: false };
}
