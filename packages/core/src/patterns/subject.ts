/**
 * The start of a question: the verb (get, find, list...), what comes before
 * the entity (top 10, newest, open) and the entity itself.
 */
import type { Token } from './tokens.js';
import type { Vocabulary } from './vocabulary.js';
import type { Cursor } from './cursor.js';
import { spanText } from './cursor.js';
import { emptyDraft } from './draft.js';
import type { Draft } from './draft.js';
import { PatternError } from './errors.js';
import {
  CONDITION_WORDS, DIRECTIONS, FILLERS, LIST_VERBS, SCOPE_WORDS, SINGLE_VERBS, TIME_DIRECTIONS, VALUE_DIRECTIONS,
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

export function readSubject(cursor: Cursor, vocabulary: Vocabulary, question: string): Subject {
  const verb = readVerb(cursor);
  const modifiers: Token[] = [];
  const possessives: Token[] = [];
  const run: Token[] = [];
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
    else if (FILLERS.has(word)) cursor.next();
    else if (['top', 'first', 'last'].includes(word) && (word === 'top' || cursor.numberAt(1) !== undefined)) {
      modifiers.push(cursor.next());
      if (cursor.numberAt() !== undefined) modifiers.push(cursor.next());
    } else if (word === 'most' && cursor.is(1, 'recent')) modifiers.push(cursor.next(), cursor.next());
    else if (word in TIME_DIRECTIONS) {
      modifiers.push(cursor.next());
      if (cursor.is(0, 'first')) modifiers.push(cursor.next());
    } else if (SUBJECT_ENDS.has(word) || word in VALUE_DIRECTIONS || word in DIRECTIONS) break;
    else run.push(cursor.next());
  }

  const words = run.map((token) => token.text);
  const match = vocabulary.entity(words);
  if (!match) throw unknownEntity(run, vocabulary, question);
  const draft = emptyDraft(match.name, match.plural);
  if (verb) draft.verb = verb;
  for (const [index, token] of run.entries()) {
    if (index >= match.start && index < match.end) continue;
    const adjective = vocabulary.adjective(match.name, token.text);
    if (adjective) draft.where.push(adjective);
    else draft.unplaced.push(token.text);
  }
  return { draft, modifiers, possessives };
}

function unknownEntity(run: readonly Token[], vocabulary: Vocabulary, question: string): PatternError {
  const last = run[run.length - 1];
  if (last === undefined || !vocabulary.withModel) {
    return new PatternError(`could not tell what "${question}" reads: name the items first, e.g. "list tickets by team"`);
  }
  const names = vocabulary.entityNames();
  const guess = closestName(last.text, names) ?? closestName(last.text.replace(/e?s$/i, ''), names);
  const hint = guess === undefined ? '' : ` (did you mean "${guess}"?)`;
  const declared = names.length === 0 ? 'the model declares no entities' : `the model declares ${names.join(', ')}`;
  return new PatternError(`unknown entity "${spanText([last])}" in "${question}"${hint}; ${declared}`, '', run.map((token) => token.text));
}
