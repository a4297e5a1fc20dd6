/**
 * Helper functions written into every generated module, as TypeScript source.
 * They reproduce core's key codecs (sortableInteger, sortableDecimal,
 * isoTimestamp) and the plain-field checks of compileKeyTemplate, so generated
 * keys equal the keys core computes for the same values; the tests hold them to
 * that on random values.
 */

export type RuntimeHelper = 'integer' | 'decimal' | 'timestamp' | 'plain' | 'numbers';

const KEY_ERROR = `/** A value that cannot be written into a key: missing, empty, out of range or not sortable. */
export class KeyValueError extends Error {
  override readonly name = 'KeyValueError';
}`;

const PLAIN = `/** A field written as is: a string or a number's text, never empty, never containing the next separator. */
function plainField(value: unknown, field: string, separator: string | undefined): string {
  if (value === undefined || value === null) throw new KeyValueError(\`attribute \${field} is missing\`);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
    throw new KeyValueError(\`attribute \${field} must be a string or a number to appear in a key\`);
  }
  const text = String(value);
  if (text === '') throw new KeyValueError(\`attribute \${field} is empty\`);
  if (separator !== undefined && text.includes(separator)) {
    throw new KeyValueError(\`attribute \${field} ("\${text}") contains "\${separator}", which separates the parts of the key\`);
  }
  return text;
}`;

const INTEGER = `/**
 * A fixed-width integer that sorts as text: non-negative values zero-padded,
 * negative values "-" followed by the complement 10^width + n.
 */
function sortableInteger(value: unknown, width: number, field: string): string {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new KeyValueError(\`attribute \${field}: \${value} is not a safe integer\`);
    n = BigInt(value);
  } else if (typeof value === 'string' && /^-?\\d+$/.test(value)) n = BigInt(value);
  else if (value === undefined || value === null) throw new KeyValueError(\`attribute \${field} is missing\`);
  else throw new KeyValueError(\`attribute \${field}: "\${String(value)}" is not an integer\`);
  const limit = 10n ** BigInt(width);
  if (n >= limit || n <= -limit) throw new KeyValueError(\`attribute \${field}: \${n} does not fit in \${width} digits\`);
  return n >= 0n ? n.toString().padStart(width, '0') : \`-\${(limit + n).toString().padStart(width, '0')}\`;
}`;

const DECIMAL = `/** A fixed-scale decimal that sorts as text: the value times 10^scale as a sortable integer, with the point put back. */
function sortableDecimal(value: unknown, integerDigits: number, scale: number, field: string): string {
  if (value === undefined || value === null) throw new KeyValueError(\`attribute \${field} is missing\`);
  const text =
    typeof value === 'object' && typeof (value as { value?: unknown }).value === 'string'
      ? (value as { value: string }).value
      : String(value);
  const match = /^([+-]?)(?:(\\d+)\\.?(\\d*)|\\.(\\d+))(?:[eE]([+-]?\\d+))?$/.exec(text);
  if (!match) throw new KeyValueError(\`attribute \${field}: "\${text}" is not a number\`);
  const [, sign = '', whole = '', fraction = '', onlyFraction = '', exponent = '0'] = match;
  const fractionDigits = fraction + onlyFraction;
  const digits = (whole + fractionDigits).replace(/^0+/, '');
  const width = integerDigits + scale;
  let scaled = 0n;
  if (digits !== '') {
    // The value is digits × 10^shift once multiplied by 10^scale.
    const shift = Number(exponent) - fractionDigits.length + scale;
    const significant = digits.replace(/0+$/, '');
    const trailingZeros = digits.length - significant.length;
    if (shift + trailingZeros < 0) throw new KeyValueError(\`attribute \${field}: \${text} has more than \${scale} fractional digits\`);
    if (digits.length + shift > width) throw new KeyValueError(\`attribute \${field}: \${text} does not fit in \${integerDigits} integer digits\`);
    scaled = shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits.slice(0, digits.length + shift));
  }
  const encoded = sortableInteger(sign === '-' ? -scaled : scaled, width, field);
  return scale === 0 ? encoded : \`\${encoded.slice(0, -scale)}.\${encoded.slice(-scale)}\`;
}`;

