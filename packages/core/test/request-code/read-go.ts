/**
 * Reads back the request literal of a generated Go program, following Go's
 * rules for interpreted string literals and for commas in multi-line composite
 * literals (no Go toolchain is needed).
 */
type Token = { type: 'string'; bytes: Uint8Array } | { type: 'word' | 'punct' | 'newline'; text: string };

const utf8 = new TextEncoder();

/** Go string literal → bytes: `\x` is one raw byte, `\u`/`\U` a code point in UTF-8. */
function goStringBytes(body: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char !== '\\') {
      const code = body.codePointAt(i)!;
      if (code > 0xffff) i++;
      out.push(...utf8.encode(String.fromCodePoint(code)));
      continue;
    }
    const kind = body[++i]!;
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, '\\': 92, '"': 34, a: 7, b: 8, f: 12, v: 11 };
    if (kind in simple) out.push(simple[kind]!);
    else if (kind === 'x') out.push(parseInt(body.slice(i + 1, (i += 2) + 1), 16));
    else if (kind === 'u' || kind === 'U') {
      const width = kind === 'u' ? 4 : 8;
      const code = parseInt(body.slice(i + 1, i + 1 + width), 16);
      if (code >= 0xd800 && code <= 0xdfff) throw new Error('Go rejects surrogate code points in \\u escapes');
      out.push(...utf8.encode(String.fromCodePoint(code)));
      i += width;
    } else throw new Error(`unknown escape \\${kind}`);
  }
  return new Uint8Array(out);
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /"((?:[^"\\\n]|\\.)*)"|([A-Za-z_][\w.]*)|(\n)|([&{}()[\]:,])|([ \t]+)|(-?\d+)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < source.length && (match = pattern.exec(source)) !== null) {
    if (match[1] !== undefined) tokens.push({ type: 'string', bytes: goStringBytes(match[1]) });
    else if (match[2] !== undefined || match[6] !== undefined) tokens.push({ type: 'word', text: match[2] ?? match[6]! });
    else if (match[3] !== undefined) tokens.push({ type: 'newline', text: '\n' });
    else if (match[4] !== undefined) tokens.push({ type: 'punct', text: match[4] });
  }
  if (pattern.lastIndex < source.length) throw new Error(`cannot read Go at: ${source.slice(pattern.lastIndex, pattern.lastIndex + 20)}`);
  return tokens;
}

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private next(): Token {
    const token = this.tokens[this.at++];
    if (token === undefined) throw new Error('unexpected end of Go source');
    return token;
  }
  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private skipNewlines(): void {
    while (this.peek()?.type === 'newline') this.at++;
  }
  private expect(text: string): void {
    this.skipNewlines();
    const token = this.next();
    if (token.type === 'string' || token.text !== text) throw new Error(`expected ${text}`);
  }
  private word(): string {
    this.skipNewlines();
    const token = this.next();
    if (token.type !== 'word') throw new Error('expected a name');
    return token.text;
  }
  private string(): Uint8Array {
    this.skipNewlines();
    const token = this.next();
    if (token.type !== 'string') throw new Error('expected a string literal');
    return token.bytes;
  }
  private text(): string {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(this.string());
  }

  /** `{ a, b, }` where a line break after an element requires a comma, as in Go. */
  private elements<T>(read: () => T): T[] {
    this.expect('{');
    const items: T[] = [];
    for (;;) {
      this.skipNewlines();
      const token = this.peek();
      if (token?.type === 'punct' && token.text === '}') break;
      items.push(read());
      const after = this.next();
      if (after.type === 'newline') throw new Error('missing comma before a line break');
      if (after.type === 'punct' && after.text === '}') {
        this.at--;
        break;
      }
      if (after.type !== 'punct' || after.text !== ',') throw new Error('expected , or }');
    }
    this.expect('}');
    return items;
  }

  /** `&dynamodb.XInput{...}` → the operation and its fields. */
  input(): { operation: string; params: Record<string, unknown> } {
    this.expect('&');
    const type = this.word();
    const operation = /^dynamodb\.(\w+)Input$/.exec(type)?.[1];
    if (operation === undefined) throw new Error(`unexpected input type ${type}`);
    const params = Object.fromEntries(
      this.elements(() => {
        const name = this.word();
        this.expect(':');
        return [name, this.field()];
      }),
    );
    return { operation, params };
  }

  private field(): unknown {
    const head = this.word();
    if (head === 'aws.String' || head.startsWith('types.')) return this.call(() => this.text());
    if (head === 'aws.Bool') return this.call(() => this.word() === 'true');
    if (head === 'aws.Int32') return this.call(() => Number(this.word()));
    if (head === 'map') return this.map();
    throw new Error(`unexpected ${head}`);
  }

  private call<T>(read: () => T): T {
    this.expect('(');
    const value = read();
    this.expect(')');
    return value;
  }

  /** `map[string]string{…}` or `map[string]types.AttributeValue{…}`; `map` arrives as a word, then `[string]T`. */
  private map(): Record<string, unknown> {
    this.expect('[');
    this.word();
    this.expect(']');
    const valueType = this.word();
    const read = valueType === 'string' ? () => this.text() : () => this.attributeValue();
    return Object.fromEntries(
      this.elements(() => {
        const key = this.text();
        this.expect(':');
        return [key, read()];
      }),
    );
  }

  private attributeValue(): Record<string, unknown> {
    this.expect('&');
    const type = /^types\.AttributeValueMember(\w+)$/.exec(this.word())?.[1];
    if (type === undefined) throw new Error('expected an AttributeValueMember');
    this.expect('{');
    if (this.word() !== 'Value') throw new Error('expected Value:');
    this.expect(':');
    const value = this.memberValue(type);
    this.expect('}');
    return { [type]: value };
  }

  private bytes(): string {
    this.expect('[');
    this.expect(']');
    if (this.word() !== 'byte') throw new Error('expected []byte');
    return Buffer.from(this.call(() => this.string())).toString('base64');
  }

  private memberValue(type: string): unknown {
    switch (type) {
      case 'S':
      case 'N':
        return this.text();
      case 'B':
        return this.bytes();
      case 'BOOL':
      case 'NULL':
        return this.word() === 'true';
      case 'M':
        if (this.word() !== 'map') throw new Error('expected map');
        return this.map();
      default: {
        // []types.AttributeValue{…}, []string{…} or [][]byte{…}
        this.expect('[');
        this.expect(']');
        if (type === 'BS') {
          this.expect('[');
          this.expect(']');
          this.word();
          return this.elements(() => this.bytes());
        }
        this.word();
        return type === 'L' ? this.elements(() => this.attributeValue()) : this.elements(() => this.text());
      }
    }
  }
}

/** The operation and the request of `client.X(context.TODO(), &dynamodb.XInput{…})`, in wire form. */
export function readGoRequest(program: string): { method: string; operation: string; params: Record<string, unknown> } {
  const call = /client\.(\w+)\(context\.TODO\(\), (&dynamodb\.[\s\S]*?\n\t\}\))\n/.exec(program);
  if (call === null) throw new Error('no client call found');
  const tokens = tokenize(call[2]!.slice(0, -1));
  return { method: call[1]!, ...new Reader(tokens).input() };
}
