/**
 * What an error becomes in the API: ours (ApiError) as given, the data
 * layer's (DataError) with its kind's status; DynamoDB's (from
 * the AWS SDK or the engine) with DynamoDB's type and message; anything else a
 * bare InternalError, its details kept for the server log only.
 */
import { DynamoError, type ErrorLocation } from '@dynotable/core';
import { ApiError } from '../api/route.js';
import { DataError, type DataErrorKind } from '../data/errors.js';
import { scrubSecrets } from '../connections/secrets.js';

export interface ErrorBody {
  readonly __type: string;
  readonly message: string;
  /** Expression errors: where the offending token is, for a caret in the UI. */
  readonly location?: ErrorLocation;
  /** Our errors' details (ApiError.details, DataError.details): a model's problems, what a question was read as. */
  readonly [detail: string]: unknown;
}

export interface MappedError {
  readonly status: number;
  readonly body: ErrorBody;
  /** A bug or an unknown failure: log it. */
  readonly unexpected: boolean;
}

/** The HTTP status of each kind of the data layer's errors. */
const KIND_STATUS: Readonly<Record<DataErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  refused: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  throttled: 429,
  incomplete: 500,
  unsupported: 501,
  upstream: 502,
  unavailable: 503,
  timeout: 504,
};

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

/** Credential and token providers of the SDK: their messages say what to do (for example, run `aws sso login`). */
const CREDENTIAL_ERRORS = new Set(['CredentialsProviderError', 'TokenProviderError']);

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

const INTERNAL_ERROR: ErrorBody = { __type: 'InternalError', message: 'unexpected error; see the server log' };

interface ServiceLike {
  readonly name: string;
  readonly message: string;
  readonly $fault?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: unknown };
}

/** An error as returned by the AWS SDK for a service response. */
function isServiceError(error: unknown): error is ServiceLike {
  if (!(error instanceof Error)) return false;
  const candidate = error as Partial<ServiceLike>;
  return (candidate.$fault === 'client' || candidate.$fault === 'server') && typeof candidate.$metadata === 'object';
}

function serviceStatus(name: string, serverFault: boolean): number {
  if (THROTTLING.has(name)) return 429;
  return serverFault ? 502 : 400;
}

/**
 * What an error becomes in the API, with every secret the process knows and
 * every secret-shaped string removed from its message (connections/secrets.ts):
 * the API's error answers and the jobs' errors all come from here.
 */
export function mapError(error: unknown): MappedError {
  const mapped = mapUnscrubbed(error);
  const message = scrubSecrets(mapped.body.message);
  return message === mapped.body.message ? mapped : { ...mapped, body: { ...mapped.body, message } };
}

function mapUnscrubbed(error: unknown): MappedError {
  if (error instanceof ApiError) {
    return { status: error.status, body: { ...error.details, __type: error.type, message: error.message }, unexpected: false };
  }
  if (error instanceof DataError) {
    return { status: KIND_STATUS[error.kind], body: { ...error.details, __type: error.type, message: error.message }, unexpected: false };
  }
  if (error instanceof DynamoError) {
    const body: ErrorBody = error.location ? { __type: error.name, message: error.message, location: error.location } : { __type: error.name, message: error.message };
    return { status: serviceStatus(error.name, error.name === 'InternalServerError'), body, unexpected: false };
  }
  if (isServiceError(error)) {
    const httpStatus = error.$metadata?.httpStatusCode;
    const serverFault = error.$fault === 'server' || (typeof httpStatus === 'number' && httpStatus >= 500);
    return { status: serviceStatus(error.name, serverFault), body: { __type: error.name, message: error.message }, unexpected: false };
  }
  if (error instanceof Error && CREDENTIAL_ERRORS.has(error.name)) {
    return { status: 400, body: { __type: error.name, message: error.message }, unexpected: false };
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return { status: 499, body: { __type: 'RequestAborted', message: 'the request was cancelled' }, unexpected: false };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNREACHABLE.has(code)) {
    return {
      status: 502,
      body: { __type: 'EndpointUnreachable', message: `could not reach the connection's endpoint (${code}); check that it is running and the URL is right` },
      unexpected: false,
    };
  }
  return { status: 500, body: INTERNAL_ERROR, unexpected: true };
}

/** Secrets that could sit in an error message: those given (the server token) and every one connections/secrets.ts knows or recognises. */
function redact(text: string, secrets: readonly string[] = []): string {
  return scrubSecrets(text, secrets);
}

/** One line for the server log: the error's name, message and where it was thrown; never the whole stack. */
export function describeForLog(error: unknown, secrets: readonly string[] = []): string {
  if (!(error instanceof Error)) return redact(`non-error thrown: ${String(error)}`, secrets);
  const frame = error.stack
    ?.split('\n')
    .find((line) => line.trim().startsWith('at '))
    ?.trim();
  return redact(`${error.name}: ${error.message}${frame ? ` (${frame})` : ''}`, secrets);
}
