/** Splits a question into words, numbers, quoted values and the few symbols the grammar reads. */

type TokenKind = 'word' | 'number' | 'quoted' | 'comma' | 'equals' | 'placeholder' | 'symbol';

export interface Token {
  readonly kind: TokenKind;
  /** As written (quotes removed). */
  readonly text: string;
  /** Lower case, for matching. */
  readonly lower: string;
  /** "player's" → the word player, possessive. */
  readonly possessive: boolean;
}

// One alternative per kind; punctuation that carries no meaning (. ! : ( ) - /) is skipped.
// A hyphen between letters joins one word: check-in, best-selling.
const TOKEN =
  /"([^"]*)"|“([^”]*)”|'([^']*)'|((?<![\p{L}\p{N}_])-?\d+(?:\.\d+)?)|([\p{L}_][\p{L}\p{M}\p{N}_]*(?:-[\p{L}][\p{L}\p{M}\p{N}_]*)*)(['’]s?)?|(==?)|([,;])|(\?)|([.!:()[\]\-/])|(\S)/gu;

export function tokenize(question: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string, possessive = false): void => {
    tokens.push({ kind, text, lower: text.toLowerCase(), possessive });
  };
  for (const match of question.matchAll(TOKEN)) {
    const [, double, curly, single, number, word, apostrophe, equals, comma, placeholder, , other] = match;
    if (double !== undefined || curly !== undefined || single !== undefined) push('quoted', double ?? curly ?? single ?? '');
    else if (number !== undefined) push('number', number);
    else if (word !== undefined) push('word', word, apostrophe !== undefined);
    else if (equals !== undefined) push('equals', equals);
    else if (comma !== undefined) push('comma', comma);
    else if (placeholder !== undefined) push('placeholder', placeholder);
    else if (other !== undefined) push('symbol', other);
  }
  return tokens;
}
