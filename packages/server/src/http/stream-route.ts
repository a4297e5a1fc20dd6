/**
 * A route whose answer is a stream of server-sent events (text/event-stream)
 * rather than one JSON value: job progress. `open` validates and may throw an
 * ApiError (sent as a normal JSON error); the events it yields are each sent
 * as one `data:` line of JSON, and the response ends when the iteration does.
 * A client that goes away aborts the signal and stops the iteration.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
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

/**
 * The events as the response, each one `data:` line of JSON. A failure of the
 * iteration ends the stream (the status is sent already) and goes to `failed`,
 * never to the client.
 */
export function eventStreamResponse(c: Context, events: AsyncIterable<unknown>, signal: AbortSignal, failed: (error: unknown) => void): Response {
  const response = streamSSE(c, async (stream) => {
    const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      for await (const event of events) {
        if (signal.aborted) break;
        await stream.writeSSE({ data: JSON.stringify(event) });
      }
    } catch (error) {
      failed(error);
    } finally {
      clearInterval(heartbeat);
    }
  });
  response.headers.set('Content-Type', 'text/event-stream; charset=utf-8');
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Accel-Buffering', 'no');
  return response;
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
