/** The grammar's vocabulary: the words it reads and what each one does. */

/** Skipped wherever they appear. */
export const FILLERS = new Set([
  'a', 'an', 'the', 'all', 'each', 'every', 'any', 'given', 'specific', 'particular', 'certain', 'their', 'its', 'his',
  'her', 'me', 'us', 'only', 'please', 'one', 'single', 'some', 'items', 'records', 'rows',
]);

/** Verbs that ask for one item when the words identify one. */
export const SINGLE_VERBS = new Set(['get', 'find', 'fetch', 'lookup', 'load', 'read', 'retrieve']);
/** Verbs that ask for a list. */
export const LIST_VERBS = new Set(['list', 'show', 'query', 'display', 'return', 'search', 'browse', 'enumerate']);

/** Words that stand for the entity's time attribute. */
export const TIME_WORDS = new Set(['time', 'times', 'date', 'dates', 'newest', 'oldest', 'recent', 'latest', 'earliest', 'when']);

/** Time order adjectives: newest first is descending. */
export const TIME_DIRECTIONS: Readonly<Record<string, 'ascending' | 'descending'>> = {
  newest: 'descending',
  latest: 'descending',
  recent: 'descending',
  oldest: 'ascending',
  earliest: 'ascending',
};

/** "highest rating first", "lowest first". */
export const VALUE_DIRECTIONS: Readonly<Record<string, 'ascending' | 'descending'>> = {
  highest: 'descending',
  largest: 'descending',
  biggest: 'descending',
  greatest: 'descending',
  most: 'descending',
  lowest: 'ascending',
  smallest: 'ascending',
  least: 'ascending',
  fewest: 'ascending',
};

/** "ascending", "in descending order". */
export const DIRECTIONS: Readonly<Record<string, 'ascending' | 'descending'>> = {
  ascending: 'ascending',
  asc: 'ascending',
  increasing: 'ascending',
  descending: 'descending',
  desc: 'descending',
  decreasing: 'descending',
  reverse: 'descending',
};

/** Prepositions that name the scope: "by team", "per team", "of an actor", "in a season". */
export const SCOPE_WORDS = new Set(['by', 'per', 'for', 'of', 'in', 'within', 'from', 'on']);
/** Words that open a condition: "where status is open", "with rating = 5", "that are open". */
export const CONDITION_WORDS = new Set(['where', 'with', 'whose', 'having', 'that', 'which']);
/** Words that force an order: "sorted by priority". */
export const ORDER_WORDS = new Set(['sorted', 'ordered', 'ranked', 'order', 'sort', 'rank']);
/** "in a time range", "within a date window". */
export const RANGE_WORDS = new Set(['range', 'window', 'period', 'interval', 'span']);

/** Small numbers in words, for "top ten". */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, fifty: 50, hundred: 100,
};

/**
 * Adjectives read as a value of `status` when there is no model: "open tickets"
 * → status = open. Each group is the set of values the status takes, used by
 * modelFromQuestions for the enum.
 */
export const STATUS_GROUPS: readonly (readonly string[])[] = [
  ['open', 'pending', 'closed', 'resolved'],
  ['active', 'inactive', 'suspended', 'archived', 'deleted'],
  ['draft', 'published'],
  ['completed', 'cancelled', 'canceled', 'failed', 'expired'],
  ['approved', 'rejected'],
  ['paid', 'unpaid', 'shipped', 'delivered'],
];
export const STATUS_WORDS = new Set(STATUS_GROUPS.flat());
export const STATUS_ATTRIBUTE = 'status';

/** Words that end a name: an attribute phrase stops before them. */
export const PHRASE_STOPS = new Set([
  ...SCOPE_WORDS, ...CONDITION_WORDS, ...ORDER_WORDS, ...Object.keys(TIME_DIRECTIONS), ...Object.keys(VALUE_DIRECTIONS),
  ...Object.keys(DIRECTIONS), 'and', 'or', 'then', 'between', 'first', 'last', 'top', 'limit', 'is', 'are', 'equals', 'equal', 'not',
]);
