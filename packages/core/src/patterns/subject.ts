/**
 * The start of a question: the verb (get, find, list...), what comes before
 * the entity (top 10, newest, open) and the entity itself. Words that name the
 * entity itself (profile, details) or a list of it (stream, history) are
 * dropped; describing words (best, popular) and stray counts (N) are reported,
 * never glued into an entity name.
 */
import type { Token } from './tokens.js';
import type { Vocabulary } from './vocabulary.js';
import type { Cursor } from './cursor.js';
import { spanText } from './cursor.js';
import { emptyDraft } from './draft.js';
import type { Draft } from './draft.js';
import { PatternError } from './errors.js';
import {
  COLLECTION_WORDS, COMPOUND_HEADS, CONDITION_WORDS, DIRECTIONS, FILLERS, LIST_VERBS, PARTICIPLE_LINKS, SCOPE_WORDS, SELF_WORDS,
  SINGLE_VERBS, TIME_DIRECTIONS, VALUE_DIRECTIONS, isCountPlaceholder, isNotNoun, isParticiple,
} from './lexicon.js';
import { closestName } from './words.js';

const SUBJECT_ENDS = new Set([...SCOPE_WORDS, ...CONDITION_WORDS, 'sorted', 'ordered', 'ranked', 'between', 'and', 'or', 'limit']);

export interface Subject {
  readonly draft: Draft;
  /** Words before the entity that the clause reader handles once the entity is known: top 10, newest, last 5. */
  readonly modifiers: Token[];
  /** "an actor's events": possessives become scopes. */
  readonly possessives: Token[];
}

function readVerb(cursor: Cursor): 'single' | 'list' | undefined {
  if (cursor.is(0, 'look') && cursor.is(1, 'up')) {
    cursor.next();
    cursor.next();
    return 'single';
  }
  if (cursor.accept(...SINGLE_VERBS)) return 'single';
  if (cursor.accept(...LIST_VERBS)) return 'list';
  return undefined;
}

/** A count at `offset`: a number, a number word, or N. */
function countAt(cursor: Cursor, offset: number): boolean {
  const token = cursor.peek(offset);
  return cursor.numberAt(offset) !== undefined || (token?.kind === 'word' && isCountPlaceholder(token.lower));
}

/** "top N": the count the caller chooses, as a placeholder the clause reader knows. */
function takeCount(cursor: Cursor, modifiers: Token[]): void {
  const token = cursor.next();
  modifiers.push(token.kind === 'word' && isCountPlaceholder(token.lower) ? { ...token, kind: 'placeholder' } : token);
}

/** "latest N matches": the placeholder count after a time word (a number is read as a limit by the loop). */
function countAfterTime(cursor: Cursor, modifiers: Token[]): void {
  const token = cursor.peek();
  if (token?.kind !== 'word' || !isCountPlaceholder(token.lower)) return;
  modifiers.push({ ...token, text: 'limit', lower: 'limit' });
  takeCount(cursor, modifiers);
}

interface Run {
  /** Words that may name the entity. */
  readonly nouns: Token[];
  /** Words of the run that are not nouns: adjectives, or words to report. */
  readonly others: Token[];
  /** A word that names the entity itself was written: "player profile". */
  readonly self: boolean;
  /** A list through its self word: "player profiles", "order history". */
  readonly pluralSelf: boolean;
}

/** Splits the run before the entity into the words that may name it and the rest. */
function splitRun(run: readonly Token[], vocabulary: Vocabulary): Run {
  const nouns: Token[] = [];
  const others: Token[] = [];
  let self = false;
  let pluralSelf = false;
  run.forEach((token, index) => {
    const word = token.lower;
    const last = index === run.length - 1;
    if (SELF_WORDS.has(word)) {
      self = true;
      pluralSelf ||= word.endsWith('s') && !['details', 'information'].includes(word);
    } else if (COLLECTION_WORDS.has(word) && last && index > 0) {
      self = true;
      pluralSelf = true;
    }
    else if (isNotNoun(word) || isCountPlaceholder(word)) others.push(token);
    // "confirmed bookings": a participle before the noun is a state, when no model says otherwise.
    else if (!vocabulary.withModel && !last && isParticiple(word)) others.push(token);
    else nouns.push(token);
  });
  return { nouns, others, self, pluralSelf };
}

