/**
 * A route whose answer is a stream of server-sent events (text/event-stream)
 * rather than one JSON value: job progress. `open` validates and may throw an
 * ApiError (sent as a normal JSON error); the events it yields are each sent
 * as one `data:` line of JSON, and the response ends when the iteration does.
 * A client that goes away aborts the signal and stops the iteration.
 */
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ServerContext } from '../api/context.js';
import type { RouteRequest } from '../api/route.js';

export interface StreamRoute<S extends z.ZodType = z.ZodType> {
  readonly method: 'GET';
  readonly path: string;
  readonly input: S;
  readonly summary: string;
  open(context: ServerContext, request: RouteRequest<z.infer<S>>): Promise<AsyncIterable<unknown>>;
}

export function defineStreamRoute<S extends z.ZodType>(route: StreamRoute<S>): StreamRoute<S> {
  return route;
}

/** A comment line now and then keeps idle connections open through proxies. */
const HEARTBEAT_MS = 15_000;

export async function sendEventStream(response: ServerResponse, events: AsyncIterable<unknown>, signal: AbortSignal): Promise<void> {
  response.statusCode = 200;
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Accel-Buffering', 'no');
  response.flushHeaders();
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    for await (const event of events) {
      if (signal.aborted) break;
      response.write(`data: ${JSON.stringify(event)}\n\n`);
    }
  } finally {
    clearInterval(heartbeat);
    response.end();
  }
}

/**
 * Turns a callback subscription into an async iterable: `subscribe` receives
 * `push` and `end` and returns its unsubscribe function. Events pushed before
 * they are read are queued in order.
 */
export function eventsFrom<T>(subscribe: (push: (event: T) => void, end: () => void) => () => void, signal: AbortSignal): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const queue: T[] = [];
      let ended = false;
      let wake: (() => void) | undefined;
      const notify = () => {
        wake?.();
        wake = undefined;
      };
      const push = (event: T) => {
        if (ended) return;
        queue.push(event);
        notify();
      };
      const end = () => {
        ended = true;
        notify();
      };
      const unsubscribe = subscribe(push, end);
      const onAbort = () => end();
      signal.addEventListener('abort', onAbort);
      const finish = () => {
        ended = true;
        unsubscribe();
        signal.removeEventListener('abort', onAbort);
      };
      if (signal.aborted) end();
      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            if (queue.length > 0) return { value: queue.shift()!, done: false };
            if (ended) {
              finish();
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => (wake = resolve));
          }
        },
        async return(): Promise<IteratorResult<T>> {
          finish();
          return { value: undefined, done: true };
        },
      };
    },
  };
}
