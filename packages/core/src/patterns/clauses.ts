/**
 * The words after the entity: scopes (by/per/for/of/in), conditions
 * (where/with/whose/that), ranges (between), orders (sorted by, newest first,
 * highest X first, ascending) and limits (top N, first N, last N, limit N).
 */
import type { Token } from './tokens.js';
import type { AttributeRef, Direction, Draft } from './draft.js';
import type { Vocabulary } from './vocabulary.js';
import type { Cursor } from './cursor.js';
import { spanText } from './cursor.js';
import {
  CONDITION_WORDS, DIRECTIONS, ORDER_WORDS, PARTICIPLE_LINKS, PHRASE_STOPS, RANGE_WORDS, SCOPE_WORDS, TIME_DIRECTIONS, VALUE_DIRECTIONS,
  isCountPlaceholder, isParticiple,
} from './lexicon.js';
import { readFixedPhrase } from './fixed-phrases.js';
import { closestName, singularize } from './words.js';

/** In 'order' mode (the access pattern's `order` text) `by X` and a bare name are orders. */
export type ClauseMode = 'question' | 'order';

const MAX_LIMIT = 2_147_483_647;

/** "between two ratings" bounds one rating. */
function singularLast(words: readonly Token[]): Token[] {
  const last = words[words.length - 1]!;
  return [...words.slice(0, -1), { ...last, text: singularize(last.text), lower: singularize(last.lower) }];
}

export class ClauseReader {
  constructor(
    private readonly cursor: Cursor,
    private readonly vocabulary: Vocabulary,
    private readonly draft: Draft,
    private readonly mode: ClauseMode,
  ) {}

  readAll(): void {
    while (!this.cursor.done) this.readOne();
  }

  /** Resolves words to an attribute of the entity; leftover words come back unresolved. */
  resolve(words: readonly Token[]): { attribute?: AttributeRef; leftover: Token[] } {
    if (words.length === 0) return { leftover: [] };
    const match = this.vocabulary.attribute(this.draft.entity, words.map((word) => word.text));
    if (!match) {
      const written = spanText(words);
      const names = this.vocabulary.attributeNames(this.draft.entity);
      const guess = closestName(words.map((word) => word.text).join(''), names);
      const hint = guess === undefined ? '' : ` (did you mean "${guess}"?)`;
      this.draft.problems.push(`${this.draft.entity} declares no attribute "${written}"${hint}`);
      if (guess !== undefined) this.draft.guesses[written] = guess;
      this.draft.unknown.push(written);
      const declared = `${this.draft.entity} declares ${names.join(', ')}`;
      if (!this.draft.hints.includes(declared)) this.draft.hints.push(declared);
      return { leftover: [] };
    }
    const used = words.slice(0, match.used);
    return { attribute: { name: match.name, time: match.time, words: spanText(used) }, leftover: words.slice(match.used) };
  }

  private unplaced(tokens: readonly Token[]): void {
    if (tokens.length > 0) this.draft.unplaced.push(spanText(tokens));
  }

  /** A name, with any leftover words reported. */
  private attributeOf(words: readonly Token[]): AttributeRef | undefined {
    const { attribute, leftover } = this.resolve(words);
    this.unplaced(leftover);
    return attribute;
  }

  private setOrder(attribute: AttributeRef | undefined, direction?: Direction): void {
    if (attribute) {
      if (this.draft.order && this.draft.order.name !== attribute.name) this.draft.unplaced.push(attribute.words);
      else this.draft.order = attribute;
    }
    if (direction) this.draft.direction = direction;
  }

