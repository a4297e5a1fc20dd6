/**
 * Items as plain JSON (`{"pk":"a","price":12.50,"tags":["x"]}`), the form most
 * tools read and write. Reading infers the types: string → S, number → N,
 * true/false → BOOL, null → NULL, array → L, object → M. Numbers are read
 * from their text, never through a JavaScript number, so 38 digits stay 38
 * digits. Writing is lossy for what plain JSON has no word for: binary becomes
 * a base64 string and sets become arrays (read back as S and L).
 */
import { encodeBase64, normalizeNumber } from '@dynotable/core';
import type { AttributeValue, Item } from '@dynotable/core';

/** JSON's number grammar; the canonical text DynamoDB stores always fits it. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function numberText(text: string): string {
  return JSON_NUMBER.test(text) ? text : normalizeNumber(text);
}

/** One value as plain JSON text. */
export function plainValueText(value: AttributeValue): string {
  if ('S' in value) return JSON.stringify(value.S);
  if ('N' in value) return numberText(value.N);
  if ('BOOL' in value) return value.BOOL ? 'true' : 'false';
  if ('NULL' in value) return 'null';
  if ('B' in value) return `"${encodeBase64(value.B)}"`;
  if ('M' in value) return plainItemText(value.M);
  if ('L' in value) return `[${value.L.map(plainValueText).join(',')}]`;
  if ('SS' in value) return JSON.stringify(value.SS);
  if ('NS' in value) return `[${value.NS.map(numberText).join(',')}]`;
  return `[${value.BS.map((bytes) => `"${encodeBase64(bytes)}"`).join(',')}]`;
}

/** An item (or a map's members) as a plain JSON object. */
export function plainItemText(item: Item): string {
  let out = '{';
  let first = true;
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    out += `${first ? '' : ','}${JSON.stringify(name)}:${plainValueText(item[name]!)}`;
    first = false;
  }
  return `${out}}`;
}

/** Plain JSON that is not well-formed, or not an object: the message says where. */
export class PlainJsonError extends Error {
  constructor(what: string) {
    super(`not valid JSON: ${what}`);
  }
}

/** Deeper than DynamoDB's 32 levels is refused later anyway; this bound keeps the parser off the stack's limit. */
const MAX_DEPTH = 64;

/** Members are set as own data properties, so `__proto__` stays an ordinary attribute. */
function setMember(target: Record<string, AttributeValue>, name: string, value: AttributeValue): void {
  if (name === '__proto__') Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
  else target[name] = value;
}

/**
 * Reads one JSON document into DynamoDB values with the types inferred. A
 * small recursive-descent parser: JSON.parse would turn every number into a
 * double and lose the digits past the 17th.
 */
class PlainParser {
  private at = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    if (this.at >= this.text.length) throw new PlainJsonError(`the line ends before the JSON is complete (${what})`);
    throw new PlainJsonError(`${what} at position ${this.at + 1}`);
  }

  private space(): void {
    const text = this.text;
    let at = this.at;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) at++;
      else break;
    }
    this.at = at;
  }

  document(): AttributeValue {
    const value = this.value(0);
    this.space();
    if (this.at < this.text.length) this.fail('unexpected text after the end of the JSON value');
    return value;
  }

  private value(depth: number): AttributeValue {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels (DynamoDB allows 32)`);
    this.space();
    const code = this.text.charCodeAt(this.at);
    if (code === 0x22) return { S: this.string() };
    if (code === 0x7b) return { M: this.object(depth) };
    if (code === 0x5b) return this.array(depth);
    if (code === 0x2d || (code >= 0x30 && code <= 0x39)) return { N: this.number() };
    if (this.text.startsWith('true', this.at)) return this.literal(4, { BOOL: true });
    if (this.text.startsWith('false', this.at)) return this.literal(5, { BOOL: false });
    if (this.text.startsWith('null', this.at)) return this.literal(4, { NULL: true });
    return this.fail(this.at >= this.text.length ? 'the JSON ends before a value' : `unexpected '${this.text[this.at]}'`);
  }

  private literal(length: number, value: AttributeValue): AttributeValue {
    this.at += length;
    return value;
  }

  private number(): string {
    const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    match.lastIndex = this.at;
    const found = match.exec(this.text);
    if (found === null) this.fail('a malformed number');
    this.at += found[0].length;
    return found[0];
  }

  private string(): string {
    const text = this.text;
    const start = this.at + 1;
    let at = start;
    let escaped = false;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x22) break;
      if (code === 0x5c) {
        escaped = true;
        at += 2;
        continue;
      }
      if (Number.isNaN(code)) {
        this.at = at;
        this.fail('a string that is not closed');
      }
      if (code < 0x20) {
        this.at = at;
        this.fail('a control character inside a string');
      }
      at++;
    }
    this.at = at + 1;
    const raw = text.slice(start, at);
    if (!escaped) return raw;
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      this.at = start - 1;
      return this.fail('a bad escape in a string');
    }
  }

  private object(depth: number): Record<string, AttributeValue> {
    const out: Record<string, AttributeValue> = {};
    this.at++;
    this.space();
    if (this.text.charCodeAt(this.at) === 0x7d) {
      this.at++;
      return out;
    }
    for (;;) {
      this.space();
      if (this.text.charCodeAt(this.at) !== 0x22) this.fail('expected a member name in double quotes');
      const name = this.string();
      this.space();
      if (this.text.charCodeAt(this.at) !== 0x3a) this.fail("expected ':' after a member name");
      this.at++;
      setMember(out, name, this.value(depth + 1));
      this.space();
      const code = this.text.charCodeAt(this.at++);
      if (code === 0x7d) return out;
      if (code !== 0x2c) {
        this.at--;
        this.fail("expected ',' or '}'");
      }
    }
  }

  private array(depth: number): AttributeValue {
    const out: AttributeValue[] = [];
    this.at++;
    this.space();
    if (this.text.charCodeAt(this.at) === 0x5d) {
      this.at++;
      return { L: out };
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.space();
      const code = this.text.charCodeAt(this.at++);
      if (code === 0x5d) return { L: out };
      if (code !== 0x2c) {
        this.at--;
        this.fail("expected ',' or ']'");
      }
    }
  }
}

/** A plain JSON object as an item; throws PlainJsonError for bad JSON or anything but an object. */
export function plainItemFromText(text: string): Item {
  const value = new PlainParser(text).document();
  if (!('M' in value)) throw new Error('each line must hold one JSON object (an item), not a single value or an array');
  return value.M;
}
