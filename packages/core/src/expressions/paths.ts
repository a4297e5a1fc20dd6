/** Document paths: `a.b[0].#c`, with names resolved and checked as DynamoDB does. */
import type { PathElement, PathNode } from './ast.js';
import { MAX_LIST_INDEX, MAX_PATH_DEPTH, messages } from './messages.js';
import { isRejectedBareName } from './names.js';
import { Phase } from './parser.js';
import type { Parser } from './parser.js';
import { Tok } from './tokens.js';
import { unquote } from './literals.js';

/** True if the current token can begin a path. */
export function atPathStart(p: Parser): boolean {
  return p.tok === Tok.Ident || p.tok === Tok.NamePlaceholder || (p.friendly && p.tok === Tok.QuotedName);
}

/** Parses a whole path starting at the current token. */
export function parsePath(p: Parser): PathNode {
  const start = p.start;
  const first = pathName(p, false);
  return parsePathRest(p, first, start);
}

/** Parses the rest of a path whose first name (beginning at `start`) was already read. */
export function parsePathRest(p: Parser, first: string, start: number): PathNode {
  const elements: PathElement[] = [{ type: 'name', name: first }];
  for (;;) {
    if (p.tok === Tok.Dot) {
      p.advance();
      elements.push({ type: 'name', name: pathName(p, true) });
    } else if (p.tok === Tok.LBracket) {
      p.advance();
      elements.push({ type: 'index', index: listIndex(p) });
      p.expect(Tok.RBracket);
    } else break;
  }
  if (elements.length > MAX_PATH_DEPTH) {
    const message = messages.pathDepth(elements.length);
    if (p.targetIndex >= 0) p.deferOnTarget(p.targetIndex, 1, message, start, p.prevEnd);
    else p.defer(Phase.Operands, message, start, p.prevEnd);
  }
  return { kind: 'path', elements };
}

/** One name of a path: a bare name, `#placeholder`, or (friendly) a `quoted name`. */
function pathName(p: Parser, afterDot: boolean): string {
  const { start, end } = p;
  if (p.tok === Tok.Ident) {
    if (p.atGrammarKeyword()) p.syntaxError();
    const name = p.tokenText();
    if (!p.friendly && isRejectedBareName(name)) p.defer(Phase.Walk, messages.reserved(name), start, end);
    p.advance();
    return name;
  }
  // DynamoDB looks `:x` up as a name too when it follows a dot (and never finds it).
  if (p.tok === Tok.NamePlaceholder || (afterDot && p.tok === Tok.ValuePlaceholder)) {
    const name = p.resolveName(p.tokenText(), start, end);
    p.advance();
    return name;
  }
  if (p.friendly && p.tok === Tok.QuotedName) {
    const name = unquote(p, start, end);
    p.advance();
    return name;
  }
  return p.syntaxError();
}

function listIndex(p: Parser): number {
  if (p.tok !== Tok.Number) p.syntaxError();
  const digits = p.tokenText();
  for (let i = 0; i < digits.length; i++) {
    const code = digits.charCodeAt(i);
    if (code < 48 || code > 57) p.syntaxError();
  }
  const index = Number(digits);
  if (index > MAX_LIST_INDEX) p.defer(Phase.Walk, messages.listIndex(digits), p.start, p.end);
  p.advance();
  return index;
}
