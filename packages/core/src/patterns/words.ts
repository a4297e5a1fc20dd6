/**
 * English word helpers shared by the grammar and by anything naming things from
 * words: plural and singular forms (pluralize is the model's entity plural), camelCase
 * and PascalCase names, and the closest name for "did you mean".
 */

import { entityPlural } from '../model/index.js';

const IRREGULAR: Readonly<Record<string, string>> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  oxen: 'ox',
  quizzes: 'quiz',
  knives: 'knife',
  lives: 'life',
  wives: 'wife',
  leaves: 'leaf',
  wolves: 'wolf',
  shelves: 'shelf',
  halves: 'half',
  calves: 'calf',
  elves: 'elf',
  selves: 'self',
  indices: 'index',
  criteria: 'criterion',
  movies: 'movie',
  cookies: 'cookie',
  pies: 'pie',
  ties: 'tie',
  lies: 'lie',
  shoes: 'shoe',
  toes: 'toe',
  canoes: 'canoe',
};

/** Words whose plural is the word itself. */
const UNCHANGED = new Set(['series', 'species', 'sheep', 'fish', 'deer', 'news', 'data', 'metadata', 'equipment', 'information']);

/** Singular words that end in s (their plural adds "es"). */
const SINGULAR_IN_S = new Set([
  'status', 'bus', 'campus', 'virus', 'bonus', 'census', 'corpus', 'focus', 'alias', 'atlas', 'bias', 'canvas', 'gas',
  'lens', 'chaos', 'analysis', 'basis', 'axis', 'crisis', 'thesis', 'diagnosis', 'plus', 'radius', 'apparatus',
]);

function matchCase(original: string, word: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return word.toUpperCase();
  const first = original[0] ?? '';
  return first !== '' && first === first.toUpperCase() && first !== first.toLowerCase() ? (word[0] ?? '').toUpperCase() + word.slice(1) : word;
}

function singularOfWord(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR[lower];
  if (irregular !== undefined) return matchCase(word, irregular);
  if (UNCHANGED.has(lower) || SINGULAR_IN_S.has(lower)) return word;
  if (/(ss|us|is)$/.test(lower) || lower.length <= 2) return word;
  if (/[^aeiou]ies$/.test(lower)) return word.slice(0, -3) + matchCase(word.slice(-3), 'y');
  if (/(sh|ch|x|z|ss)es$/.test(lower) || /oes$/.test(lower)) return word.slice(0, -2);
  if (lower.endsWith('es') && SINGULAR_IN_S.has(lower.slice(0, -2))) return word.slice(0, -2);
  if (lower.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * The singular of a word or of a compound name's last word: matches → match,
 * categories → category, statuses → status, people → person,
 * TicketCategories → TicketCategory. Words already singular come back unchanged.
 */
export function singularize(word: string): string {
  const lastWord = /([A-Z]?[a-z0-9]+|[A-Z]+|[^A-Za-z0-9_]+)$/.exec(word);
  if (!lastWord) return word;
  return word.slice(0, lastWord.index) + singularOfWord(lastWord[0]);
}

/** The plural of a word or of a compound name's last word; the same rules as entity plurals in the model. */
export function pluralize(word: string): string {
  return entityPlural(word);
}

/** A word in all capitals (ID, URL) reads as one word: Id, Url. */
function normalWord(word: string): string {
  return word.length > 1 && word === word.toUpperCase() ? word.toLowerCase() : word;
}

/** Words to a camelCase name: ['created', 'at'] → createdAt, ['Team', 'ID'] → teamId, ['check-in'] → checkIn; inner capitals are kept (teamId stays teamId). */
export function camelCase(words: readonly string[]): string {
  return words
    .flatMap((word) => word.split('-'))
    .filter((word) => word !== '')
    .map(normalWord)
    .map((word, index) => (index === 0 ? word[0]!.toLowerCase() + word.slice(1) : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/** Words to a PascalCase name: ['audit', 'event'] → AuditEvent. */
export function pascalCase(words: readonly string[]): string {
  const camel = camelCase(words);
  return camel === '' ? '' : camel[0]!.toUpperCase() + camel.slice(1);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The candidate closest to `word` (case-insensitive), when it is close enough to be a typo. */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const target = word.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(target, candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  if (best === undefined) return undefined;
  return best.distance <= Math.max(1, Math.floor(target.length / 3)) ? best.name : undefined;
}
