/**
 * Literal values in friendly text:
 *   "text" (JSON escapes)   12, -1.5e3 (kept exactly as written)   true  false  null
 *   [1, "a"] (list)   {"k": v} (map)   <<"a", "b">> / <<1, 2>> / <<b64"AQ==">> (sets)   b64"AQI=" (binary)
 */
import { DynamoError } from '../errors.js';
import { decodeBase64 } from '../values/base64.js';
import { parseNumber } from '../values/number.js';
import type { AttributeValue } from '../values/types.js';
import { location } from './parser.js';
import type { Parser } from './parser.js';
import { Tok } from './tokens.js';

/** True if the current token begins a friendly literal. */
export function atLiteral(p: Parser): boolean {
  switch (p.tok) {
    case Tok.String:
    case Tok.Number:
    case Tok.Binary:
    case Tok.LBracket:
    case Tok.LBrace:
    case Tok.SetOpen:
      return true;
    case Tok.Minus:
      return true;
    case Tok.Ident:
      return p.isKeyword('TRUE') || p.isKeyword('FALSE') || p.isKeyword('NULL');
    default:
      return false;
  }
}

export function parseLiteral(p: Parser): AttributeValue {
  const { start, end } = p;
  switch (p.tok) {
    case Tok.String: {
      const S = unquote(p, start, end);
      p.advance();
      return { S };
    }
    case Tok.Minus:
    case Tok.Number:
      return { N: parseFriendlyNumber(p) };
    case Tok.Binary: {
      const B = decodeBinary(p, unquote(p, start + 3, end), start, end);
      p.advance();
      return { B };
    }
    case Tok.LBracket:
    case Tok.LBrace:
    case Tok.SetOpen: {
      p.enterLiteral();
      const value = p.tok === Tok.LBracket ? { L: parseList(p) } : p.tok === Tok.LBrace ? { M: parseMap(p) } : parseSet(p);
      p.leaveLiteral();
      return value;
    }
    case Tok.Ident:
      if (p.isKeyword('NULL')) {
        p.advance();
        return { NULL: true };
      }
      if (p.isKeyword('TRUE') || p.isKeyword('FALSE')) {
        const BOOL = p.isKeyword('TRUE');
        p.advance();
        return { BOOL };
      }
  }
  return p.syntaxError();
}

function parseFriendlyNumber(p: Parser): string {
  const start = p.start;
  let sign = '';
  if (p.tok === Tok.Minus) {
    sign = '-';
    p.advance();
  }
  if (p.tok !== Tok.Number) p.syntaxError();
  const text = sign + p.tokenText();
  try {
    parseNumber(text);
  } catch (error) {
    if (error instanceof DynamoError) throw p.error(error.message, start, p.end);
    throw error;
  }
  p.advance();
  return text;
}

function parseList(p: Parser): AttributeValue[] {
  p.advance();
  const items: AttributeValue[] = [];
  while (p.tok !== Tok.RBracket) {
    items.push(parseLiteral(p));
    if (!p.at(Tok.Comma)) break;
    p.advance();
  }
  p.expect(Tok.RBracket);
  return items;
}

function parseMap(p: Parser): Record<string, AttributeValue> {
  p.advance();
  const map: Record<string, AttributeValue> = {};
  while (p.tok !== Tok.RBrace) {
    if (p.tok !== Tok.String) p.syntaxError();
    const key = unquote(p, p.start, p.end);
    p.advance();
    p.expect(Tok.Colon);
    Object.defineProperty(map, key, { value: parseLiteral(p), enumerable: true, writable: true, configurable: true });
    if (!p.at(Tok.Comma)) break;
    p.advance();
  }
  p.expect(Tok.RBrace);
  return map;
}

/** A set takes its type from its members: all strings, all numbers or all binaries. */
function parseSet(p: Parser): AttributeValue {
  const start = p.start;
  p.advance();
  const members: AttributeValue[] = [];
  while (p.tok !== Tok.SetClose) {
    members.push(parseLiteral(p));
    if (!p.at(Tok.Comma)) break;
    p.advance();
  }
  const end = p.end;
  p.expect(Tok.SetClose);
  if (members.length === 0) throw p.error('A set literal needs at least one member', start, end);
  if (members.every((m) => 'S' in m)) return { SS: members.map((m) => (m as { S: string }).S) };
  if (members.every((m) => 'N' in m)) return { NS: members.map((m) => (m as { N: string }).N) };
  if (members.every((m) => 'B' in m)) return { BS: members.map((m) => (m as { B: Uint8Array }).B) };
  throw p.error('A set literal holds only strings, only numbers or only binaries', start, end);
}

/** The text between the quotes of a token spanning `start..end`, escapes resolved. */
export function unquote(p: Parser, start: number, end: number): string {
  const text = p.text;
  const quote = text.charCodeAt(start);
  if (end - start < 2 || text.charCodeAt(end - 1) !== quote || isEscaped(text, end - 1, start)) {
    throw new DynamoError('ValidationException', `Invalid ${p.kind}: Unterminated quoted text`, location(start, end));
  }
  let out = '';
  let i = start + 1;
  while (i < end - 1) {
    const code = text.charCodeAt(i);
    if (code !== 92) {
      out += text[i];
      i++;
      continue;
    }
    const next = text[i + 1];
    switch (next) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw p.error(`Invalid escape \\u${hex}`, i, i + 6);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
        continue;
      }
      default:
        out += next;
    }
    i += 2;
  }
  return out;
}

function isEscaped(text: string, index: number, from: number): boolean {
  let backslashes = 0;
  for (let i = index - 1; i > from && text.charCodeAt(i) === 92; i--) backslashes++;
  return backslashes % 2 === 1;
}

function decodeBinary(p: Parser, text: string, start: number, end: number): Uint8Array {
  const bytes = decodeBase64(text);
  if (bytes === undefined) throw p.error('Invalid base64 in binary literal', start, end);
  return bytes;
}
