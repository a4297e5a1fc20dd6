/**
 * How errors look on the wire: `{"__type":"<namespace>#<Name>","message":"…"}`
 * with HTTP 400 (500 for InternalServerError). The namespace depends on who
 * raises the error in DynamoDB's stack: the request framework ("coral"
 * service), its validator, or DynamoDB itself.
 */
import { isDynamoError } from '@dynotable/core';
import { ConditionalCheckFailedError, TransactionCanceledError } from '../items/errors.js';

const SERVICE = 'com.amazon.coral.service#';
const VALIDATE = 'com.amazon.coral.validate#';
const DYNAMODB = 'com.amazonaws.dynamodb.v20120810#';

/** Errors raised by the request framework before DynamoDB sees the request. */
const FRAMEWORK_ERRORS = new Set([
  'SerializationException',
  'UnknownOperationException',
  'MissingAuthenticationTokenException',
  'InvalidSignatureException',
  'IncompleteSignatureException',
  'UnrecognizedClientException',
  // IAM refuses before DynamoDB runs, so AWS names it under the framework too.
  'AccessDeniedException',
]);

/** These two bodies spell the message key `Message`; every other one `message`. */
const CAPITALISED_MESSAGE = new Set(['SerializationException', 'TransactionCanceledException']);

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

export interface WireError {
  status: number;
  body: Record<string, unknown>;
}

/** The `__type` for an exception name. */
export function errorType(name: string): string {
  if (name === 'ValidationException') return VALIDATE + name;
  if (FRAMEWORK_ERRORS.has(name)) return SERVICE + name;
  return DYNAMODB + name;
}

/** The wire form of an exception by name; an empty message is left out, as DynamoDB does. */
export function wireError(name: string, message: string, extra?: Record<string, unknown>): WireError {
  const body: Record<string, unknown> = { __type: errorType(name) };
  if (message !== '') body[CAPITALISED_MESSAGE.has(name) ? 'Message' : 'message'] = message;
  if (extra !== undefined) Object.assign(body, extra);
  return { status: name === 'InternalServerError' ? 500 : 400, body };
}

/** The members some errors carry beside the message. */
function extraMembers(error: unknown): Record<string, unknown> | undefined {
  if (error instanceof TransactionCanceledError) return { CancellationReasons: error.cancellationReasons };
  // ReturnValuesOnConditionCheckFailure: ALL_OLD returns the item inside the error.
  if (error instanceof ConditionalCheckFailedError && error.item !== undefined) return { Item: error.item };
  return undefined;
}

/**
 * The wire form of anything an operation threw. A DynamoError keeps its name
 * and message (and its extra members); anything else is a bug, reported as a
 * generic 500 and handed to `log`, never shown to the client.
 */
export function errorToWire(error: unknown, log: (error: unknown) => void): WireError {
  if (isDynamoError(error)) {
    if (error.name === 'InternalServerError') log(error);
    return wireError(error.name, error.message, extraMembers(error));
  }
  log(error);
  return wireError('InternalServerError', INTERNAL_ERROR_MESSAGE);
}
