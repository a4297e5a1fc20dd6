/**
 * PartiQL text -> Statement, by recursive descent over the lexer's tokens.
 * Every refusal is DynamoDB's ValidationException with DynamoDB Local's
 * message: a syntax error quotes the statement, the rest name what is wrong
 * (an unknown function, a clause DynamoDB does not support, a bad literal).
 * Checks that need the table's key schema are the planner's.
 *
 * DynamoDB parses the whole statement before it validates the tree, so a
 * syntax error anywhere wins over any other refusal; then the tree's checks
 * run in order, children before their parent. Errors found at a leaf (an
 * unknown function) are thrown where they are met; those that belong to a
 * node (an Ion literal, a non-path in the SELECT list, a bare value where a
 * condition belongs) are deferred, and the first deferred one is answered
 * once the statement has parsed, unless a later leaf error reached first.
 */
import type { PathElement, PathNode } from '../expressions/ast.js';
import { messages as expressionMessages } from '../expressions/messages.js';
import type { DynamoError } from '../errors.js';
import type {
  PqlCall,
  PqlComparator,
  PqlCondition,
  PqlFunctionName,
  PqlMap,
  PqlOperand,
  PqlOrderBy,
  PqlReturning,
  PqlScalar,
  PqlTarget,
  PqlUpdateClause,
  PqlValue,
  Statement,
} from './ast.js';
import { ionLiteralType } from './ion-literal.js';
import { isCheckedType, REFUSED_IS_TYPES, SIZED_IS_TYPES } from './is-types.js';
import { isPartiqlKeyword } from './keywords.js';
import { tokenize, type Token } from './lexer.js';
import { numberLiteral, setValue } from './literals.js';
import { at, malformed, partiqlError, partiqlMessages as m } from './messages.js';
import { FUNCTION_ARITY, isConditionFunction, isUpdateFunction } from './functions.js';

/** A value standing where a condition belongs: refused by what holds it (`size(x)` is a number, the rest plain values). */
type BareOperand = 'N' | 'value';

/** Refusals of a clause DynamoDB does not support come before the tree's other checks. */
function isClauseRefusal(error: DynamoError): boolean {
  const message = error.message;
  return message.startsWith('Unsupported clause: ') || message === m.aliasing || message.startsWith('Unsupported format in item expression');
}

/** A list index is a Java int. */
const MAX_LIST_INDEX = 2 ** 31 - 1;

