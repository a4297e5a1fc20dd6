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
