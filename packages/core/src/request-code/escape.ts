/**
 * String literals for each target language. Printable text stays readable
 * (non-ASCII included); control characters, invisible format characters (which
 * could disguise code, as in "Trojan Source") and quotes are escaped. A lone
 * UTF-16 surrogate cannot reach DynamoDB (the SDKs encode UTF-8), so it becomes
 * U+FFFD, as TextEncoder would make it.
 */

/** Characters that must not appear raw inside generated source text. */
function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0xad ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  );
}

const isLoneSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;

type Escaper = (code: number) => string;

function escapeWith(text: string, quote: string, simple: Record<string, string>, escapeCode: Escaper): string {
  let out = quote;
  for (const raw of text) {
    const char = isLoneSurrogate(raw.codePointAt(0)!) ? '\uFFFD' : raw;
    const mapped = simple[char];
    if (mapped !== undefined) out += mapped;
    else if (isInvisible(char.codePointAt(0)!)) out += escapeCode(char.codePointAt(0)!);
    else out += char;
  }
  return out + quote;
}

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, '0');

const COMMON = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A single-quoted JavaScript / TypeScript string. */
export function tsString(text: string): string {
  return escapeWith(text, "'", { ...COMMON, "'": "\\'" }, (code) =>
    code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`,
  );
}

/** A single-quoted Python 3 string. */
export function pyString(text: string): string {
  return escapeWith(text, "'", { ...COMMON, "'": "\\'" }, (code) =>
    code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`,
  );
}

/**
 * A Java string. Java turns `\uXXXX` into a character before lexing, so a `\u`
 * escape of a newline or quote would break the literal; those four characters
 * always get their simple escapes and never reach the `\u` form.
 */
export function javaString(text: string): string {
  return escapeWith(text, '"', { ...COMMON, '"': '\\"' }, (code) => `\\u${hex(code, 4)}`);
}

/** A Go interpreted string. `\x` in Go is a raw byte, so only ASCII uses it. */
export function goString(text: string): string {
  return escapeWith(text, '"', { ...COMMON, '"': '\\"' }, (code) =>
    code < 0x80 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`,
  );
}

/** The inside of a byte-string literal (Python's `b'…'`, Go's `"…"`): printable ASCII as is, the rest as `\xNN`. */
export function byteStringBody(bytes: Uint8Array, quote: "'" | '"'): string {
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (byte >= 0x20 && byte < 0x7f) out += char;
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/**
 * One bash word. Single quotes keep everything literal (`$`, backslashes,
 * newlines); ASCII control characters use ANSI-C quoting `$'…'` so they stay
 * visible. NUL cannot be passed in a command line at all.
 */
export function shellWord(text: string): string {
  if (text.includes('\0')) throw new RangeError('a command-line argument cannot contain NUL');
  // eslint-disable-next-line no-control-regex
  if (!/[\x01-\x1f\x7f]/.test(text)) return `'${text.replaceAll("'", `'\\''`)}'`;
  let out = "$'";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '\\' || char === "'") out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else out += char;
  }
  return out + "'";
}

/** JSON for pasting into source or a shell, with invisible characters escaped. */
export function visibleJson(value: unknown, space?: number): string {
  let out = '';
  // JSON.stringify already writes lone surrogates as \uXXXX escapes.
  for (const char of JSON.stringify(value, null, space)) {
    const code = char.codePointAt(0)!;
    out += code >= 0x7f && isInvisible(code) ? `\\u${hex(code, 4)}` : char;
  }
  return out;
}