const COMPARATORS: Record<string, PqlComparator> = { '=': '=', '<>': '<>', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** Parses one statement; throws DynamoDB's ValidationException when DynamoDB would refuse it. */
export function parseStatement(statement: string): Statement {
  return new Parser(statement).statement();
}

class Parser {
  private readonly tokens: Token[];
  private position = 0;
  private parameters = 0;
  /** The first refusal found at a node, answered when the statement has parsed. */
  private deferred: DynamoError | undefined;
  /** Conditions that are only a value (`WHERE x`): always refused by what holds them. */
  private readonly bare = new WeakMap<PqlCondition, BareOperand>();

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
  }

  statement(): Statement {
    let result: Statement;
    try {
      if (this.isWord('select')) result = this.select();
      else if (this.isWord('insert')) result = this.insert();
      else if (this.isWord('update')) result = this.update();
      else if (this.isWord('delete')) result = this.remove();
      else throw partiqlError(m.unsupportedOperation(this.expressionStatement()));
      this.acceptSymbol(';');
      if (this.peek().kind !== 'end') throw this.malformed();
    } catch (error) {
      const syntax = error instanceof Error && error.message.startsWith("Statement wasn't well formed");
      if (this.deferred !== undefined && !syntax && !isClauseRefusal(error as DynamoError)) throw this.deferred;
      throw error;
    }
    if (this.deferred !== undefined) throw this.deferred;
    return result;
  }

  /**
   * A statement that is only an expression (`foo`, `foo.bar`, `'a'`): DynamoDB
   * parses it and refuses it by the expression's kind. Returns that kind.
   */
  private expressionStatement(): string {
    if (this.acceptWord('exec')) {
      this.name();
      while (this.peek().kind !== 'end' && !this.isSymbol(';')) this.position++;
      return 'Exec';
    }
    let kind: string;
    if (this.acceptSymbol('(')) {
      kind = this.expressionStatement();
      this.expectSymbol(')');
    } else if (this.startsName()) kind = this.path().elements.length === 1 ? 'VariableReference' : 'Path';
    else if (['string', 'number'].includes(this.peek().kind) || this.isWord('true') || this.isWord('false') || this.isWord('null')) {
      this.position++;
      kind = 'Literal';
    } else throw this.malformed();
    if (!this.isSymbol(';') && !this.isSymbol(')') && this.peek().kind !== 'end') throw this.malformed();
    return kind;
  }

  private defer(error: DynamoError): void {
    this.deferred ??= error;
  }

  private startsName(): boolean {
    const token = this.peek();
    return token.kind === 'quoted' || (token.kind === 'word' && !isPartiqlKeyword(token.text));
  }

  // --- statements ---

  private select(): Statement {
    this.expectWord('select');
    if (this.isWord('distinct')) throw partiqlError(m.unsupportedToken(this.peek().text));
    const projection = this.acceptSymbol('*') ? '*' : this.projection();
    this.expectWord('from');
    const target = this.target();
    this.refuseAliasOrLimit();
    const where = this.acceptWord('where') ? this.where() : undefined;
    let orderBy: PqlOrderBy[] | undefined;
    if (this.acceptWord('order')) {
      this.expectWord('by');
      orderBy = this.commaList(() => this.orderItem());
      if (where === undefined) throw partiqlError(m.orderByNeedsWhere);
    }
    return { kind: 'select', projection, target, where, orderBy };
  }

  private insert(): Statement {
    this.expectWord('insert');
    this.expectWord('into');
    const target = this.target();
    this.expectWord('value');
    const start = this.peek();
    const item = this.item();
    if (item.kind !== 'map') throw partiqlError(m.insertFormat(start));
    if (this.isWord('returning')) throw partiqlError(m.insertReturning);
    if (target.index !== undefined) throw partiqlError(m.singleTable);
    return { kind: 'insert', target, item };
  }

  private update(): Statement {
    this.expectWord('update');
    const target = this.target();
    const clauses: PqlUpdateClause[] = [];
    for (;;) {
      if (this.acceptWord('set')) clauses.push({ kind: 'set', assignments: this.commaList(() => this.assignment()) });
      // REMOVE takes one path; `REMOVE a REMOVE b` removes two.
      else if (this.acceptWord('remove')) clauses.push({ kind: 'remove', path: this.path() });
      else break;
    }
    if (clauses.length === 0) throw this.malformed();
    const where = this.acceptWord('where') ? this.where() : undefined;
    const returning = this.returning();
    if (target.index !== undefined) throw partiqlError(m.notOnIndex);
    return { kind: 'update', target, clauses, where, returning };
  }

  private remove(): Statement {
    this.expectWord('delete');
    this.expectWord('from');
    const target = this.target();
    const where = this.acceptWord('where') ? this.where() : undefined;
    const returning = this.returning();
    if (returning !== undefined && returning !== 'ALL OLD') throw partiqlError(m.deleteReturning(returning));
    if (target.index !== undefined) throw partiqlError(m.notOnIndex);
    return { kind: 'delete', target, where, returning };
  }

  private returning(): PqlReturning | undefined {
    if (!this.acceptWord('returning')) return undefined;
    const which = this.acceptWord('all') ? 'ALL' : this.acceptWord('modified') ? 'MODIFIED' : undefined;
    if (which === undefined) throw this.malformed();
    const image = this.acceptWord('old') ? 'OLD' : this.acceptWord('new') ? 'NEW' : undefined;
    if (image === undefined) throw this.malformed();
    if (this.isSymbol(';') || this.peek().kind === 'end') throw this.malformed();
    if (!this.acceptSymbol('*')) throw partiqlError(m.returningStar);
    return `${which} ${image}`;
  }

  private target(): PqlTarget {
    const table = this.name();
    if (!this.acceptSymbol('.')) return { table };
    return { table, index: this.name() };
  }

  /** After `FROM t`: an alias (`t x`, `t AS x`) or LIMIT, which DynamoDB refuses by name. */
  private refuseAliasOrLimit(): void {
    const next = this.peek();
    if (this.isWord('limit')) {
      this.position++;
      throw partiqlError(m.unsupportedClause('LIMIT', this.peek()));
    }
    if (this.isWord('as') || next.kind === 'quoted' || (next.kind === 'word' && !isPartiqlKeyword(next.text))) {
      throw partiqlError(m.aliasing);
    }
  }

  private orderItem(): PqlOrderBy {
    const path = this.path();
    const direction = this.acceptWord('asc') ? 'ASC' : this.acceptWord('desc') ? 'DESC' : undefined;
    return direction === undefined ? { path } : { path, direction };
  }

  private assignment(): { path: PathNode; value: PqlOperand } {
    const path = this.path();
    this.expectSymbol('=');
    const left = this.operand('update');
    const operator = this.peek().text;
    if (this.peek().kind === 'symbol' && (operator === '+' || operator === '-')) {
      this.position++;
      return { path, value: { kind: 'arithmetic', operator, left, right: this.operand('update') } };
    }
    return { path, value: left };
  }

  // --- projections and paths ---

  private projection(): PathNode[] {
    const paths = this.commaList(() => this.projectionItem());
    for (const [i, path] of paths.entries()) {
      for (const earlier of paths.slice(0, i)) {
        const shorter = Math.min(path.elements.length, earlier.elements.length);
        const prefix = JSON.stringify(path.elements.slice(0, shorter)) === JSON.stringify(earlier.elements.slice(0, shorter));
        if (!prefix) continue;
        const first = path.elements[0] as { name: string };
        // DynamoDB names the later path first.
        const message = path.elements.length === earlier.elements.length ? m.duplicateSelect(first.name) : expressionMessages.overlap(path, earlier);
        this.defer(partiqlError(message));
      }
    }
    return paths;
  }

  /**
   * One item of the SELECT list. Only paths are taken: anything else (`COUNT(*)`,
   * `size(x)`, a literal, `x + 1`) parses, and is refused at the first token
   * that is no path's.
   */
  private projectionItem(): PathNode {
    let path: PathNode = { kind: 'path', elements: [{ type: 'name', name: '' }] };
    if (this.startsName() && !this.isSymbolAt(1, '(')) path = this.path();
    else {
      this.defer(partiqlError(m.unexpectedPathComponent(this.peek())));
      this.skipOperand();
    }
    while (this.peek().kind === 'symbol' && ['+', '-', '*', '/', '%', '||'].includes(this.peek().text)) {
      this.defer(partiqlError(m.unexpectedPathComponent(this.peek())));
      this.position++;
      this.skipOperand();
    }
    return path;
  }

  /** Reads past an operand of any kind, a call's arguments whatever they are. */
  private skipOperand(): void {
    if (this.peek().kind === 'word' && this.isSymbolAt(1, '(')) {
      this.position += 2;
      for (let depth = 1; depth > 0; this.position++) {
        if (this.peek().kind === 'end') throw this.malformed();
        if (this.isSymbol('(')) depth++;
        else if (this.isSymbol(')')) depth--;
      }
    } else if (this.startsName()) this.path();
    else this.value();
  }

  private path(): PathNode {
    const elements: PathElement[] = [{ type: 'name', name: this.pathName() }];
    for (;;) {
      if (this.acceptSymbol('.')) {
        if (this.isSymbol('*')) throw partiqlError(m.hierarchy);
        elements.push({ type: 'name', name: this.pathName() });
      } else if (this.acceptSymbol('[')) {
        elements.push(this.bracketStep());
        this.expectSymbol(']');
      } else return { kind: 'path', elements };
    }
  }

  private bracketStep(): PathElement {
    const token = this.peek();
    if (token.kind === 'string') {
      this.position++;
      return { type: 'name', name: token.text };
    }
    if (token.kind === 'number' && /^\d+$/.test(token.text)) {
      if (Number(token.text) > MAX_LIST_INDEX) throw partiqlError(m.listIndexRange(token.text, token));
      this.position++;
      return { type: 'index', index: Number(token.text) };
    }
    if (this.isSymbol('-') && this.tokens[this.position + 1]?.kind === 'number') {
      const number = this.tokens[this.position + 1]!;
      throw partiqlError(m.listIndexRange(`-${number.text}`, number));
    }
    throw partiqlError(m.unexpectedPathComponent(token));
  }

  private pathName(): string {
    const name = this.name();
    if (name === '') throw partiqlError(m.emptyPathComponent);
    // DynamoDB hands names on as expression text: one starting like a placeholder is read as one.
    if (name.startsWith('#') || name.startsWith(':')) throw partiqlError(m.placeholderName(name));
    return name;
  }

  /** A bare name (not a keyword) or a double-quoted one. */
  private name(): string {
    const token = this.peek();
    if (token.kind === 'quoted' || (token.kind === 'word' && !isPartiqlKeyword(token.text))) {
      this.position++;
      return token.text;
    }
    throw this.malformed();
  }

  // --- conditions ---

  /** A WHERE clause: a condition, not a bare value. */
  private where(): PqlCondition {
    const where = this.condition();
    if (this.bare.has(where)) this.defer(partiqlError(m.whereBoolean));
    return where;
  }

  private condition(): PqlCondition {
    let left = this.conjunction();
    while (this.acceptWord('or')) left = this.logical('or', left, this.conjunction());
    return left;
  }

  private conjunction(): PqlCondition {
    let left = this.negation();
    while (this.acceptWord('and')) left = this.logical('and', left, this.negation());
    return left;
  }

  private logical(kind: 'and' | 'or', left: PqlCondition, right: PqlCondition): PqlCondition {
    for (const side of [left, right]) {
      const bare = this.bare.get(side);
      if (bare === 'value') this.defer(partiqlError(m.logicalArguments));
      if (bare === 'N') this.defer(partiqlError(m.operandType(kind.toUpperCase(), bare)));
    }
    return { kind, left, right };
  }

  private negation(): PqlCondition {
    if (this.acceptWord('not')) {
      const operand = this.negation();
      const bare = this.bare.get(operand);
      if (bare === 'value') this.defer(partiqlError(m.notArgument));
      if (bare === 'N') this.defer(partiqlError(m.operandType('NOT', bare)));
      return { kind: 'not', operand };
    }
    return this.predicate();
  }

  private predicate(): PqlCondition {
    if (this.acceptSymbol('(')) {
      const inner = this.condition();
      this.expectSymbol(')');
      return inner;
    }
    const operand = this.conditionOperand();
    const next = this.peek();
    const comparator = next.kind === 'symbol' ? COMPARATORS[next.text] : undefined;
    if (comparator !== undefined) {
      this.position++;
      return { kind: 'compare', operator: comparator, left: operand, right: this.conditionOperand() };
    }
    if (this.acceptWord('between')) {
      const low = this.conditionOperand();
      this.expectWord('and');
      return { kind: 'between', operand, low, high: this.conditionOperand() };
    }
    if (this.acceptWord('in')) return { kind: 'in', operand, list: this.inList() };
    // `x NOT IN (…)` and `x NOT BETWEEN … AND …` are NOT over the test: printed `NOT x IN (…)`.
    if (this.isWord('not') && (this.isWordAt(1, 'in') || this.isWordAt(1, 'between'))) {
      this.position++;
      if (this.acceptWord('in')) return { kind: 'not', operand: { kind: 'in', operand, list: this.inList() } };
      this.expectWord('between');
      const low = this.conditionOperand();
      this.expectWord('and');
      return { kind: 'not', operand: { kind: 'between', operand, low, high: this.conditionOperand() } };
    }
    if (this.isWord('is')) return this.isTest(operand);
    if (this.isWord('like')) throw partiqlError(m.unsupportedOperator('like'));
    if (operand.kind === 'call' && isConditionFunction(operand.name)) return operand;
    // A value alone (`WHERE x`, `AND size(x)`): what holds it refuses it.
    const bare: PqlCondition = { kind: 'is', operand, test: 'MISSING', negated: false };
    this.bare.set(bare, operand.kind === 'call' ? 'N' : 'value');
    return bare;
  }

  /** `x IS [NOT] MISSING | NULL | <type>`; PartiQL's other types parse and are refused. */
  private isTest(operand: PqlOperand): PqlCondition {
    const is = this.peek();
    this.position++;
    if (operand.kind !== 'path' && operand.kind !== 'value') this.defer(partiqlError(m.isSubject));
    const negated = this.acceptWord('not');
    const word = this.peek().kind === 'word' ? this.peek().text.toUpperCase() : '';
    if (word === 'MISSING' || word === 'NULL' || isCheckedType(word)) {
      this.position++;
      if (SIZED_IS_TYPES.has(word)) this.typeSize();
      return { kind: 'is', operand, test: word, negated };
    }
    let refused = REFUSED_IS_TYPES[word];
    if (word === 'DOUBLE' && this.isWordAt(1, 'precision')) {
      this.position++;
      refused = 'DOUBLE_PRECISION';
    }
    if (refused === undefined) throw this.malformed();
    this.position++;
    if ((word === 'CHAR' || word === 'CHARACTER') && this.acceptWord('varying')) refused = 'CHARACTER_VARYING';
    if (SIZED_IS_TYPES.has(word)) this.typeSize();
    if (word === 'TIME' && this.acceptWord('with')) {
      this.expectWord('time');
      this.expectWord('zone');
      refused = 'TIME_WITH_TIME_ZONE';
    }
    this.defer(partiqlError(m.isType(refused, is)));
    return { kind: 'is', operand, test: 'MISSING', negated };
  }

  /** A type's optional `(precision[, scale])`. */
  private typeSize(): void {
    if (!this.acceptSymbol('(')) return;
    this.commaList(() => {
      if (this.peek().kind !== 'number') throw this.malformed();
      this.position++;
    });
    this.expectSymbol(')');
  }

  private inList(): PqlOperand[] {
    if (this.isSymbol('<<')) {
      const bag = this.value();
      return bag.kind === 'set' ? bag.items : [];
    }
    const close = this.acceptSymbol('(') ? ')' : this.acceptSymbol('[') ? ']' : undefined;
    if (close === undefined) {
      this.conditionOperand();
      this.defer(partiqlError(m.inList));
      return [];
    }
    const list = this.commaList(() => this.conditionOperand());
    this.expectSymbol(close);
    return list;
  }

  // --- operands and values ---

  /** An operand of a condition: arithmetic and concatenation are refused by name. */
  private conditionOperand(): PqlOperand {
    const operand = this.operand('condition');
    const next = this.peek();
    if (next.kind === 'symbol' && ['+', '-', '*', '/', '%', '||'].includes(next.text)) throw partiqlError(m.unsupportedOperator(next.text));
    return operand;
  }

  private operand(where: 'condition' | 'update'): PqlOperand {
    const token = this.peek();
    if (this.isWord('missing')) throw partiqlError(m.missingNeedsIs);
    if (token.kind === 'word' && this.tokens[this.position + 1]?.text === '(' && this.tokens[this.position + 1]?.kind === 'symbol') {
      return this.call(where);
    }
    if (token.kind === 'quoted' || (token.kind === 'word' && !isPartiqlKeyword(token.text))) return this.path();
    return this.value();
  }

  private call(where: 'condition' | 'update'): PqlCall {
    const token = this.peek();
    const name = token.text.toLowerCase();
    if (!Object.hasOwn(FUNCTION_ARITY, name)) throw partiqlError(m.unrecognizedFunction(token.text));
    this.position += 2;
    const args = this.isSymbol(')') ? [] : this.commaList(() => this.operand(where));
    this.expectSymbol(')');
    const fn = name as PqlFunctionName;
    if (args.length !== FUNCTION_ARITY[fn]) throw partiqlError(m.operandCount(fn, args.length));
    if (where === 'update' && !isUpdateFunction(fn)) throw partiqlError(m.functionInUpdate(fn));
    return { kind: 'call', name: fn, args };
  }

  /**
   * A literal, a parameter or a collection of them. `path` is where the value
   * stands inside a collection literal (`root.a.0`): no parameter may stand
   * there. At the top level (undefined) a collection is `root`.
   */
  private value(path?: string): PqlValue {
    const token = this.peek();
    if (this.acceptSymbol('?')) {
      if (path !== undefined) throw partiqlError(m.unsupportedDataType('Parameter', path, token));
      return { kind: 'parameter', index: this.parameters++ };
    }
    if (token.kind === 'string') {
      this.position++;
      return { kind: 'value', value: { S: token.text } };
    }
    if (token.kind === 'number') {
      this.position++;
      return { kind: 'value', value: { N: numberLiteral(token.text) } };
    }
    if ((this.isSymbol('-') || this.isSymbol('+')) && this.tokens[this.position + 1]?.kind === 'number') {
      const sign = token.text === '-' ? '-' : '';
      this.position += 2;
      return { kind: 'value', value: { N: numberLiteral(sign + this.tokens[this.position - 1]!.text) } };
    }
    if (token.kind === 'ion') {
      const type = ionLiteralType(token.text);
      if (type === undefined) throw this.malformed();
      this.position++;
      this.defer(partiqlError(m.ionLiteral(type, path ?? 'root', token)));
      return { kind: 'value', value: { NULL: true } };
    }
    if (this.acceptWord('true')) return { kind: 'value', value: { BOOL: true } };
    if (this.acceptWord('false')) return { kind: 'value', value: { BOOL: false } };
    if (this.acceptWord('null')) return { kind: 'value', value: { NULL: true } };
    const here = path ?? 'root';
    if (this.acceptSymbol('[')) {
      const items: PqlValue[] = [];
      if (!this.isSymbol(']')) {
        do items.push(this.member(here, `${here}.${items.length}`));
        while (this.acceptSymbol(','));
      }
      this.expectSymbol(']');
      return { kind: 'list', items };
    }
    if (this.acceptSymbol('{')) return this.map(token, here, false);
    if (this.acceptSymbol('<<')) {
      if (this.isSymbol('>>')) throw partiqlError(m.emptyBag({ ...token, length: 2 }));
      const items: PqlScalar[] = this.commaList(() => {
        const member = this.peek();
        // Only string and number literals: not even a parameter.
        if (member.kind !== 'string' && member.kind !== 'number' && member.kind !== 'ion' && !this.isSymbol('-') && !this.isSymbol('+')) {
          throw partiqlError(m.mixedBag + at(member));
        }
        return this.value(here) as PqlScalar;
      });
      this.expectSymbol('>>');
      if (this.deferred === undefined) setValue(items.map((item) => item.value));
      return { kind: 'set', items };
    }
    throw this.malformed();
  }

  /**
   * A member of a collection at `path`, inside the collection at `container`;
   * a name there is no value DynamoDB can store. An INSERT's item holds its
   * values at the top level (`path` undefined): parameters may stand there.
   */
  private member(container: string, path: string | undefined): PqlValue {
    const token = this.peek();
    if (this.isWord('missing') || token.kind === 'quoted' || (token.kind === 'word' && !isPartiqlKeyword(token.text))) {
      throw partiqlError(m.unsupportedDataType(token.text, container, token));
    }
    return this.value(path);
  }

  /** `{'k': v, …}` at `path`; an INSERT's item (`item`) holds top-level values. */
  private map(open: Token, path: string, item: boolean): PqlMap {
    const entries: PqlMap['entries'] = [];
    const seen = new Set<string>();
    if (!this.isSymbol('}')) {
      do {
        const keyToken = this.peek();
        if (keyToken.kind !== 'string') {
          if (keyToken.kind === 'word' || keyToken.kind === 'quoted') throw partiqlError(m.tupleKeyType(path, keyToken));
          throw this.malformed();
        }
        if (keyToken.text === '') throw partiqlError(m.emptyPathComponent);
        this.position++;
        this.expectSymbol(':');
        const value = this.member(path, item ? undefined : `${path}.${keyToken.text}`);
        if (seen.has(keyToken.text)) throw partiqlError(m.duplicateTupleKey(keyToken.text, path, open));
        seen.add(keyToken.text);
        entries.push({ key: keyToken.text, value });
      } while (this.acceptSymbol(','));
    }
    this.expectSymbol('}');
    return { kind: 'map', entries };
  }

  /** An INSERT's VALUE: a map literal whose values stand at the top level. */
  private item(): PqlValue {
    const open = this.peek();
    if (this.acceptSymbol('{')) return this.map(open, 'root', true);
    return this.value();
  }

  // --- token helpers ---

  private commaList<T>(item: () => T): T[] {
    const items = [item()];
    while (this.acceptSymbol(',')) items.push(item());
    return items;
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.kind === 'word' && token.text.toLowerCase() === word;
  }

  private isWordAt(ahead: number, word: string): boolean {
    const token = this.tokens[this.position + ahead];
    return token?.kind === 'word' && token.text.toLowerCase() === word;
  }

  private isSymbolAt(ahead: number, symbol: string): boolean {
    const token = this.tokens[this.position + ahead];
    return token?.kind === 'symbol' && token.text === symbol;
  }

  private isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token.kind === 'symbol' && token.text === symbol;
  }

  private acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.position++;
    return true;
  }

  private acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.position++;
    return true;
  }

  private expectWord(word: string): void {
    if (!this.acceptWord(word)) throw this.malformed();
  }

  private expectSymbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw this.malformed();
  }

  private malformed(): DynamoError {
    return malformed(this.text);
  }
}

