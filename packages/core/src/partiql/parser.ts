/**
 * PartiQL text -> Statement, by recursive descent over the lexer's tokens.
 * Every refusal is DynamoDB's ValidationException with DynamoDB Local's
 * message: a syntax error quotes the statement, the rest name what is wrong
 * (an unknown function, a clause DynamoDB does not support, a bad literal).
 * Checks that need the table's key schema are the planner's.
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
import { isPartiqlKeyword } from './keywords.js';
import { tokenize, type Token } from './lexer.js';
import { numberLiteral, setValue } from './literals.js';
import { at, malformed, partiqlError, partiqlMessages as m } from './messages.js';
import { FUNCTION_ARITY, isConditionFunction, isUpdateFunction } from './functions.js';

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

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
  }

  statement(): Statement {
    const first = this.peek();
    let result: Statement;
    if (this.isWord('select')) result = this.select();
    else if (this.isWord('insert')) result = this.insert();
    else if (this.isWord('update')) result = this.update();
    else if (this.isWord('delete')) result = this.remove();
    else if (first.kind === 'word' && !isPartiqlKeyword(first.text)) throw partiqlError(m.unsupportedOperation('VariableReference'));
    else throw this.malformed();
    this.acceptSymbol(';');
    if (this.peek().kind !== 'end') throw this.malformed();
    return result;
  }

  // --- statements ---

  private select(): Statement {
    this.expectWord('select');
    if (this.isWord('distinct')) throw partiqlError(m.unsupportedToken(this.peek().text));
    const projection = this.acceptSymbol('*') ? '*' : this.projection();
    this.expectWord('from');
    const target = this.target();
    this.refuseAliasOrLimit();
    const where = this.acceptWord('where') ? this.condition() : undefined;
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
    const where = this.acceptWord('where') ? this.condition() : undefined;
    const returning = this.returning();
    if (target.index !== undefined) throw partiqlError(m.notOnIndex);
    return { kind: 'update', target, clauses, where, returning };
  }

  private remove(): Statement {
    this.expectWord('delete');
    this.expectWord('from');
    const target = this.target();
    const where = this.acceptWord('where') ? this.condition() : undefined;
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
    const paths = this.commaList(() => this.path());
    for (const [i, path] of paths.entries()) {
      for (const earlier of paths.slice(0, i)) {
        const shorter = Math.min(path.elements.length, earlier.elements.length);
        const prefix = JSON.stringify(path.elements.slice(0, shorter)) === JSON.stringify(earlier.elements.slice(0, shorter));
        if (!prefix) continue;
        const first = path.elements[0] as { name: string };
        if (path.elements.length === earlier.elements.length) throw partiqlError(m.duplicateSelect(first.name));
        // DynamoDB names the later path first.
        throw partiqlError(expressionMessages.overlap(path, earlier));
      }
    }
    return paths;
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

  private condition(): PqlCondition {
    let left = this.conjunction();
    while (this.acceptWord('or')) left = { kind: 'or', left, right: this.conjunction() };
    return left;
  }

  private conjunction(): PqlCondition {
    let left = this.negation();
    while (this.acceptWord('and')) left = { kind: 'and', left, right: this.negation() };
    return left;
  }

  private negation(): PqlCondition {
    if (this.acceptWord('not')) return { kind: 'not', operand: this.negation() };
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
    if (this.acceptWord('is')) {
      const negated = this.acceptWord('not');
      const test = this.acceptWord('missing') ? 'MISSING' : this.acceptWord('null') ? 'NULL' : undefined;
      if (test === undefined) throw this.malformed();
      return { kind: 'is', operand, test, negated };
    }
    if (this.isWord('like')) throw partiqlError(m.unsupportedOperator('like'));
    if (operand.kind === 'call' && isConditionFunction(operand.name)) return operand;
    throw this.malformed();
  }

  private inList(): PqlOperand[] {
    const close = this.acceptSymbol('(') ? ')' : this.acceptSymbol('[') ? ']' : undefined;
    if (close === undefined) throw this.malformed();
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
        if (member.kind !== 'string' && member.kind !== 'number' && !this.isSymbol('-') && !this.isSymbol('+')) {
          throw partiqlError(m.mixedBag + at(member));
        }
        return this.value(here) as PqlScalar;
      });
      this.expectSymbol('>>');
      setValue(items.map((item) => item.value));
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