  private readOne(): void {
    const cursor = this.cursor;
    const token = cursor.peek()!;
    const word = token.kind === 'word' ? token.lower : undefined;
    if (token.kind === 'comma' || token.kind === 'placeholder' || (word !== undefined && ['and', 'then'].includes(word))) {
      cursor.next();
      return;
    }
    if (word === undefined) {
      this.unplaced([cursor.next()]);
      return;
    }
    if (cursor.afterFillers() > 0) {
      cursor.skipFillers();
      return;
    }
    if (isParticiple(word) && !ORDER_WORDS.has(word) && cursor.peek(1)?.kind === 'word' && PARTICIPLE_LINKS.has(cursor.peek(1)!.lower) && !cursor.is(1, 'between')) {
      return this.readParticiple();
    }
    if (['over', 'during', 'since'].includes(word)) {
      const opener = cursor.next();
      if (!this.readTime(opener)) this.unplaced([opener]);
      return;
    }
    if (word === 'by') return this.readBy();
    if (SCOPE_WORDS.has(word)) return this.readScope();
    if (word === 'between') return this.readBetween(cursor.next());
    if (CONDITION_WORDS.has(word)) return this.readCondition();
    if (ORDER_WORDS.has(word) && !cursor.startsPhraseAt()) return this.readSortedBy();
    if (cursor.isDirectionAt()) return this.readDirection();
    if (['top', 'first', 'last', 'limit'].includes(word) && !cursor.startsPhraseAt()) return this.readLimit();
    const adjective = this.vocabulary.adjective(this.draft.entity, token.text);
    if (adjective) {
      cursor.next();
      this.draft.where.push(adjective);
      return;
    }
    const phrase = cursor.readPhrase();
    if (phrase.length === 0) {
      this.unplaced([cursor.next()]);
      return;
    }
    if (cursor.is(0, 'between')) return void this.readConditionRange(this.participle(phrase) ?? this.attributeOf(phrase));
    // "rating descending", "priority, highest first": a name followed by a direction is the order.
    if (this.mode === 'order' || cursor.isDirectionAt()) return this.setOrder(this.attributeOf(phrase));
    this.unplaced(phrase);
  }

  /** by X: a scope or an order, settled once the whole question is read; "by newest" is a direction. */
  private readBy(): void {
    const by = this.cursor.next();
    if (this.cursor.isDirectionAt(this.cursor.afterFillers())) return;
    const attributes = this.readNames();
    if (attributes === undefined) return this.unplaced([by]);
    if (this.mode === 'order') return this.setOrder(attributes[0]);
    this.draft.scopes.push({ preposition: 'by', attributes });
  }

  /** Names joined by "and": "by team and status". */
  private readNames(): AttributeRef[] | undefined {
    const words = this.cursor.readPhrase();
    if (words.length === 0) return undefined;
    const attributes: AttributeRef[] = [];
    const first = this.attributeOf(words);
    if (first) attributes.push(first);
    while (this.cursor.is(0, 'and') && this.cursor.startsPhraseAt(this.cursor.afterFillers(1)) && !this.isAdjectiveAt(1)) {
      this.cursor.next();
      const more = this.attributeOf(this.cursor.readPhrase());
      if (more) attributes.push(more);
    }
    return attributes;
  }

  private isAdjectiveAt(offset: number): boolean {
    const token = this.cursor.peek(this.cursor.afterFillers(offset));
    return token !== undefined && this.vocabulary.adjective(this.draft.entity, token.text) !== undefined;
  }

  /** "assigned to an agent", "sent by a user": who is always supplied; "placed in a time range": the participle is skipped. */
  private readParticiple(): void {
    const participle = this.cursor.next();
    const link = this.cursor.peek()!;
    if (!['by', 'to'].includes(link.lower)) return;
    this.cursor.next();
    const attributes = this.readNames();
    if (attributes === undefined) return this.unplaced([participle, link]);
    if (this.mode === 'order') return this.unplaced([participle, link]);
    this.draft.scopes.push({ preposition: `${participle.lower} ${link.lower}`, attributes });
  }

  /** "in the last 24 hours", "in date order", "in alphabetical order", after the preposition; false (nothing read) when none. */
  private readTime(preposition: Token): boolean {
    const phrase = readFixedPhrase(this.cursor);
    if (phrase === undefined) return false;
    if (phrase.kind === 'alphabetical') {
      this.setOrder(this.attributeOf([{ ...preposition, text: 'name', lower: 'name' }]), 'ascending');
      return true;
    }
    const time = this.attributeOf([{ ...preposition, text: 'time', lower: 'time' }]);
    if (phrase.kind === 'window') this.setBetween(time);
    else this.setOrder(time, phrase.direction);
    return true;
  }

  /** per/for/of/in/within/from X; also "in descending order", "in order of X", "in a time range", "in date order". */
  private readScope(): void {
    const cursor = this.cursor;
    const preposition = cursor.next();
    if (this.readTime(preposition)) return;
    const at = cursor.afterFillers();
    if (cursor.peek(at)?.kind === 'word' && cursor.peek(at)!.lower in DIRECTIONS) return;
    if (cursor.is(at, 'order') && cursor.is(at + 1, 'of')) {
      cursor.skipFillers();
      cursor.next();
      cursor.next();
      return this.setOrder(this.attributeOf(cursor.readPhrase()));
    }
    const words = cursor.readPhrase();
    if (words.length === 0) return this.unplaced([preposition]);
    if (RANGE_WORDS.has(words[words.length - 1]!.lower)) return this.readRange(preposition, words.slice(0, -1));
    const { attribute, leftover } = this.resolve(words);
    this.unplaced(leftover);
    const attributes = attribute ? [attribute] : [];
    while (cursor.is(0, 'and') && cursor.startsPhraseAt(cursor.afterFillers(1)) && !this.isAdjectiveAt(1)) {
      cursor.next();
      const more = this.attributeOf(cursor.readPhrase());
      if (more) attributes.push(more);
    }
    if (this.mode === 'order') return this.unplaced([preposition, ...words]);
    this.draft.scopes.push({ preposition: preposition.lower, attributes });
  }

