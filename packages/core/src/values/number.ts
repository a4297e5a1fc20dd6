/**
 * DynamoDB numbers: up to 38 significant digits, magnitude 1E-130 to
 * 9.9999999999999999999999999999999999999E+125. They travel as decimal strings
 * and are compared and added exactly with decimal.js, never through a JS number.
 */
import { Decimal } from 'decimal.js';
import { validationError } from '../errors.js';

/** Wide enough for an exact sum of any two DynamoDB numbers (126 + 130 digits). */
export const ExactDecimal = Decimal.clone({
  precision: 400,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -1000,
  toExpPos: 1000,
  minE: -9e15,
  maxE: 9e15,
});
export type ExactDecimal = InstanceType<typeof ExactDecimal>;

const NUMBER_SYNTAX = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const MAX_SIGNIFICANT_DIGITS = 38;
const MAX_MAGNITUDE = new ExactDecimal('9.9999999999999999999999999999999999999e125');
const MIN_MAGNITUDE = new ExactDecimal('1e-130');

export const INVALID_NUMBER_MESSAGE = 'A value provided cannot be converted into a number';
export const TOO_MANY_DIGITS_MESSAGE = 'Attempting to store more than 38 significant digits in a Number';
export const OVERFLOW_MESSAGE = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
export const UNDERFLOW_MESSAGE = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';

/** Parses the text of an N value, or throws DynamoDB's ValidationException. */
export function parseNumber(text: string): ExactDecimal {
  const trimmed = text.trim();
  if (!NUMBER_SYNTAX.test(trimmed)) throw validationError(INVALID_NUMBER_MESSAGE);
  const value = new ExactDecimal(trimmed);
  checkNumberRange(value);
  return value;
}

/** Throws DynamoDB's error when a number has too many digits or is out of range. */
export function checkNumberRange(value: ExactDecimal): void {
  if (value.isZero()) return;
  if (value.sd() > MAX_SIGNIFICANT_DIGITS) throw validationError(TOO_MANY_DIGITS_MESSAGE);
  const magnitude = value.abs();
  if (magnitude.gt(MAX_MAGNITUDE)) throw validationError(OVERFLOW_MESSAGE);
  if (magnitude.lt(MIN_MAGNITUDE)) throw validationError(UNDERFLOW_MESSAGE);
}

/** The canonical text DynamoDB returns for a number: no exponent, no redundant zeros. */
export function formatNumber(value: ExactDecimal): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}

/** Validates the text of an N value and returns it in canonical form. */
export function normalizeNumber(text: string): string {
  return formatNumber(parseNumber(text));
}

/** Numeric order of two N values (already valid). */
export function compareNumbers(a: string, b: string): number {
  return new ExactDecimal(a).cmp(new ExactDecimal(b));
}
