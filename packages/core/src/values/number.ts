/**
 * DynamoDB numbers: up to 38 significant digits, magnitude 1E-130 to
 * 9.9999999999999999999999999999999999999E+125. They travel as decimal strings
 * and are compared and added exactly with decimal.js, never through a JS number.
 *
 * Accepted text (measured against DynamoDB Local, which parses like Java's
 * BigDecimal): an optional sign (`+5` and `-.5` are fine), digits with at most
 * one decimal point (`5.` and `.5` are fine), an optional exponent whose
 * magnitude fits a 32-bit signed integer. No surrounding whitespace, no
 * `Infinity`/`NaN`/hex/underscores. Unicode decimal digits of the Basic
 * Multilingual Plane count as digits (`١` is 1, fullwidth `０` is 0), as in Java.
 *
 * Canonical form (what GetItem returns): plain positional notation, never an
 * exponent, no leading zeros, no trailing fractional zeros, no `+`, and zero is
 * `0` (also for `-0` and `0.000e-5`). So `1.50` -> `1.5`, `1E2` -> `100`,
 * `0.0001e-3` -> `0.0000001`, `1E125` -> `1` followed by 125 zeros,
 * `1E-130` -> `0.` followed by 129 zeros and `1`.
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

const NUMBER_SYNTAX = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?$/;
const INT32_MAX = 2147483647;

export const MAX_SIGNIFICANT_DIGITS = 38;
const MAX_MAGNITUDE = new ExactDecimal('9.9999999999999999999999999999999999999e125');
const MIN_MAGNITUDE = new ExactDecimal('1e-130');

export const INVALID_NUMBER_MESSAGE = 'A value provided cannot be converted into a number';
/**
 * The real service's text. DynamoDB Local says
 * `DynamoDB only supports precision up to 38 digits` instead.
 */
export const TOO_MANY_DIGITS_MESSAGE = 'Attempting to store more than 38 significant digits in a Number';
export const OVERFLOW_MESSAGE = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
export const UNDERFLOW_MESSAGE = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';

/** Parses the text of an N value, or throws DynamoDB's ValidationException. */
export function parseNumber(text: string): ExactDecimal {
  const match = NUMBER_SYNTAX.exec(asciiDigits(text));
  if (!match) throw validationError(INVALID_NUMBER_MESSAGE);
  const [, sign = '', mantissa = '', exponentText] = match;
  if (exponentText !== undefined && !exponentFits(mantissa, exponentText)) throw validationError(INVALID_NUMBER_MESSAGE);
  const value = new ExactDecimal(sign + mantissa + (exponentText === undefined ? '' : `e${exponentText}`));
  checkNumberRange(value);
  return value;
}

/** Java's BigDecimal refuses an exponent or a resulting scale beyond 32 bits. */
function exponentFits(mantissa: string, exponentText: string): boolean {
  const digits = exponentText.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return false;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > INT32_MAX) return false;
  const point = mantissa.indexOf('.');
  const scale = (point < 0 ? 0 : mantissa.length - point - 1) - exponent;
  return scale >= -INT32_MAX - 1 && scale <= INT32_MAX;
}

/** Maps BMP Unicode decimal digits to ASCII, as Java's number parser does. */
function asciiDigits(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const isBmpNonAscii = unit > 0x7f && (unit < 0xd800 || unit > 0xdfff);
    out += isBmpNonAscii ? bmpDigit(text[i]!) : text[i]!;
  }
  return out;
}

const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** The digit's value is its distance from the start of its run of ten. */
function bmpDigit(char: string): string {
  if (!DECIMAL_DIGIT.test(char)) return char;
  let start = char.charCodeAt(0);
  while (DECIMAL_DIGIT.test(String.fromCharCode(start - 1))) start--;
  return String((char.charCodeAt(0) - start) % 10);
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

/** Already canonical: no sign but '-', no leading or trailing zeros, no exponent. */
const CANONICAL_SHORT = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/** Validates the text of an N value and returns it in canonical form. */
export function normalizeNumber(text: string): string {
  // Stored numbers are canonical: at 40 characters or fewer such a text has at
  // most 38 significant digits' worth of room and lies well inside the range,
  // so it only needs its digits counted.
  if (text.length <= 40 && text !== '-0' && CANONICAL_SHORT.test(text) && significantDigits(text) <= MAX_SIGNIFICANT_DIGITS) {
    return text;
  }
  return formatNumber(parseNumber(text));
}

function significantDigits(canonical: string): number {
  let first = -1;
  let last = -1;
  for (let i = 0; i < canonical.length; i++) {
    const unit = canonical.charCodeAt(i);
    if (unit >= 0x31 && unit <= 0x39) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return 0;
  const span = last - first + 1;
  const point = canonical.indexOf('.');
  return point > first && point < last ? span - 1 : span;
}

/** Numeric order of two N values (already valid). */
export function compareNumbers(a: string, b: string): number {
  return new ExactDecimal(a).cmp(new ExactDecimal(b));
}
