/**
 * Reading untrusted text safely, shared by every front door (the engine's wire
 * protocol, the workbench API, the model reader): bytes are decoded as UTF-8
 * strictly (invalid bytes are refused, never turned into U+FFFD), and JSON is
 * bounded in how deeply it nests before anything recursive walks it.
 */

/** Refuses invalid UTF-8 instead of replacing it with U+FFFD (a leading BOM is skipped). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes are not UTF-8; `offset` is where the first invalid sequence starts. */
export class InvalidUtf8Error extends Error {
  override readonly name = 'InvalidUtf8Error';
  constructor(readonly offset: number) {
    super(`invalid UTF-8 at byte offset ${offset}`);
  }
}

/** Decodes UTF-8 strictly: throws InvalidUtf8Error (with where) for bytes that are not UTF-8. */
export function decodeUtf8Strict(bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    throw new InvalidUtf8Error(firstInvalidUtf8(bytes));
  }
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (bytes.length if it is cut short at the end). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

/**
 * How deeply untrusted JSON may nest. Parsing is safe at any depth, but what
 * walks the result afterwards (attribute values, models, items) recurses.
 * DynamoDB's own JSON parser has such a bound (its JSON library's default is
 * 1000 levels); a valid request never comes close: 32 levels of attribute
 * values are about 70 levels of JSON.
 */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** True when `text` opens more than `limit` nested objects and arrays (outside strings). */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  // Nesting deeper than the limit takes more characters than that: short texts need no scan.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** The problem with JSON that nests too deeply, naming what and the limit. */
export function jsonTooDeepMessage(what: string, limit = MAX_JSON_DEPTH): string {
  return `${what} nests JSON arrays and objects more than ${limit} levels deep; the limit is ${limit}`;
}

/**
 * Where (as a path such as `a.b[3]`) a parsed value first nests arrays and
 * objects deeper than `limit`, if it does; walked without recursion.
 */
export function tooDeepPath(value: unknown, limit: number): string | undefined {
  const stack: Array<[unknown, number, string]> = [[value, 0, '']];
  while (stack.length > 0) {
    const [node, depth, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return path;
    if (Array.isArray(node)) node.forEach((child, i) => stack.push([child, depth + 1, `${path}[${i}]`]));
    else for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], depth + 1, path === '' ? key : `${path}.${key}`]);
  }
  return undefined;
}