export function readSubject(cursor: Cursor, vocabulary: Vocabulary, question: string): Subject {
  const verb = readVerb(cursor);
  const modifiers: Token[] = [];
  const possessives: Token[] = [];
  const run: Token[] = [];
  let describing = false;
  for (;;) {
    const token = cursor.peek();
    if (token?.kind === 'number') {
      // "10 newest matches": a count before the entity is a limit.
      modifiers.push({ ...token, kind: 'word', text: 'limit', lower: 'limit' }, cursor.next());
      continue;
    }
    if (token?.kind !== 'word') break;
    const word = token.lower;
    if (token.possessive) possessives.push(cursor.next());
    else if (COMPOUND_HEADS.has(word) && run.length > 0) run.push(cursor.next());
    else if (FILLERS.has(word)) cursor.next();
    else if (['top', 'first', 'last'].includes(word) && (word === 'top' || countAt(cursor, 1))) {
      modifiers.push(cursor.next());
      if (countAt(cursor, 0)) takeCount(cursor, modifiers);
    } else if (word === 'most' && cursor.is(1, 'recent')) {
      modifiers.push(cursor.next(), cursor.next());
      countAfterTime(cursor, modifiers);
    } else if (word in TIME_DIRECTIONS) {
      modifiers.push(cursor.next());
      if (cursor.is(0, 'first')) modifiers.push(cursor.next());
      else countAfterTime(cursor, modifiers);
    } else if (word in VALUE_DIRECTIONS && run.length === 0 && cursor.peek(1)?.kind === 'word' && !SUBJECT_ENDS.has(cursor.peek(1)!.lower)) {
      // "most liked posts": a ranking by a word that names no attribute; reported with the entity read.
      run.push(cursor.next(), cursor.next());
      describing = true;
    } else if (isParticiple(word) && run.length > 0 && cursor.peek(1)?.kind === 'word' && PARTICIPLE_LINKS.has(cursor.peek(1)!.lower)) break;
    else if (SUBJECT_ENDS.has(word) || word in VALUE_DIRECTIONS || word in DIRECTIONS) break;
    else run.push(cursor.next());
  }
  return subjectOf(run, { cursor, vocabulary, question, verb, modifiers, possessives, describing });
}

interface Context {
  readonly cursor: Cursor;
  readonly vocabulary: Vocabulary;
  readonly question: string;
  readonly verb: 'single' | 'list' | undefined;
  readonly modifiers: Token[];
  readonly possessives: Token[];
  /** "most liked": the first two words of the run are reported, not read. */
  readonly describing: boolean;
}

function subjectOf(written: readonly Token[], context: Context): Subject {
  const { cursor, vocabulary, question, verb, modifiers } = context;
  let possessives = context.possessives;
  const reported = context.describing ? written.slice(0, 2) : [];
  let split = splitRun(context.describing ? written.slice(2) : written, vocabulary);
  let identified = false;
  if (split.nouns.length === 0 && split.self) {
    const owner = possessives[possessives.length - 1];
    if (owner !== undefined) {
      // "a player's profile" is the player: the possessive names the entity, which the caller identifies.
      split = { ...split, nouns: [{ ...owner, possessive: false }] };
      possessives = possessives.slice(0, -1);
      identified = true;
    } else if (cursor.is(cursor.afterFillers(), 'of', 'for')) {
      // "the profile of a player".
      cursor.skipFillers();
      cursor.next();
      const after = readSubject(cursor, vocabulary, question);
      return { ...after, draft: { ...after.draft, ...(verb ? { verb } : {}), identified: true } };
    }
  }
  const words = split.nouns.map((token) => token.text);
  const match = vocabulary.entity(words);
  if (!match) throw unknownEntity([...written], vocabulary, question);
  const draft = emptyDraft(match.name, match.plural || split.pluralSelf);
  if (verb) draft.verb = verb;
  draft.identified = identified;
  if (reported.length > 0) draft.unplaced.push(spanText(reported));
  const leftover = [...split.nouns.filter((_, index) => index < match.start || index >= match.end), ...split.others];
  for (const token of written.filter((each) => leftover.includes(each))) {
    const adjective = vocabulary.adjective(match.name, token.text) ?? stateOf(token, vocabulary);
    if (adjective) draft.where.push(adjective);
    else draft.unplaced.push(token.text);
  }
  // "the latest reading of a device": one item, the newest.
  const timeModifier = modifiers.some((token) => token.lower in TIME_DIRECTIONS || token.lower === 'recent');
  const counted = modifiers.some((token) => token.kind === 'number' || token.kind === 'placeholder');
  if (!draft.plural && timeModifier && !counted) draft.limit = 1;
  return { draft, modifiers, possessives };
}

/** Without a model, a participle before the entity is a value of its status: "confirmed bookings". */
function stateOf(token: Token, vocabulary: Vocabulary): { attribute: string; value: string } | undefined {
  if (vocabulary.withModel || !isParticiple(token.lower)) return undefined;
  return { attribute: 'status', value: token.lower };
}

function unknownEntity(run: readonly Token[], vocabulary: Vocabulary, question: string): PatternError {
  const last = run[run.length - 1];
  if (last === undefined || !vocabulary.withModel) {
    const reported = run.map((token) => token.text);
    const what = reported.length > 0 ? `could not tell which items ${reported.map((word) => `"${word}"`).join(', ')} name` : `could not tell what "${question}" reads`;
    return new PatternError(`${what}: name the items first, e.g. "list tickets by team"`, '', reported);
  }
  const names = vocabulary.entityNames();
  const guess = closestName(last.text, names) ?? closestName(last.text.replace(/e?s$/i, ''), names);
  const hint = guess === undefined ? '' : ` (did you mean "${guess}"?)`;
  const declared = names.length === 0 ? 'the model declares no entities' : `the model declares ${names.join(', ')}`;
  return new PatternError(`unknown entity "${spanText([last])}" in "${question}"${hint}; ${declared}`, '', run.map((token) => token.text), guess === undefined ? {} : { [last.text]: guess });
}
