/**
 * From what the parser collected to a PatternMeaning: which `by` is the scope
 * and which the order, get or list, the direction, and the errors.
 */
import type { PatternMeaning } from '../model/types.js';
import type { Draft } from './draft.js';
import type { Vocabulary } from './vocabulary.js';
import { PatternError } from './errors.js';
import { renderReading } from './reading.js';
import { suggestionsFor } from './suggestions.js';

interface Settled {
  equals: string[];
  orderBy?: string;
  unplaced: string[];
}

/**
 * Scopes other than `by` (per, for, of, in...) are always equalities. A `by`
 * is an equality when it names an identifying attribute, or when it is the
 * first scope of a question without a ranking; otherwise it is the order:
 * "list tickets by team, by priority", "top 10 players by rating in a season".
 */
function settleScopes(draft: Draft, vocabulary: Vocabulary): Settled {
  const equals: string[] = [];
  const unplaced: string[] = [];
  let orderBy = draft.order?.name;
  const otherScope = draft.scopes.some((scope) => scope.preposition !== 'by');
  for (const scope of draft.scopes) {
    const [only, ...rest] = scope.attributes;
    if (scope.preposition !== 'by' || only === undefined || rest.length > 0) {
      equals.push(...scope.attributes.map((attribute) => attribute.name));
      continue;
    }
    const identifies = vocabulary.identifies(draft.entity, only.name) === true;
    if (identifies) equals.push(only.name);
    else if (orderBy === undefined && (only.time || draft.ranking)) orderBy = only.name;
    else if (equals.length === 0 && !otherScope) equals.push(only.name);
    else if (orderBy === undefined) orderBy = only.name;
    else unplaced.push(`by ${only.words}`);
  }
  const distinct = equals.filter((name, index) => equals.indexOf(name) === index);
  return orderBy === undefined ? { equals: distinct, unplaced } : { equals: distinct, orderBy, unplaced };
}

/** "the last 20 messages": the newest, when the entity has one time attribute to say which. */
function timeOrder(draft: Draft, vocabulary: Vocabulary): string | undefined {
  try {
    return vocabulary.attribute(draft.entity, ['time'])?.name;
  } catch (error) {
    if (error instanceof PatternError) return undefined;
    throw error;
  }
}

function isGet(draft: Draft, settled: Settled, vocabulary: Vocabulary): boolean {
  const asksForOne = draft.verb === 'single' || (draft.verb === undefined && !draft.plural);
  if (!asksForOne || draft.plural || draft.limit !== undefined || draft.between !== undefined || settled.orderBy !== undefined) return false;
  // Without a model nobody said the attribute is not unique: a singular "find player by handle" asks for one.
  return settled.equals.some((name) => vocabulary.identifies(draft.entity, name) !== false);
}

export function buildMeaning(draft: Draft, vocabulary: Vocabulary, question: string, order?: { draft: Draft; text: string }): PatternMeaning {
  const settled = settleScopes(draft, vocabulary);
  let orderBy = settled.orderBy ?? (draft.latest === true ? timeOrder(draft, vocabulary) : undefined);
  let direction = draft.direction ?? draft.impliedDirection;
  const unplaced = [...draft.unplaced, ...settled.unplaced];
  const problems = [...draft.problems];
  const unknown = [...draft.unknown];
  const hints = [...draft.hints];
  let limit = draft.limit;
  if (order) {
    if (order.draft.order) orderBy = order.draft.order.name;
    direction = order.draft.direction ?? direction;
    if (order.draft.limit !== undefined) limit = order.draft.limit;
    unplaced.push(...order.draft.unplaced.map((words) => `${words} (in the order "${order.text}")`));
    problems.push(...order.draft.problems.map((problem) => `${problem} (in the order "${order.text}")`));
    unknown.push(...order.draft.unknown);
    hints.push(...order.draft.hints.filter((hint) => !hints.includes(hint)));
  }
  const kind = isGet(draft, { ...settled, ...(orderBy === undefined ? {} : { orderBy }) }, vocabulary) ? 'get' : 'list';
  const base = {
    kind,
    entity: draft.entity,
    equals: settled.equals,
    where: draft.where,
    ...(draft.between === undefined ? {} : { between: draft.between }),
    ...(orderBy === undefined ? {} : { orderBy }),
    direction: kind === 'get' ? 'ascending' : (direction ?? 'ascending'),
    ...(limit === undefined ? {} : { limit }),
  } as const;
  const reading = renderReading(base);
  if (problems.length > 0 || unplaced.length > 0) {
    throw patternError(question, reading, { problems, unplaced, unknown, hints, suggestions: { ...suggestionsFor(unplaced, vocabulary, draft.entity), ...draft.guesses, ...(order?.draft.guesses ?? {}) } });
  }
  return { ...base, reading };
}

interface Trouble {
  problems: readonly string[];
  unplaced: readonly string[];
  unknown: readonly string[];
  hints: readonly string[];
  suggestions: Readonly<Record<string, string>>;
}

function patternError(question: string, understood: string, trouble: Trouble): PatternError {
  const parts = [...trouble.problems];
  const placed = (words: string) => {
    const suggestion = trouble.suggestions[words];
    return suggestion === undefined ? `"${words}"` : `"${words}" (did you mean "${suggestion}"?)`;
  };
  if (trouble.unplaced.length > 0) parts.push(`could not place ${trouble.unplaced.map(placed).join(', ')}`);
  let message = `${parts.join('; ')} in "${question}": understood "${understood}"`;
  if (trouble.hints.length > 0) message += `. ${trouble.hints.join('. ')}`;
  return new PatternError(message, understood, [...trouble.unknown, ...trouble.unplaced], trouble.suggestions);
}
