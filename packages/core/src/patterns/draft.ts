/** What the parser collected from a question, before the roles of `by` are settled. */

export type Direction = 'ascending' | 'descending';

export interface AttributeRef {
  /** The resolved name. */
  readonly name: string;
  /** Named by a time word, or declared timestamp/date. */
  readonly time: boolean;
  /** The words as written, for messages. */
  readonly words: string;
}

interface ScopeClause {
  /** by, per, for, of, in, within, from, on, with, where, 's. */
  readonly preposition: string;
  readonly attributes: readonly AttributeRef[];
}

export interface Draft {
  verb?: 'single' | 'list';
  entity: string;
  /** The entity was written in the plural. */
  plural: boolean;
  scopes: ScopeClause[];
  /** An order the words force: sorted by X, newest first, highest X first, X descending. */
  order?: AttributeRef;
  direction?: Direction;
  /** From "top N" and "last N" when no direction is written. */
  impliedDirection?: Direction;
  /** "top N": the first `by` is the ranking. */
  ranking: boolean;
  /** "a player's profile": the possessive named the entity; with no scope, the caller supplies its id. */
  identified?: boolean;
  /** "last 20 matches": the newest, so ordered by time when nothing else orders them. */
  latest?: boolean;
  limit?: number;
  where: { attribute: string; value: string }[];
  between?: string;
  /** Words as written that no rule placed. */
  unplaced: string[];
  /** Words that were placed but do not fit the model (unknown attribute, value not allowed). */
  problems: string[];
  /** Words behind the problems, as written. */
  unknown: string[];
  /** What the model offers instead, said once at the end of the message. */
  hints: string[];
  /** The declared name closest to a word the model does not know, by the word as written. */
  guesses: Record<string, string>;
}

export function emptyDraft(entity: string, plural: boolean): Draft {
  return { entity, plural, scopes: [], ranking: false, where: [], unplaced: [], problems: [], unknown: [], hints: [], guesses: {} };
}
