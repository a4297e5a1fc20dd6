/**
 * The runtime errors of expression evaluation: those that depend on the item.
 * Texts as DynamoDB (Local) returns them.
 */
import { validationError } from '../errors.js';
import type { DynamoError } from '../errors.js';

export const INVALID_UPDATE_PATH_MESSAGE = 'The document path provided in the update expression is invalid for update';
export const INCORRECT_OPERAND_TYPE_MESSAGE = 'An operand in the update expression has an incorrect data type';
export const MISSING_OPERAND_MESSAGE = 'The provided expression refers to an attribute that does not exist in the item';
/** Arithmetic whose exact result needs more than 38 significant digits. */
export const ARITHMETIC_PRECISION_MESSAGE = 'DynamoDB only supports precision up to 38 digits';

export function invalidUpdatePath(): DynamoError {
  return validationError(INVALID_UPDATE_PATH_MESSAGE);
}

export function incorrectOperandType(): DynamoError {
  return validationError(INCORRECT_OPERAND_TYPE_MESSAGE);
}

export function missingOperand(): DynamoError {
  return validationError(MISSING_OPERAND_MESSAGE);
}
