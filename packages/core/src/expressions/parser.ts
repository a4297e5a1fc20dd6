/**
 * The parser's cursor and error machinery, shared by the grammar files
 * (paths, operands, conditions, update, projection).
 *
 * DynamoDB reports a syntax error first; only a text that parses gets a semantic
 * error. So semantic problems found while parsing are deferred: each has a phase,
 * and after a successful parse the earliest-phase (then leftmost) one is thrown.
 */
import { DynamoError } from '../errors.js';
import type { ErrorLocation } from '../errors.js';
import type { AttributeValue } from '../values/types.js';
import type { ExpressionAttributes, ExpressionKind } from './ast.js';
import { MAX_EXPRESSION_NESTING, MAX_LITERAL_NESTING, MAX_OPERATORS, REDUNDANT_PARENTHESES, invalid, messages } from './messages.js';
import { Lexer, Tok } from './tokens.js';
import type { TokenKind } from './tokens.js';

/**
 * Deferred-error phases, in the order DynamoDB (Local) reports them whatever
 * their place in the text. Within one phase the error that starts first in the
 * text wins, which is how DynamoDB's walks over the tree meet them.
 */
export const Phase = {
  /** Redundant parentheses. */
  Structure: 0,
  /**
   * Unknown function names, functions where they may not stand (list_append
   * beside `+` / `-` too), reserved words, list index range, an update
   * section used twice.
   */
  Walk: 1,
  /**
   * Update targets and projected paths, which DynamoDB reads last to first:
   * an undefined `#name`, too deep a path, paths that overlap or conflict.
   */
  Targets: 2,
  Arity: 5,
  /**
   * Everything about operands: kinds and types, distinct operands, BETWEEN
   * bounds, IN size, undefined placeholders, path depth, ADD/DELETE value types.
   */
  Operands: 6,
  /** The operator limit is checked last. */
  OperatorCount: 7,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

/** Which placeholders a request's expressions used, for the unused-placeholder check. */
export interface PlaceholderUsage {
  names: Set<string>;
  values: Set<string>;
}

export interface ParserOptions {
  kind: ExpressionKind;
  /** Friendly text: raw names, literal values, no reserved-word check. */
  friendly?: boolean;
  attributes?: ExpressionAttributes | undefined;
  usage?: PlaceholderUsage | undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Stands in for an undefined `:value` until its error is thrown; it has no
 * type, so no type check reports it first.
 */
const MISSING_VALUE: AttributeValue = Object.freeze({ NULL: true as const });

export function isMissingValue(value: AttributeValue): boolean {
  return value === MISSING_VALUE;
}

export class Parser {
  readonly text: string;
  readonly kind: ExpressionKind;
  readonly friendly: boolean;
  private readonly lexer: Lexer;
  private readonly names: Record<string, string> | undefined;
  private readonly values: Record<string, AttributeValue> | undefined;
  private readonly usage: PlaceholderUsage | undefined;

  /** The current token. */
  tok: TokenKind = Tok.EOF;
  start = 0;
  end = 0;
  /** Start of the previous token, -1 before the first. */
  private prevStart = -1;
  /** End of the previous token: where the text consumed so far ends. */
  prevEnd = 0;

  /** Where the operand parsed last began and ended (set by parseOperand). */
  operandStart = 0;
  operandEnd = 0;

  private operators = 0;
  private pendingPhase = 99;
  private pendingOrder = 0;
  /** Index of the update action being parsed (DynamoDB checks later actions' operands first). */
  actionIndex = 0;
  private pending: DynamoError | undefined;
  /** Index of the update target or projected path being parsed, -1 elsewhere (see Phase.Targets). */
  targetIndex = -1;
  private parenthesized: Set<object> | undefined;
  /** Open nesting levels (parentheses, NOT, calls, arithmetic) and literal containers. */
  private depth = 0;
  private literalDepth = 0;

  constructor(text: string, options: ParserOptions) {
    this.text = text;
    this.kind = options.kind;
    this.friendly = options.friendly ?? false;
    this.lexer = new Lexer(text, this.friendly);
    this.names = options.attributes?.names;
    this.values = options.attributes?.values;
    this.usage = options.usage;
    this.lexer.scan(0);
    this.load();
  }

  advance(): void {
    this.prevStart = this.start;
    this.prevEnd = this.end;
    this.lexer.scan(this.end);
    this.load();
  }

  private load(): void {
    this.tok = this.lexer.kind;
    this.start = this.lexer.start;
    this.end = this.lexer.end;
  }

  /** `tok === kind`, as a call so TypeScript does not keep a stale narrowing across advance(). */
  at(kind: TokenKind): boolean {
    return this.tok === kind;
  }

  tokenText(): string {
    return this.text.slice(this.start, this.end);
  }

  /** Is the current token the bare word `word` (given in upper case), ignoring case? */
  isKeyword(word: string): boolean {
    if (this.tok !== Tok.Ident || this.end - this.start !== word.length) return false;
    for (let i = 0; i < word.length; i++) {
      if ((this.text.charCodeAt(this.start + i) & ~32) !== word.charCodeAt(i)) return false;
    }
    return true;
  }

  /**
   * Is the current token one of the grammar's keywords? DynamoDB never reads
   * these as names, in any expression kind, not even after a dot.
   */
  atGrammarKeyword(): boolean {
    if (this.tok !== Tok.Ident) return false;
    switch (this.end - this.start) {
      case 2:
        return this.isKeyword('OR') || this.isKeyword('IN');
      case 3:
        return this.isKeyword('AND') || this.isKeyword('NOT') || this.isKeyword('SET') || this.isKeyword('ADD');
      case 6:
        return this.isKeyword('REMOVE') || this.isKeyword('DELETE');
      case 7:
        return this.isKeyword('BETWEEN');
      default:
        return false;
    }
  }

  expect(kind: TokenKind): void {
    if (this.tok !== kind) this.syntaxError();
    this.advance();
  }

  /**
   * Throws DynamoDB's syntax error for the current token. `near` runs from the
   * previous token (or the start of the text) to the end of the next one, as
   * DynamoDB quotes it.
   */
  syntaxError(): never {
    // DynamoDB reports redundant parentheses as soon as their closing one is
    // read, so a syntax error further on comes second.
    if (this.pending !== undefined && this.pendingPhase === Phase.Structure) throw this.pending;
    // Half of a surrogate pair is quoted as it is, unpaired, as DynamoDB does.
    const token = this.tok === Tok.EOF ? '<EOF>' : this.tokenText();
    let nearEnd = this.text.length;
    if (this.tok !== Tok.EOF) {
      this.lexer.scan(this.end);
      nearEnd = this.lexer.end;
    }
    const near = this.text.slice(Math.max(this.prevStart, 0), nearEnd);
    throw this.error(messages.syntax(token, near), this.start, this.end);
  }

  error(message: string, start: number, end: number): DynamoError {
    return new DynamoError('ValidationException', invalid(this.kind, message), location(start, end));
  }

  /**
   * Records a semantic error to throw once the whole text has parsed. Within a
   * phase the error with the lowest `order` wins (see orderOf).
   */
  defer(phase: Phase, message: string, start: number, end: number, order = this.orderOf(phase, start, end)): void {
    if (phase < this.pendingPhase || (phase === this.pendingPhase && order < this.pendingOrder)) {
      this.pendingPhase = phase;
      this.pendingOrder = order;
      this.pending = this.error(message, start, end);
    }
  }

  /**
   * An error on the `index`th target path: later paths come first, and within
   * one path `step` orders name (0), depth (1), overlap (2).
   */
  deferOnTarget(index: number, step: number, message: string, start: number, end: number): void {
    this.defer(Phase.Targets, message, start, end, step - index * 4);
  }

  /**
   * Where an error stands in DynamoDB's walk: by start (pre-order) in most
   * phases; operand checks come after their children (by end, post-order),
   * and in an update the later actions first.
   */
  private orderOf(phase: Phase, start: number, end: number): number {
    if (phase !== Phase.Operands) return start;
    return end - this.actionIndex * 0x1000000;
  }

  /** Throws the deferred error, if any. Call once the text has parsed. */
  finish(): void {
    if (this.pending) throw this.pending;
  }

  /**
   * Enters one nesting level (a parenthesis, NOT, a call's arguments). Beyond
   * MAX_EXPRESSION_NESTING the text cannot be valid; it is refused there,
   * before the recursion could reach the stack's limit.
   */
  enter(): void {
    if (++this.depth > MAX_EXPRESSION_NESTING) this.tooDeep();
  }

  leave(): void {
    this.depth--;
  }

  /** Enters one list, map or set of a friendly literal (DynamoDB's value nesting limit). */
  enterLiteral(): void {
    if (++this.literalDepth > MAX_LITERAL_NESTING) throw this.error(messages.literalTooDeep(), this.start, this.end);
  }

  leaveLiteral(): void {
    this.literalDepth--;
  }

  /**
   * Too deep to parse further. Friendly text says so. A DynamoDB expression gets
   * DynamoDB's own answer, which nesting this deep always has: redundant
   * parentheses, unbalanced ones (a syntax error), or else more than 300
   * operators (see MAX_EXPRESSION_NESTING). The text is at most 4 KB, so
   * scanning its parentheses costs nothing.
   */
  private tooDeep(): never {
    if (this.friendly) throw this.error(messages.nestedTooDeeply(), this.start, this.end);
    if (this.pending !== undefined && this.pendingPhase === Phase.Structure) throw this.pending;
    const found = scanParentheses(this.text);
    if (found.redundant !== undefined) throw this.error(REDUNDANT_PARENTHESES, found.redundant.start, found.redundant.end);
    if (found.unbalanced !== undefined) {
      const { tokenStart, tokenEnd, nearStart, nearEnd } = found.unbalanced;
      const token = tokenStart === tokenEnd ? '<EOF>' : this.text.slice(tokenStart, tokenEnd);
      throw this.error(messages.syntax(token, this.text.slice(nearStart, nearEnd)), tokenStart, tokenEnd);
    }
    throw this.error(messages.tooManyOperators(MAX_OPERATORS + 1), this.start, this.end);
  }

  /** Counts one operator or function toward DynamoDB's limit of 300. */
  countOperator(start: number, end: number): void {
    this.operators++;
    if (this.operators === MAX_OPERATORS + 1) {
      this.defer(Phase.OperatorCount, messages.tooManyOperators(this.operators), start, end);
    }
  }

  /** Notes that `node` was written in parentheses; twice is DynamoDB's "redundant parentheses". */
  markParenthesized(node: object, start: number, end: number): void {
    this.parenthesized ??= new Set();
    if (this.parenthesized.has(node)) this.defer(Phase.Structure, 'The expression has redundant parentheses;', start, end);
    else this.parenthesized.add(node);
  }

  resolveName(key: string, start: number, end: number): string {
    this.usage?.names.add(key);
    if (this.names && hasOwn.call(this.names, key)) return this.names[key] as string;
    if (this.targetIndex >= 0) this.deferOnTarget(this.targetIndex, 0, messages.undefinedName(key), start, end);
    else this.defer(Phase.Operands, messages.undefinedName(key), start, end);
    return key;
  }

  resolveValue(key: string, start: number, end: number): AttributeValue {
    this.usage?.values.add(key);
    if (this.values && hasOwn.call(this.values, key)) return this.values[key] as AttributeValue;
    this.defer(Phase.Operands, messages.undefinedValue(key), start, end);
    return MISSING_VALUE;
  }
}

interface ParenthesesScan {
  /** The outer pair of the first redundant pair of parentheses to close. */
  redundant?: { start: number; end: number };
  /** The first parenthesis without a partner: a `)` too many, or the end of a text with `(` left open. */
  unbalanced?: { tokenStart: number; tokenEnd: number; nearStart: number; nearEnd: number };
}

/**
 * Walks the tokens of a DynamoDB expression without recursion, pairing its
 * parentheses. A pair is redundant when it holds exactly one other pair and
 * nothing else; the parentheses of a call or an IN list (after a name) are not
 * a group of their own.
 */
function scanParentheses(text: string): ParenthesesScan {
  const lexer = new Lexer(text, false);
  // Open groups: the index of their `(` token and whether it follows a name.
  const open: number[] = [];
  const starts: number[] = [];
  const kinds: TokenKind[] = [];
  const afterName: boolean[] = [];
  const partner: number[] = [];
  for (let pos = 0; ; ) {
    lexer.scan(pos);
    const index = kinds.length;
    kinds.push(lexer.kind);
    starts.push(lexer.start);
    afterName.push(index > 0 && kinds[index - 1] === Tok.Ident);
    partner.push(-1);
    if (lexer.kind === Tok.EOF) break;
    if (lexer.kind === Tok.LParen) open.push(index);
    else if (lexer.kind === Tok.RParen) {
      const opening = open.pop();
      if (opening === undefined) {
        lexer.scan(lexer.end);
        const nearStart = index > 0 ? starts[index - 1]! : 0;
        return { unbalanced: { tokenStart: starts[index]!, tokenEnd: starts[index]! + 1, nearStart, nearEnd: lexer.end } };
      }
      partner[opening] = index;
      partner[index] = opening;
      // `( ( ... ) )`: this `)` closes a group whose only content is the group just before it.
      const inner = index - 1;
      if (kinds[inner] === Tok.RParen && partner[inner] === opening + 1 && !afterName[opening] && !afterName[opening + 1]) {
        return { redundant: { start: starts[opening]!, end: starts[index]! + 1 } };
      }
    }
    pos = lexer.end;
  }
  if (open.length > 0) {
    const last = kinds.length - 1;
    return { unbalanced: { tokenStart: text.length, tokenEnd: text.length, nearStart: last > 0 ? starts[last - 1]! : 0, nearEnd: text.length } };
  }
  return {};
}

export function location(start: number, end: number): ErrorLocation {
  return { offset: start, length: end - start };
}

