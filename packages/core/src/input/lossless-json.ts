/**
 * A JSON reader that keeps what JSON.parse throws away: every number as the
 * exact text typed (so 38 digits stay 38 digits), the order of members, and
 * where each value starts in the text (for error messages that point at it).
 * Duplicate member names are refused rather than silently merged. The one
 * lossless JSON reader of DynoTable: the workbench's editors and the server's
 * plain JSON import both read with it.
 */

export type JsonNode =
  | { readonly kind: 'string'; readonly value: string; readonly at: number }
  | { readonly kind: 'number'; readonly text: string; readonly at: number }
  | { readonly kind: 'boolean'; readonly value: boolean; readonly at: number }
  | { readonly kind: 'null'; readonly at: number }
  | { readonly kind: 'array'; readonly items: readonly JsonNode[]; readonly at: number }
  | { readonly kind: 'object'; readonly entries: readonly JsonEntry[]; readonly at: number };

export interface JsonEntry {
  readonly key: string;
  readonly value: JsonNode;
}

/** A path segment: a member name or a list position. */
export type PathSegment = string | number;

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly path: readonly PathSegment[],
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** JSON's number grammar. */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const NUMBER_START = /[-0-9]/;
const NUMBER_CHARS = /[-+0-9.eE]/;
/** Deeper than this is refused: DynamoDB allows 32 levels, and the reader must not exhaust the stack. */
const MAX_DEPTH = 64;

class Reader {
  private at = 0;
  private readonly path: PathSegment[] = [];

  constructor(private readonly text: string) {}

  read(): JsonNode {
    this.space();
    const node = this.value(0);
    this.space();
    if (this.at < this.text.length) this.fail('unexpected text after the end of the JSON value; remove it');
    return node;
  }

  private fail(message: string, at = this.at): never {
    throw new JsonSyntaxError(message, at, [...this.path]);
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at]!)) this.at++;
  }

  private value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} levels deep (DynamoDB allows 32)`);
    const at = this.at;
    const ch = this.text[at];
    if (ch === undefined) this.fail('the text ends where a value was expected; add the value');
    if (ch === '{') return this.object(depth);
    if (ch === '[') return this.array(depth);
    if (ch === '"') return { kind: 'string', value: this.string(), at };
    if (NUMBER_START.test(ch)) return this.number();
    for (const [word, node] of [
      ['true', { kind: 'boolean', value: true, at }],
      ['false', { kind: 'boolean', value: false, at }],
      ['null', { kind: 'null', at }],
    ] as const) {
      if (this.text.startsWith(word, at)) {
        this.at += word.length;
        return node;
      }
    }
    if (ch === "'") this.fail('strings take double quotes (") in JSON');
    this.fail(`unexpected '${ch}'; expected a value (a "string", a number, true, false, null, [ or {)`);
  }

  private number(): JsonNode {
    const at = this.at;
    let end = at;
    while (end < this.text.length && NUMBER_CHARS.test(this.text[end]!)) end++;
    const text = this.text.slice(at, end);
    if (!JSON_NUMBER.test(text)) this.fail(`'${text}' is not a JSON number (write it as digits, e.g. 12, -0.5 or 1.5E+3)`, at);
    this.at = end;
    return { kind: 'number', text, at };
  }

  private string(): string {
    const start = this.at;
    this.at++;
    let out = '';
    for (;;) {
      const ch = this.text[this.at];
      if (ch === undefined) this.fail('a string is not closed; add the closing "', start);
      if (ch === '"') {
        this.at++;
        return out;
      }
      if (ch === '\\') {
        out += this.escape();
        continue;
      }
      if (ch < ' ') this.fail('a line break or control character inside a string; write it as \\n or \\u00XX');
      out += ch;
      this.at++;
    }
  }

  private escape(): string {
    const ch = this.text[this.at + 1];
    const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
    if (ch !== undefined && ch in simple) {
      this.at += 2;
      return simple[ch]!;
    }
    if (ch === 'u') {
      const hex = this.text.slice(this.at + 2, this.at + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('\\u takes four hex digits');
      this.at += 6;
      return String.fromCharCode(parseInt(hex, 16));
    }
    return this.fail(`unknown escape '\\${ch ?? ''}' in a string`);
  }

  private expect(ch: string, message: string): void {
    this.space();
    if (this.text[this.at] !== ch) this.fail(message);
    this.at++;
  }

  /**
   * Reads the elements of a list or the members of an object, from its opening
   * bracket to its closing one: one element at a time, commas between them and
   * none trailing, white space anywhere in between.
   */
  private elements(close: ']' | '}', what: string, readElement: () => void): void {
    this.at++;
    this.space();
    if (this.text[this.at] === close) {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      readElement();
      this.space();
      const ch = this.text[this.at];
      if (ch === ',') {
        const comma = this.at++;
        this.space();
        if (this.text[this.at] === close) this.fail(`a comma before ${close} (JSON allows no trailing comma); remove it`, comma);
        continue;
      }
      if (ch === close) {
        this.at++;
        return;
      }
      this.fail(`expected ',' or '${close}' after ${what}`);
    }
  }

  /** The value of a list element or a member, its place in the path while it is read. */
  private valueAt(segment: PathSegment, depth: number): JsonNode {
    this.path.push(segment);
    const node = this.value(depth + 1);
    this.path.pop();
    return node;
  }

  private array(depth: number): JsonNode {
    const at = this.at;
    const items: JsonNode[] = [];
    this.elements(']', 'a list element', () => {
      items.push(this.valueAt(items.length, depth));
    });
    return { kind: 'array', items, at };
  }

  private object(depth: number): JsonNode {
    const at = this.at;
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    this.elements('}', 'a member', () => {
      const keyAt = this.at;
      if (this.text[this.at] !== '"') this.fail('expected a member name in double quotes');
      const key = this.string();
      if (seen.has(key)) this.fail(`the name "${key}" appears twice; keep one`, keyAt);
      seen.add(key);
      this.expect(':', `expected ':' after "${key}"`);
      this.space();
      entries.push({ key, value: this.valueAt(key, depth) });
    });
    return { kind: 'object', entries, at };
  }
}

/** Reads one JSON document; throws JsonSyntaxError saying where and what to do. */
export function readJson(text: string): JsonNode {
  return new Reader(text).read();
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A path as people read it: `address.city`, `tags[2]`, `["odd name"]`. */
export function pathText(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(the item)' : out;
}
