/** A position in the token list, with the small lookups every rule needs. */
import type { Token } from './tokens.js';
import { DIRECTIONS, FILLERS, NUMBER_WORDS, PHRASE_STOPS, TIME_DIRECTIONS, VALUE_DIRECTIONS, isCountPlaceholder } from './lexicon.js';

export class Cursor {
  private position = 0;

  constructor(readonly tokens: readonly Token[]) {}

  get done(): boolean {
    return this.position >= this.tokens.length;
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.position + offset];
  }

  next(): Token {
    const token = this.tokens[this.position];
    if (token === undefined) throw new RangeError('read past the end of the question');
    this.position += 1;
    return token;
  }

  /** True when the token at `offset` is a word among `words`. */
  is(offset: number, ...words: string[]): boolean {
    const token = this.peek(offset);
    return token?.kind === 'word' && words.includes(token.lower);
  }

  /** Consumes the word when it is next. */
  accept(...words: string[]): Token | undefined {
    return this.is(0, ...words) ? this.next() : undefined;
  }

  skipFillers(): void {
    while (this.peek()?.kind === 'word' && FILLERS.has(this.peek()!.lower) && !this.peek()!.possessive) this.position += 1;
  }

  /** The offset of the first token after fillers. */
  afterFillers(offset = 0): number {
    let at = offset;
    while (this.peek(at)?.kind === 'word' && FILLERS.has(this.peek(at)!.lower)) at += 1;
    return at;
  }

  /** A count at `offset`: 10, ten. */
  numberAt(offset = 0): number | undefined {
    const token = this.peek(offset);
    if (token?.kind === 'number') return Number(token.text);
    if (token?.kind === 'word') return NUMBER_WORDS[token.lower];
    return undefined;
  }

  /** A word that begins a direction: newest, highest, descending... */
  isDirectionAt(offset = 0): boolean {
    const token = this.peek(offset);
    if (token?.kind !== 'word') return false;
    return token.lower in TIME_DIRECTIONS || token.lower in VALUE_DIRECTIONS || token.lower in DIRECTIONS;
  }

  /** Can the token at `offset` begin an attribute name? (by first name: yes; by newest: no, a direction.) */
  startsPhraseAt(offset = 0): boolean {
    const token = this.peek(offset);
    if (token?.kind !== 'word' || FILLERS.has(token.lower) || this.isDirectionAt(offset)) return false;
    if (token.lower === 'limit' && this.is(offset + 1, 'to')) return this.numberAt(offset + 2) === undefined;
    if (['first', 'last', 'top', 'limit'].includes(token.lower)) {
      const next = this.peek(offset + 1);
      return this.numberAt(offset + 1) === undefined && next?.kind === 'word' && !isCountPlaceholder(next.lower);
    }
    if (['order', 'sort', 'rank'].includes(token.lower)) return !this.is(offset + 1, 'by', 'of', 'on');
    return !PHRASE_STOPS.has(token.lower);
  }

  /** The words of an attribute name: "created at", "team", "rating delta". Fillers before and inside are skipped. */
  readPhrase(): Token[] {
    this.skipFillers();
    if (!this.startsPhraseAt()) return [];
    const words = [this.next()];
    for (;;) {
      if (words[words.length - 1]!.possessive) break;
      const at = this.afterFillers();
      const token = this.peek(at);
      if (token?.kind !== 'word') break;
      // "display order" is a name; "order by" starts an order.
      const orderWord = ['order', 'sort', 'rank'].includes(token.lower) && !this.is(at + 1, 'by', 'of', 'on');
      if (PHRASE_STOPS.has(token.lower) && !orderWord) break;
      // "for a team created between two dates": the participle starts the range.
      if (token.lower.endsWith('ed') && this.is(at + 1, 'between')) break;
      this.position += at;
      words.push(this.next());
    }
    return words;
  }
}

export function spanText(tokens: readonly Token[]): string {
  return tokens.map((token) => token.text).join(' ');
}
