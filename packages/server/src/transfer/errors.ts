/** A bad record in a file being read: where it is, and DynamoDB's (or our) error type and message. */
import { DynamoError } from '@dynotable/core';

export class TransferInputError extends Error {
  override readonly name = 'TransferInputError';

  constructor(
    /** 1-based line of the file where the record starts. */
    readonly line: number,
    /** DynamoDB's exception name (SerializationException, ValidationException) or ours. */
    readonly type: string,
    readonly detail: string,
  ) {
    super(`Line ${line}: ${detail}`);
  }
}

/** Wraps what a conversion threw as the error of one line; DynamoDB's errors keep their type and message. */
export function atLine(line: number, error: unknown): TransferInputError {
  if (error instanceof TransferInputError) return error;
  if (error instanceof DynamoError) return new TransferInputError(line, error.name, error.message);
  if (error instanceof SyntaxError) return new TransferInputError(line, 'SerializationException', `not valid JSON: ${error.message}`);
  if (error instanceof Error) return new TransferInputError(line, 'SerializationException', error.message);
  return new TransferInputError(line, 'SerializationException', String(error));
}
