/**
 * The queue calls the routes' own checks, which refuse with ApiError (an HTTP
 * status). Staging is also called by the MCP tools, which expect the data
 * layer's DataError: the refusal keeps its type and message, its status
 * becomes the matching kind; core's DynamoDB refusals keep their type and
 * message too.
 */
import { DynamoError } from '@dynotable/core';
import type { z } from 'zod';
import { ApiError } from '../api/route.js';
import { DataError, type DataErrorKind } from '../data/errors.js';
import { validationMessage } from '../http/api-dispatch.js';

const KIND_OF_STATUS: Readonly<Record<number, DataErrorKind>> = { 400: 'invalid', 403: 'refused', 404: 'not-found', 409: 'conflict', 413: 'too-large' };

export function asDataError(error: unknown): unknown {
  // DynamoDB's refusal of a request built by the route (an expression, a value): its type and words.
  if (error instanceof DynamoError) return new DataError('invalid', error.name, error.message);
  if (!(error instanceof ApiError)) return error;
  return new DataError(KIND_OF_STATUS[error.status] ?? 'invalid', error.type, error.message, error.details);
}

/** Zod's refusal of a proposed input, worded as the route words it. */
export function inputError(error: z.ZodError): DataError {
  return new DataError('invalid', 'ValidationException', validationMessage(error));
}
