/**
 * The tokenizer. It scans one token at a time on demand (no token array, no
 * regular expressions) so that parsing a short key condition allocates almost
 * nothing. DynamoDB mode reads exactly DynamoDB's token set; friendly mode adds
 * literals (strings, decimals, `<<sets>>`, `b64"..."`, `{maps}`) and `backquoted` names.
 */
import { isDigit, isIdentifierPart, isLetter } from './names.js';

export const Tok = {
  EOF: 0,
  Ident: 1,
  NamePlaceholder: 2,
  ValuePlaceholder: 3,
  Number: 4,
  LParen: 5,
  RParen: 6,
  LBracket: 7,
  RBracket: 8,
  Comma: 9,
  Dot: 10,
  Eq: 11,
  Ne: 12,
  Lt: 13,
  Le: 14,
  Gt: 15,
  Ge: 16,
  Plus: 17,
  Minus: 18,
  /** Any character DynamoDB has no token for; it is a token of its own. */
  Unknown: 19,
  // Friendly mode only:
  String: 20,
  QuotedName: 21,
  LBrace: 22,
  RBrace: 23,
  Colon: 24,
  SetOpen: 25,
  SetClose: 26,
  Binary: 27,
} as const;
export type TokenKind = (typeof Tok)[keyof typeof Tok];

export class Lexer {
  kind: TokenKind = Tok.EOF;
  start = 0;
  end = 0;

  constructor(
    readonly text: string,
    readonly friendly: boolean,
  ) {}

  /** Scans the token at or after `from` into kind/start/end. */
  scan(from: number): void {
    const text = this.text;
    let pos = from;
    while (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
    this.start = pos;
    if (pos >= text.length) {
      this.set(Tok.EOF, text.length);
      return;
    }
    const code = text.charCodeAt(pos);
    if (isLetter(code)) {
      if (this.friendly && code === 98 && text.startsWith('64"', pos + 1)) {
        this.set(Tok.Binary, quotedEnd(text, pos + 4, 34));
        return;
      }
      let end = pos + 1;
      while (end < text.length && isIdentifierPart(text.charCodeAt(end))) end++;
      this.set(Tok.Ident, end);
      return;
    }
    if (isDigit(code)) {
      this.set(Tok.Number, this.friendly ? decimalEnd(text, pos) : integerEnd(text, pos));
      return;
    }
    switch (code) {
      case 35: // #
      case 58: {
        // :
        let end = pos + 1;
        while (end < text.length && isIdentifierPart(text.charCodeAt(end))) end++;
        if (end > pos + 1) this.set(code === 35 ? Tok.NamePlaceholder : Tok.ValuePlaceholder, end);
        else this.set(code === 58 && this.friendly ? Tok.Colon : Tok.Unknown, end);
        return;
      }
      case 40:
        return this.set(Tok.LParen, pos + 1);
      case 41:
        return this.set(Tok.RParen, pos + 1);
      case 91:
        return this.set(Tok.LBracket, pos + 1);
      case 93:
        return this.set(Tok.RBracket, pos + 1);
      case 44:
        return this.set(Tok.Comma, pos + 1);
      case 46:
        return this.set(Tok.Dot, pos + 1);
      case 61:
        return this.set(Tok.Eq, pos + 1);
      case 43:
        return this.set(Tok.Plus, pos + 1);
      case 45:
        return this.set(Tok.Minus, pos + 1);
      case 60: {
        // <
        const next = text.charCodeAt(pos + 1);
        if (next === 62) return this.set(Tok.Ne, pos + 2);
        if (next === 61) return this.set(Tok.Le, pos + 2);
        if (next === 60 && this.friendly) return this.set(Tok.SetOpen, pos + 2);
        return this.set(Tok.Lt, pos + 1);
      }
      case 62: {
        // >
        const next = text.charCodeAt(pos + 1);
        if (next === 61) return this.set(Tok.Ge, pos + 2);
        if (next === 62 && this.friendly) return this.set(Tok.SetClose, pos + 2);
        return this.set(Tok.Gt, pos + 1);
      }
    }
    if (this.friendly) {
      if (code === 34) return this.set(Tok.String, quotedEnd(text, pos + 1, 34));
      if (code === 96) return this.set(Tok.QuotedName, quotedEnd(text, pos + 1, 96));
      if (code === 123) return this.set(Tok.LBrace, pos + 1);
      if (code === 125) return this.set(Tok.RBrace, pos + 1);
    }
    // One unknown UTF-16 unit: DynamoDB splits a surrogate pair into two tokens.
    this.set(Tok.Unknown, pos + 1);
  }

  private set(kind: TokenKind, end: number): void {
    this.kind = kind;
    this.end = end;
  }
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** DynamoDB reads `0` or a digit run not starting with 0, so `01` is two tokens. */
function integerEnd(text: string, pos: number): number {
  if (text.charCodeAt(pos) === 48) return pos + 1;
  let end = pos + 1;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** Friendly decimals: `12`, `1.5`, `1e-7`, `2.5E+10`. */
function decimalEnd(text: string, pos: number): number {
  let end = digitsEnd(text, pos);
  if (text.charCodeAt(end) === 46 && isDigit(text.charCodeAt(end + 1))) end = digitsEnd(text, end + 1);
  const e = text.charCodeAt(end);
  if (e === 101 || e === 69) {
    let exp = end + 1;
    const sign = text.charCodeAt(exp);
    if (sign === 43 || sign === 45) exp++;
    if (isDigit(text.charCodeAt(exp))) end = digitsEnd(text, exp);
  }
  return end;
}

function digitsEnd(text: string, pos: number): number {
  let end = pos;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** End of a quoted run with backslash escapes; the whole rest of the text if unterminated. */
function quotedEnd(text: string, pos: number, quote: number): number {
  let end = pos;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (code === 92) end += 2;
    else if (code === quote) return end + 1;
    else end++;
  }
  return text.length;
}
