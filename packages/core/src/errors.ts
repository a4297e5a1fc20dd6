/**
 * Errors carry DynamoDB's own exception name and message, so every layer (engine,
 * server, UI, CLI) can show exactly what DynamoDB would say.
 */
export type DynamoErrorName =
  | 'ValidationException'
  | 'ConditionalCheckFailedException'
  | 'ResourceNotFoundException'
  | 'ResourceInUseException'
  | 'TransactionCanceledException'
  | 'TransactionConflictException'
  // PartiQL: an INSERT whose key exists
  | 'DuplicateItemException'
  | 'IdempotentParameterMismatchException'
  | 'ItemCollectionSizeLimitExceededException'
  | 'LimitExceededException'
  | 'ProvisionedThroughputExceededException'
  | 'SerializationException'
  | 'UnknownOperationException'
  | 'AccessDeniedException'
  | 'InternalServerError'
  // DynamoDB Streams
  | 'ExpiredIteratorException'
  | 'TrimmedDataAccessException';

/** Where in an expression's text an error was found, for carets under the token. */
export interface ErrorLocation {
  /** Offset of the offending token in the expression text (UTF-16 units). */
  offset: number;
  /** Length of the offending token (0 at the end of input). */
  length: number;
}

export class DynamoError extends Error {
  override readonly name: DynamoErrorName;
  /** Set for expression errors that point at a token. */
  readonly location: ErrorLocation | undefined;

  constructor(name: DynamoErrorName, message: string, location?: ErrorLocation) {
    super(message);
    this.name = name;
    this.location = location;
  }
}

/** The most common case: DynamoDB's ValidationException with an exact message. */
export function validationError(message: string, location?: ErrorLocation): DynamoError {
  return new DynamoError('ValidationException', message, location);
}

export function isDynamoError(error: unknown): error is DynamoError {
  return error instanceof DynamoError;
}
