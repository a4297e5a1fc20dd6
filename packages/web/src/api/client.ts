/**
 * The typed fetch client: JSON in and out, the session cookie sent, errors
 * thrown as ApiFailure. A 401 without the session is reported to the app (it
 * shows how to sign in again); a 409 ConfirmationRequired asks the user and,
 * when confirmed, sends the same request again with `confirm: true`.
 */
import { ApiFailure, failureOf } from './failure.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined>;

/** The request as the user confirms it. */
export interface PendingWrite {
  readonly method: Method;
  readonly path: string;
  readonly body?: unknown;
}

type ConfirmWrite = (write: PendingWrite, reason: string) => Promise<boolean>;
type Unauthorized = (failure: ApiFailure) => void;

/** 401s about one connection's AWS credentials: the page is still signed in, the connection's message says what to do. */
const CONNECTION_CREDENTIAL_ERRORS = new Set(['ExpiredSession', 'CredentialsMissing']);

let confirmWrite: ConfirmWrite = async () => false;
let unauthorized: Unauthorized | undefined;
/** The first view's data is requested before the app mounts: a 401 then waits for the app's handler. */
let unheardUnauthorized: ApiFailure | undefined;

/** The app installs how a write is confirmed (a dialog) and what a 401 shows. */
export function setConfirmWrite(handler: ConfirmWrite): void {
  confirmWrite = handler;
}

export function setUnauthorized(handler: Unauthorized): void {
  unauthorized = handler;
  const unheard = unheardUnauthorized;
  unheardUnauthorized = undefined;
  if (unheard !== undefined) handler(unheard);
}

function reportUnauthorized(failure: ApiFailure): void {
  if (unauthorized !== undefined) unauthorized(failure);
  else unheardUnauthorized = failure;
}

export function withQuery(path: string, query: Query | undefined): string {
  if (query === undefined) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** Percent-encodes one path segment (table names may hold `.`, `-`, `_`). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

async function send<T>(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal !== undefined ? { signal } : {}),
  });
  if (!response.ok) throw await failureOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

function confirmedVersion(write: PendingWrite): PendingWrite {
  if (write.method === 'DELETE' || write.body === undefined) return { ...write, path: withQuery(write.path, { confirm: true }) };
  return { ...write, body: { ...(write.body as object), confirm: true } };
}

/** Any request; writes go through the confirmation flow. */
async function apiRequest<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await send<T>(method, path, body, signal);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.status === 401 && !CONNECTION_CREDENTIAL_ERRORS.has(error.type)) reportUnauthorized(error);
    if (error.status === 409 && error.type === 'ConfirmationRequired') {
      const write: PendingWrite = { method, path, ...(body !== undefined ? { body } : {}) };
      if (await confirmWrite(write, error.message)) {
        const again = confirmedVersion(write);
        return apiRequest<T>(again.method, again.path, again.body, signal);
      }
      throw new ApiFailure(409, 'ConfirmationDeclined', 'The write was not confirmed, so nothing was sent.', { request: write });
    }
    throw error;
  }
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>('GET', withQuery(path, query), undefined, signal);
export const apiPost = <T>(path: string, body: unknown, signal?: AbortSignal) => apiRequest<T>('POST', path, body, signal);
export const apiPut = <T>(path: string, body: unknown, signal?: AbortSignal) => apiRequest<T>('PUT', path, body, signal);
export const apiPatch = <T>(path: string, body: unknown, signal?: AbortSignal) => apiRequest<T>('PATCH', path, body, signal);
export const apiDelete = <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>('DELETE', withQuery(path, query), undefined, signal);
