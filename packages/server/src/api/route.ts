/**
 * The HTTP API's building block: a route with its method, path, validated input
 * and handler. Areas (connections, tables, items, model tools, jobs) each export
 * a list of routes; api/routes.ts gathers them and http/ serves them.
 *
 * Input: path parameters (`:name` segments) in `params`; for GET and DELETE the
 * query string, for POST/PUT/PATCH the JSON body, validated by `input` (zod).
 * Output: the handler's value as JSON (200), or an ApiError.
 */
import type { z } from 'zod';
import type { ServerContext } from './context.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRequest<I> {
  readonly params: Readonly<Record<string, string>>;
  readonly input: I;
  /** Aborted when the client goes away (long reads, jobs). */
  readonly signal: AbortSignal;
}

export interface Route<S extends z.ZodType = z.ZodType, O = unknown> {
  readonly method: HttpMethod;
  /** e.g. `/api/connections/:connectionId/tables/:table/items/query` */
  readonly path: string;
  readonly input: S;
  /**
   * A write to a connection (`:connectionId` in the path): refused on read-only
   * connections, and on confirm-writes connections unless the input carries
   * `confirm: true` (the UI sends it after showing the exact request).
   */
  readonly write?: boolean;
  readonly summary: string;
  handler(context: ServerContext, request: RouteRequest<z.infer<S>>): Promise<O>;
}

/** Keeps the input type of each route inferred from its schema. */
export function defineRoute<S extends z.ZodType, O>(route: Route<S, O>): Route<S, O> {
  return route;
}

/**
 * An error the API returns as `{ "__type": type, "message": message, ...details }`
 * with `status`. DynamoDB's own errors keep DynamoDB's type and message;
 * `details` carries what a UI needs beyond the text (a model's problems, what a
 * question was read as).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}