  /** "in a time range", "within a date window", "in a range of ratings". */
  private readRange(preposition: Token, before: Token[]): void {
    let words = before;
    if (words.length === 0 && this.cursor.accept('of')) words = this.cursor.readPhrase();
    const attribute = this.attributeOf(words.length === 0 ? [{ ...preposition, text: 'time', lower: 'time' }] : singularLast(words));
    this.setBetween(attribute);
  }

  private setBetween(attribute: AttributeRef | undefined): void {
    if (!attribute) return;
    if (this.mode === 'order') return void this.draft.unplaced.push(`between ${attribute.words}`);
    if (this.draft.between !== undefined && this.draft.between !== attribute.name) this.draft.unplaced.push(`between ${attribute.words}`);
    else this.draft.between = attribute.name;
  }

  /** between two times / dates / ratings. */
  private readBetween(between: Token): void {
    const cursor = this.cursor;
    cursor.skipFillers();
    if (cursor.numberAt() === 2) cursor.next();
    const words = cursor.readPhrase();
    if (words.length === 0) return this.unplaced([between]);
    this.setBetween(this.attributeOf(singularLast(words)));
  }

  /** where/with/whose/having/that/which: "where status is open", "with rating = 5", "that are open", "with a given status". */
  private readCondition(): void {
    const cursor = this.cursor;
    const opener = cursor.next();
    if (['that', 'which'].includes(opener.lower)) cursor.accept('are', 'is', 'have', 'has');
    let read = false;
    for (;;) {
      cursor.skipFillers();
      const adjective = cursor.peek() && this.vocabulary.adjective(this.draft.entity, cursor.peek()!.text);
      if (adjective && !cursor.is(1, 'is', 'are', 'equals') && cursor.peek(1)?.kind !== 'equals') {
        cursor.next();
        this.draft.where.push(adjective);
      } else if (!this.readOneCondition(opener)) break;
      read = true;
      if (!(cursor.is(0, 'and') && cursor.startsPhraseAt(cursor.afterFillers(1)))) break;
      cursor.next();
    }
    if (!read) this.unplaced([opener]);
  }

  private readOneCondition(opener: Token): boolean {
    const cursor = this.cursor;
    const words = cursor.readPhrase();
    if (words.length === 0) return false;
    const hasOperator = (): boolean => cursor.is(0, 'is', 'are', 'equals', 'equal') || cursor.peek()?.kind === 'equals';
    let { attribute, leftover } = this.resolve(words);
    if (!this.vocabulary.withModel && !hasOperator() && !cursor.is(0, 'between') && words.length > 1) {
      // Without a model "with status open" splits before the last word.
      attribute = this.resolve(words.slice(0, -1)).attribute;
      leftover = words.slice(-1);
    }
    if (!attribute) return true;
    if (hasOperator()) {
      this.unplaced(leftover);
      cursor.next();
      cursor.accept('equal');
      cursor.accept('to');
      if (cursor.is(0, 'not')) {
        this.unplaced([cursor.next()]);
        return true;
      }
      if (cursor.is(0, 'between')) return this.readConditionRange(attribute);
      const value = cursor.peek();
      if (value?.kind === 'placeholder' || cursor.is(0, 'given')) {
        cursor.next();
        this.addEquals(opener, attribute);
      } else if (value && (value.kind === 'quoted' || value.kind === 'number' || value.kind === 'word')) {
        this.addWhere(attribute, cursor.next().text);
      } else this.draft.unplaced.push(`${attribute.words} is`);
      return true;
    }
    if (cursor.is(0, 'between')) return this.readConditionRange(attribute);
    if (leftover.length === 1) this.addWhere(attribute, leftover[0]!.text);
    else {
      this.unplaced(leftover);
      this.addEquals(opener, attribute);
    }
    return true;
  }