const TIMESTAMP = `const ISO_TEXT = /^(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?(Z|[+-]\\d{2}:\\d{2})$/;

/** Epoch milliseconds of 0000-01-01T00:00:00Z. */
function firstEpochMs(): number {
  const date = new Date(0);
  date.setUTCFullYear(0, 0, 1);
  return date.getTime();
}

/**
 * A UTC ISO-8601 timestamp at a fixed number of fractional digits (0, 3 or 6),
 * so text order is time order. Accepts a Date, epoch milliseconds or ISO text.
 */
function isoTimestamp(value: unknown, fractionDigits: number, field: string): string {
  if (value === undefined || value === null) throw new KeyValueError(\`attribute \${field} is missing\`);
  let text: string;
  if (value instanceof Date || typeof value === 'number') {
    const ms = value instanceof Date ? value.getTime() : value;
    if (!Number.isInteger(ms)) throw new KeyValueError(\`attribute \${field}: \${ms} is not a whole number of epoch milliseconds\`);
    if (ms < firstEpochMs() || ms > Date.UTC(9999, 11, 31, 23, 59, 59, 999)) {
      throw new KeyValueError(\`attribute \${field}: \${ms} is outside the years 0000-9999\`);
    }
    text = new Date(ms).toISOString();
  } else if (typeof value === 'string') text = value;
  else throw new KeyValueError(\`attribute \${field} must be a Date, epoch milliseconds or ISO-8601 text\`);
  const match = ISO_TEXT.exec(text);
  if (!match) throw new KeyValueError(\`attribute \${field}: "\${text}" is not an ISO-8601 timestamp\`);
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '', fraction = '', zone] = match;
  if (zone !== 'Z' && zone !== '+00:00') throw new KeyValueError(\`attribute \${field}: "\${text}" is not in UTC\`);
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), 0);
  const valid =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hour) &&
    date.getUTCMinutes() === Number(minute) &&
    date.getUTCSeconds() === Number(second);
  if (!valid) throw new KeyValueError(\`attribute \${field}: "\${text}" is not a valid date and time\`);
  if (/[1-9]/.test(fraction.slice(fractionDigits))) {
    throw new KeyValueError(\`attribute \${field}: "\${text}" is more precise than the key allows\`);
  }
  const kept = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  return \`\${year}-\${month}-\${day}T\${hour}:\${minute}:\${second}\${fractionDigits > 0 ? \`.\${kept}\` : ''}Z\`;
}`;

const NUMBERS = `/** Numbers are read with wrapNumbers: exact text, converted to number only where the model declares a safe integer. */
function readSafeInteger(value: unknown, field: string): number {
  const text = value instanceof NumberValue ? value.value : String(value);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(\`attribute \${field}: \${text} is not the safe integer the model declares\`);
  return n;
}

function readNumberText(value: unknown): string {
  return value instanceof NumberValue ? value.value : String(value);
}

function readNumberSet(value: unknown): Set<string> {
  return new Set([...(value as Set<unknown>)].map(readNumberText));
}

function writeNumberText(value: string): NumberValue {
  return NumberValue.from(value);
}

function writeNumberSet(value: ReadonlySet<string>): Set<NumberValue> {
  return new Set([...value].map((text) => NumberValue.from(text)));
}`;

const SOURCES: Record<RuntimeHelper, string> = {
  plain: PLAIN,
  integer: INTEGER,
  decimal: DECIMAL,
  timestamp: TIMESTAMP,
  numbers: NUMBERS,
};

/** The helpers a module needs, in a fixed order; decimals need the integer codec. */
export function runtimeSource(needed: ReadonlySet<RuntimeHelper>): string {
  const order: RuntimeHelper[] = ['plain', 'integer', 'decimal', 'timestamp', 'numbers'];
  const wanted = new Set(needed);
  if (wanted.has('decimal')) wanted.add('integer');
  return [KEY_ERROR, ...order.filter((helper) => wanted.has(helper)).map((helper) => SOURCES[helper])].join('\n\n');
}
