/** What the access-pattern grammar could not read, with what it did read. */
export class PatternError extends Error {
  override readonly name = 'PatternError';
  /** The reading of the words that were placed ("list Ticket where teamId = ?"), or '' when nothing was. */
  readonly understood: string;
  /** Words, or runs of words, as written, that the grammar could not place. */
  readonly notUnderstood: string[];
  /** For a word not understood, the closest word the grammar or the model knows ("newst" → "newest"). */
  readonly suggestions: Readonly<Record<string, string>>;

  constructor(message: string, understood = '', notUnderstood: string[] = [], suggestions: Readonly<Record<string, string>> = {}) {
    super(message);
    this.understood = understood;
    this.notUnderstood = notUnderstood;
    this.suggestions = suggestions;
  }
}