  /** "created between two dates": created → createdAt, when the entity has it (or there is no model). */
  private participle(words: readonly Token[]): AttributeRef | undefined {
    const last = words[words.length - 1]!;
    if (!last.lower.endsWith('ed')) return undefined;
    const named = [...words.map((word) => word.text), 'at'];
    const match = this.vocabulary.attribute(this.draft.entity, named);
    if (match?.used !== named.length) return undefined;
    return { name: match.name, time: true, words: spanText(words) };
  }

  /** "with rating between two values". */
  private readConditionRange(attribute: AttributeRef | undefined): boolean {
    this.cursor.next();
    this.cursor.skipFillers();
    if (this.cursor.numberAt() === 2) this.cursor.next();
    this.cursor.accept('values', 'numbers', 'bounds', 'limits', 'times', 'dates');
    this.setBetween(attribute);
    return true;
  }

  private addEquals(opener: Token, attribute: AttributeRef): void {
    if (this.mode === 'order') return this.unplaced([opener]);
    this.draft.scopes.push({ preposition: opener.lower, attributes: [attribute] });
  }

  private addWhere(attribute: AttributeRef, written: string): void {
    const checked = this.vocabulary.conditionValue(this.draft.entity, attribute.name, written);
    if ('problem' in checked) {
      this.draft.problems.push(checked.problem);
      this.draft.unknown.push(written);
    }
    else if (this.mode === 'order') this.draft.unplaced.push(`${attribute.words} ${written}`);
    else this.draft.where.push({ attribute: attribute.name, value: checked.value });
  }

  /** sorted by X, ordered by X, ranked by X, order by X. */
  private readSortedBy(): void {
    const cursor = this.cursor;
    const opener = cursor.next();
    cursor.accept('by', 'on');
    if (cursor.isDirectionAt(cursor.afterFillers())) return;
    const words = cursor.readPhrase();
    if (words.length === 0) return this.unplaced([opener]);
    this.setOrder(this.attributeOf(words));
  }

  /** newest first, oldest first, most recent first, highest (X) first, ascending, in descending order. */
  private readDirection(): void {
    const cursor = this.cursor;
    const token = cursor.next();
    const word = token.lower;
    if (word === 'most' && cursor.is(0, 'recent')) return this.readTimeDirection(cursor.next(), 'descending');
    const time = TIME_DIRECTIONS[word];
    if (time) return this.readTimeDirection(token, time);
    const byValue = VALUE_DIRECTIONS[word];
    if (byValue) {
      const words = cursor.readPhrase();
      this.setOrder(words.length > 0 ? this.attributeOf(words) : undefined, byValue);
      cursor.accept('first');
      return;
    }
    this.setOrder(undefined, DIRECTIONS[word]);
    cursor.accept('order');
  }

  private readTimeDirection(token: Token, direction: Direction): void {
    this.setOrder(this.attributeOf([token]), direction);
    // "newest event first": the entity's own word between.
    if (this.cursor.peek()?.kind === 'word' && !PHRASE_STOPS.has(this.cursor.peek()!.lower) && this.cursor.is(1, 'first')) this.cursor.next();
    if (this.cursor.accept('to')) {
      const opposite = this.cursor.peek();
      if (opposite?.kind === 'word' && opposite.lower in TIME_DIRECTIONS && TIME_DIRECTIONS[opposite.lower] !== direction) this.cursor.next();
      else this.draft.unplaced.push('to');
    } else this.cursor.accept('first');
  }

  /** top N, first N, last N, limit N (to N). */
  private readLimit(): void {
    const cursor = this.cursor;
    const token = cursor.next();
    if (token.lower === 'limit') cursor.accept('to');
    const count = cursor.numberAt();
    if (token.lower === 'top') {
      this.draft.ranking = true;
      this.draft.impliedDirection = 'descending';
    }
    if (token.lower === 'last') {
      this.draft.impliedDirection = 'descending';
      this.draft.latest = true;
    }
    const next = cursor.peek();
    if (next?.kind === 'placeholder' || (next?.kind === 'word' && isCountPlaceholder(next.lower))) {
      // "top N": a count the caller chooses when it reads.
      cursor.next();
      return;
    }
    if (count === undefined) {
      if (token.lower !== 'top') this.unplaced([token]);
      return;
    }
    const number = cursor.next();
    if (!Number.isInteger(count) || count < 1 || count > MAX_LIMIT) {
      this.draft.problems.push(`a limit is a whole number from 1 to ${MAX_LIMIT}, not ${number.text}`);
      this.draft.unknown.push(`${token.text} ${number.text}`);
      return;
    }
    this.draft.limit = count;
  }
}
