/** The grammar's vocabulary: the words it reads and what each one does. */

/** Skipped wherever they appear. */
export const FILLERS = new Set([
  'a', 'an', 'the', 'all', 'each', 'every', 'any', 'given', 'specific', 'particular', 'certain', 'their', 'its', 'his',
  'her', 'me', 'us', 'only', 'please', 'one', 'single', 'some', 'items', 'records', 'rows', 'my', 'our', 'your', 'this',
  'these', 'those',
]);

/** After a noun, the head of a compound entity ("line items" → LineItem); alone, fillers. */
export const COMPOUND_HEADS = new Set(['items', 'rows', 'entries']);

/**
 * Words that name the entity itself, not another one: "player profile", "a
 * player's profile", "order details", "device info" all read Player, Order, Device.
 */
export const SELF_WORDS = new Set(['profile', 'profiles', 'details', 'detail', 'info', 'information', 'record', 'records', 'summary']);

/** Words that name a list of the entity: "activity stream" is the activities, "order history" the orders. */
export const COLLECTION_WORDS = new Set(['stream', 'feed', 'history', 'timeline']);

/** "top N players", "first K matches": a count the caller chooses. */
const COUNT_PLACEHOLDERS = new Set(['n', 'k', 'x']);

/**
 * Words that describe rather than name, so they are never glued into an
 * entity name ("best-selling products" is not a BestSellingProduct): the
 * question is answered with a warning instead. A word joined to one of these
 * by a hyphen counts too ("top-rated").
 */
const NOT_NOUNS = new Set([
  'best', 'worst', 'popular', 'trending', 'favourite', 'favorite', 'current', 'new', 'old', 'past', 'future', 'next',
  'previous', 'top', 'bottom', 'highest', 'lowest', 'most', 'least', 'many', 'few', 'several', 'other', 'same', 'such',
  'what', 'which', 'who', 'whose', 'how', 'when', 'where', 'why', 'is', 'are', 'was', 'were', 'be', 'been', 'do', 'does',
  'did', 'have', 'has', 'had', 'can', 'could', 'should', 'would', 'will', 'must', 'not', 'no',
]);

/** Units of "in the last 24 hours", "over the past week". */
export const TIME_UNITS = new Set([
  'second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'quarter',
  'quarters', 'year', 'years',
]);

/** "in date order", "in chronological order": the time attribute. */
export const TIME_ORDER_WORDS = new Set(['date', 'time', 'chronological', 'timestamp']);

/** Verbs that ask for one item when the words identify one. */
export const SINGLE_VERBS = new Set(['get', 'find', 'fetch', 'lookup', 'load', 'read', 'retrieve']);
/** Verbs that ask for a list. */
export const LIST_VERBS = new Set(['list', 'show', 'query', 'display', 'return', 'search', 'browse', 'enumerate']);

/** Words that stand for the entity's time attribute. */
export const TIME_WORDS = new Set(['time', 'times', 'date', 'dates', 'newest', 'oldest', 'recent', 'latest', 'earliest', 'upcoming', 'when', 'timestamp', 'timestamps']);

/** Time order adjectives: newest first is descending. */
export const TIME_DIRECTIONS: Readonly<Record<string, 'ascending' | 'descending'>> = {
  newest: 'descending',
  latest: 'descending',
  recent: 'descending',
  oldest: 'ascending',
  earliest: 'ascending',
  // Soonest first: what is coming up next.
  upcoming: 'ascending',
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
  ['confirmed', 'unconfirmed'],
  ['read', 'unread'],
  ['online', 'offline'],
  ['overdue'],
  ['public', 'private'],
  ['visible', 'hidden'],
  ['available', 'unavailable'],
  ['valid', 'invalid'],
];
export const STATUS_WORDS = new Set(STATUS_GROUPS.flat());
export const STATUS_ATTRIBUTE = 'status';

/** Words that end a name: an attribute phrase stops before them. */
export const PHRASE_STOPS = new Set([
  ...SCOPE_WORDS, ...CONDITION_WORDS, ...ORDER_WORDS, ...Object.keys(TIME_DIRECTIONS), ...Object.keys(VALUE_DIRECTIONS),
  ...Object.keys(DIRECTIONS), 'and', 'or', 'then', 'between', 'first', 'last', 'top', 'limit', 'is', 'are', 'equals', 'equal', 'not',
  'over', 'during', 'since',
]);

/** Words after a participle that say who or when: "assigned to an agent", "sent by a user", "hired between two dates". */
export const PARTICIPLE_LINKS = new Set(['by', 'to', 'for', 'in', 'on', 'from', 'between', 'at', 'during', 'within', 'with', 'into']);

/** A past participle used as an adjective or before a link: assigned, hired, confirmed (not feed, bed). */
export function isParticiple(word: string): boolean {
  return /^[a-z]{2,}[^e]ed$/.test(word) || /^[a-z]{2,}[^aeiou]ied$/.test(word) || /^(sent|written|made|done|given|taken|seen|paid|sold|built|held|kept|left|lost|won|read)$/.test(word);
}

/** "N", "K", "X": a count the caller chooses. */
export function isCountPlaceholder(word: string): boolean {
  return COUNT_PLACEHOLDERS.has(word);
}

/** A describing word, alone or before a hyphen: best, best-selling, top-rated. */
export function isNotNoun(word: string): boolean {
  return NOT_NOUNS.has(word) || NOT_NOUNS.has(word.split('-')[0]!);
}
