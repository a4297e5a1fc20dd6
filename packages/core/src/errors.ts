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
  | 'IdempotentParameterMismatchException'
  | 'ItemCollectionSizeLimitExceededException'
  | 'LimitExceededException'
  | 'ProvisionedThroughputExceededException'
  | 'SerializationException'
  | 'UnknownOperationException'
  | 'InternalServerError';

export class DynamoError extends Error {
  override readonly name: DynamoErrorName;

  constructor(name: DynamoErrorName, message: string) {
    super(message);
    this.name = name;
  }
}

/** The most common case: DynamoDB's ValidationException with an exact message. */
export function validationError(message: string): DynamoError {
  return new DynamoError('ValidationException', message);
}

export function isDynamoError(error: unknown): error is DynamoError {
  return error instanceof DynamoError;
}
