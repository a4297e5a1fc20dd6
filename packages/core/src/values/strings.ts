/**
 * How DynamoDB turns a string into bytes: the one decision behind string
 * order, size, key identity and key encoding (see docs/strings.md for what
 * DynamoDB Local was seen to do).
 *
 * A JS string may hold UTF-16 code units that UTF-8 cannot encode: a lone
 * surrogate (a high half without a low half after it, or a low half without a
 * high half before it). The JSON wire form `"\ud800"` arrives as exactly such
 * a string. DynamoDB keeps the string as it was sent (reads return it
 * unchanged), but encodes each lone surrogate as the single byte `?` (0x3F)
 * wherever it needs bytes. So `"k\ud800"`, `"k\udbff"` and `"k?"` are one key
 * and take 2 bytes, while `"k\ufffd"` is another key of 4 bytes. TextEncoder
 * and Buffer would turn a lone surrogate into U+FFFD instead: never use them
 * on a string DynamoDB compares, sizes or keys.
 */

/** The byte, and the character, a lone surrogate becomes. */
export const LONE_SURROGATE_REPLACEMENT = '?';

const QUESTION_MARK = 0x3f;

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** Whether the string holds no lone surrogate, so that UTF-8 encodes it as it is. */
export function isWellFormedText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (!isSurrogate(unit)) continue;
    if (!isHighSurrogate(unit) || !isLowSurrogate(text.charCodeAt(i + 1))) return false;
    i++;
  }
  return true;
}

/**
 * The string DynamoDB compares, sizes and keys: each lone surrogate replaced
 * by `?`, everything else (surrogate pairs, U+FFFD, U+0000) unchanged. Two
 * strings are one key value exactly when their forms are equal. The same
 * string comes back when there is nothing to replace.
 */
export function dynamoDbStringForm(text: string): string {
  if (isWellFormedText(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
      out += text[i]! + text[i + 1]!;
      i++;
    } else out += isSurrogate(unit) ? LONE_SURROGATE_REPLACEMENT : text[i]!;
  }
  return out;
}

const utf8 = new TextEncoder();

/** The string's bytes as DynamoDB makes them: UTF-8, a lone surrogate as the byte `?`. */
export function dynamoDbStringBytes(text: string): Uint8Array {
  return utf8.encode(dynamoDbStringForm(text));
}

/** The number of bytes of dynamoDbStringBytes, without encoding: a lone surrogate counts 1. */
export function dynamoDbStringByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (!isSurrogate(unit)) bytes += 3;
    else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 1; // a lone surrogate is the byte `?`
  }
  return bytes;
}

/**
 * The code point at `at` as DynamoDB encodes it (a lone surrogate as `?`),
 * and how many code units it takes.
 */
function codePointAt(text: string, at: number): [codePoint: number, units: number] {
  const unit = text.charCodeAt(at);
  if (!isSurrogate(unit)) return [unit, 1];
  if (isHighSurrogate(unit)) {
    const next = text.charCodeAt(at + 1);
    if (isLowSurrogate(next)) return [0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00), 2];
  }
  return [QUESTION_MARK, 1];
}

/**
 * DynamoDB's order of two strings: by their bytes (dynamoDbStringBytes), which
 * for UTF-8 is the order of their code points, without encoding them. Zero
 * exactly when they are the same key value.
 */
export function compareDynamoDbStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === length) {
    // One is a prefix of the other in code units. Its encoding is then a prefix
    // too, but for a last high surrogate that pairs only in the longer string:
    // `?` (0x3F) sorts before any 4-byte character. Either way, shorter first.
    return a.length - b.length;
  }
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  // Two different characters of the Basic Multilingual Plane, after a common
  // prefix that both encode alike: code unit order is code point order.
  if (!isSurrogate(x) && !isSurrogate(y)) return x - y;
  // A surrogate is involved: start again at the code point that holds unit i
  // (a high surrogate just before it belongs to it when it pairs).
  return compareFrom(a, b, i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i);
}

/** Compares code point by code point from a position where both strings start a code point alike. */
function compareFrom(a: string, b: string, start: number): number {
  let i = start;
  let j = start;
  while (i < a.length && j < b.length) {
    const [x, xUnits] = codePointAt(a, i);
    const [y, yUnits] = codePointAt(b, j);
    if (x !== y) return x - y;
    i += xUnits;
    j += yUnits;
  }
  return (i < a.length ? 1 : 0) - (j < b.length ? 1 : 0);
}
