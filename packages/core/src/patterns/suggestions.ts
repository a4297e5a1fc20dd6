/**
 * "Did you mean": for a word the grammar could not place, the closest word it
 * knows (a typo of "newest", of a declared attribute), or how to say what a
 * describing word means ("best-selling" → "by <attribute>, highest first").
 */
import {
  CONDITION_WORDS, DIRECTIONS, LIST_VERBS, ORDER_WORDS, RANGE_WORDS, SCOPE_WORDS, SINGLE_VERBS, TIME_DIRECTIONS, TIME_WORDS, VALUE_DIRECTIONS,
  isCountPlaceholder,
} from './lexicon.js';
import type { Vocabulary } from './vocabulary.js';
import { closestName } from './words.js';

const GRAMMAR_WORDS = [
  ...SINGLE_VERBS, ...LIST_VERBS, ...SCOPE_WORDS, ...CONDITION_WORDS, ...ORDER_WORDS, ...RANGE_WORDS, ...TIME_WORDS,
  ...Object.keys(TIME_DIRECTIONS), ...Object.keys(VALUE_DIRECTIONS), ...Object.keys(DIRECTIONS), 'between', 'first', 'last', 'top', 'limit',
];

/** Describing words, and how the grammar says them. */
const ADVICE: Readonly<Record<string, string>> = {
  best: 'by <attribute>, highest first',
  most: 'by <attribute>, highest first',
  top: 'by <attribute>, highest first',
  highest: 'by <attribute>, highest first',
  popular: 'by <attribute>, highest first',
  trending: 'by <attribute>, highest first',
  worst: 'by <attribute>, lowest first',
  least: 'by <attribute>, lowest first',
  lowest: 'by <attribute>, lowest first',
  new: 'newest first',
  current: 'newest first',
  next: 'upcoming',
  old: 'oldest first',
  past: 'in the last 30 days',
  previous: 'oldest first',
};

/** The suggestion for one word or run of words as written, if there is a good one. */
function suggestionFor(written: string, known: readonly string[]): string | undefined {
  const words = written.toLowerCase().split(/[\s-]+/).filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return undefined;
  const advice = ADVICE[first];
  if (advice !== undefined) return advice;
  if (words.length === 1 && isCountPlaceholder(first)) return `top ${written}`;
  if (words.length !== 1 || first.length < 3 || !/^\p{L}+$/u.test(first)) return undefined;
  const guess = closestName(first, known);
  return guess !== undefined && guess.toLowerCase() !== first ? guess : undefined;
}

/** Suggestions by the words as written; words with no good suggestion are left out. */
export function suggestionsFor(unplaced: readonly string[], vocabulary: Vocabulary, entity: string): Record<string, string> {
  const known = [...GRAMMAR_WORDS, ...vocabulary.attributeNames(entity)];
  const suggestions: Record<string, string> = {};
  for (const written of unplaced) {
    const suggestion = suggestionFor(written, known);
    if (suggestion !== undefined) suggestions[written] = suggestion;
  }
  return suggestions;
}
