/**
 * A statement's error inside BatchExecuteStatement's Responses: `{Code,
 * Message}` where Code is the exception's name without "Exception"
 * (ValidationException is "ValidationError"), and for a failed condition
 * the old item when asked for.
 */
import { isDynamoError } from '@dynotable/core';
import { ConditionalCheckFailedError } from '../../items/errors.js';

export interface StatementError {
  Code: string;
  Message: string;
  Item?: unknown;
}

export function statementError(error: unknown): StatementError {
  if (!isDynamoError(error)) throw error;
  const code = error.name === 'ValidationException' ? 'ValidationError' : error.name.replace(/Exception$/, '');
  const entry: StatementError = { Code: code, Message: error.message };
  if (error instanceof ConditionalCheckFailedError && error.item) entry.Item = error.item;
  return entry;
}
