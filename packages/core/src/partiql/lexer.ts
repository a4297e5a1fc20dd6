/**
 * PartiQL text -> tokens. Words (keywords and bare names) keep their text;
 * quoted names and strings are unescaped (`""` and `''`), Ion literals
 * (in backticks) kept as written; comments (`--` to
 * the end of the line, `/* … *\/`) are skipped. Each token knows its line and
 * column, which some of DynamoDB's messages quote as `at LINE:COLUMN:LENGTH`.
 */
import { malformed } from './messages.js';

type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'ion' | 'symbol' | 'end';

export interface Token {
  kind: TokenKind;
  /** The word or symbol as written; the unescaped content of a quoted name or string; an Ion literal's text between its backticks. */
  text: string;
  offset: number;
  /** Length in the statement's text. */
  length: number;
  line: number;
  column: number;
}

const SYMBOLS = ['<<', '>>', '<=', '>=', '<>', '!=', '||', '*', ',', '.', '(', ')', '[', ']', '{', '}', ':', ';', '?', '=', '<', '>', '+', '-', '/', '%'];

function isWordStart(c: string): boolean {
  return /[A-Za-z_$]/.test(c);
}

function isWordPart(c: string): boolean {
  return /[A-Za-z0-9_$]/.test(c);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

export function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const push = (kind: TokenKind, text: string, start: number) => {
    tokens.push({ kind, text, offset: start, length: i - start, line, column: start - lineStart + 1 });
  };
  while (i < statement.length) {
    const c = statement[i]!;
    const start = i;
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
    } else if (/\s/.test(c)) i++;
    else if (statement.startsWith('--', i)) {
      while (i < statement.length && statement[i] !== '\n') i++;
    } else if (statement.startsWith('/*', i)) {
      const end = statement.indexOf('*/', i + 2);
      if (end < 0) throw malformed(statement);
      for (; i < end + 2; i++) {
        if (statement[i] === '\n') {
          line++;
          lineStart = i + 1;
        }
      }
    } else if (c === "'" || c === '"') {
      const text = quoted(statement, i, c);
      i = text.end;
      push(c === "'" ? 'string' : 'quoted', text.value, start);
    } else if (c === '`') {
      const end = statement.indexOf('`', i + 1);
      if (end < 0) throw malformed(statement);
      i = end + 1;
      push('ion', statement.slice(start + 1, end), start);
    } else if (isDigit(c) || (c === '.' && isDigit(statement[i + 1]))) {
      i = numberEnd(statement, i);
      push('number', statement.slice(start, i), start);
    } else if (isWordStart(c)) {
      while (i < statement.length && isWordPart(statement[i]!)) i++;
      push('word', statement.slice(start, i), start);
    } else {
      const symbol = SYMBOLS.find((s) => statement.startsWith(s, i));
      if (symbol === undefined) throw malformed(statement);
      i += symbol.length;
      push('symbol', symbol, start);
    }
  }
  tokens.push({ kind: 'end', text: '', offset: i, length: 0, line, column: i - lineStart + 1 });
  return tokens;
}

/** A quoted string or name; the quote doubled stands for itself. */
function quoted(statement: string, start: number, quote: string): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  for (;;) {
    const next = statement.indexOf(quote, i);
    if (next < 0) throw malformed(statement);
    value += statement.slice(i, next);
    if (statement[next + 1] === quote) {
      value += quote;
      i = next + 2;
    } else return { value, end: next + 1 };
  }
}

/** Digits, an optional fraction and an optional exponent (`1`, `1.5`, `.5`, `5.`, `1e3`). */
function numberEnd(statement: string, start: number): number {
  let i = start;
  while (isDigit(statement[i])) i++;
  if (statement[i] === '.') {
    i++;
    while (isDigit(statement[i])) i++;
  }
  if (statement[i] === 'e' || statement[i] === 'E') {
    let j = i + 1;
    if (statement[j] === '+' || statement[j] === '-') j++;
    if (isDigit(statement[j])) {
      while (isDigit(statement[j])) j++;
      i = j;
    }
  }
  return i;
}
