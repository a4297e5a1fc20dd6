/** `+` and `-` in SET, and ADD on a number: exact decimal arithmetic. */
import { validationError } from '../errors.js';
import { checkNumberRange, ExactDecimal, formatNumber, MAX_SIGNIFICANT_DIGITS } from '../values/number.js';
import { ARITHMETIC_PRECISION_MESSAGE } from './messages.js';

/**
 * The exact sum or difference of two N values in canonical form. A result with
 * more than 38 significant digits is refused before the range is checked:
 * DynamoDB reports precision first (9.99…9E125 + 1E125 is a precision error).
 */
export function applyArithmetic(operator: '+' | '-', left: string, right: string): string {
  const a = new ExactDecimal(left);
  const b = new ExactDecimal(right);
  const result = operator === '+' ? a.plus(b) : a.minus(b);
  if (result.isZero()) return '0';
  if (result.sd() > MAX_SIGNIFICANT_DIGITS) throw validationError(ARITHMETIC_PRECISION_MESSAGE);
  checkNumberRange(result);
  return formatNumber(result);
}
