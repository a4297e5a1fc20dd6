/** The grammar's entry points: a question (and its expected order) in words to a PatternMeaning. */
import type { AccessPatternSpec, Model, PatternMeaning } from '../model/types.js';
import { ClauseReader } from './clauses.js';
import { Cursor } from './cursor.js';
import type { Draft } from './draft.js';
import { emptyDraft } from './draft.js';
import { PatternError } from './errors.js';
import { buildMeaning } from './meaning.js';
import { readSubject } from './subject.js';
import { tokenize } from './tokens.js';
import type { Vocabulary } from './vocabulary.js';
import { modelVocabulary, plainVocabulary } from './vocabulary.js';

function readOrder(text: string, draft: Draft, vocabulary: Vocabulary): Draft {
  const order = emptyDraft(draft.entity, draft.plural);
  new ClauseReader(new Cursor(tokenize(text)), vocabulary, order, 'order').readAll();
  return order;
}

/**
 * Reads an access pattern written in words: "list matches by player, newest
 * first", "top 10 players by rating in a season". With a model, names resolve
 * to the model's declared names; without one, they are the words themselves.
 * `order` ("newest first", "rating descending") overrides the question's order.
 * Throws PatternError saying what was understood and which words were not.
 */
export function readQuestion(question: string, model?: Model, order?: string): PatternMeaning {
  const tokens = tokenize(question);
  if (tokens.length === 0) {
    throw new PatternError('the question is empty: write what it reads, e.g. "list tickets by team, newest first"');
  }
  const vocabulary = model ? modelVocabulary(model) : plainVocabulary();
  const cursor = new Cursor(tokens);
  const { draft, modifiers, possessives } = readSubject(cursor, vocabulary, question);
  const reader = new ClauseReader(cursor, vocabulary, draft, 'question');
  for (const possessive of possessives) {
    const { attribute } = reader.resolve([possessive]);
    if (attribute) draft.scopes.push({ preposition: "'s", attributes: [attribute] });
  }
  new ClauseReader(new Cursor(modifiers), vocabulary, draft, 'question').readAll();
  reader.readAll();
  if (draft.identified === true && draft.scopes.length === 0) {
    // "get an employee's profile": the employee is the one the caller names, by its id.
    const id = vocabulary.attribute(draft.entity, ['id']);
    if (id) draft.scopes.push({ preposition: "'s", attributes: [{ name: id.name, time: false, words: 'id' }] });
  }
  if (!model && namesOnlyAThing(draft)) {
    // Without a model any word can be an entity: "blah blah" alone would design an entity BlahBlah.
    const words = question.trim();
    throw new PatternError(
      `"${words}" is not a question DynoTable can read: it has no verb (get, list, find, count...) and nothing to select by (by, of, for, where...), so it only names a thing. Write what it reads, e.g. "list ${words} by owner, newest first" or "get a ${words} by id"`,
      '',
      [words],
    );
  }
  const orderText = order?.trim();
  const orderDraft = orderText ? { draft: readOrder(orderText, draft, vocabulary), text: orderText } : undefined;
  return buildMeaning(draft, vocabulary, question, orderDraft);
}

/** A bare noun phrase: no verb, scope, condition, order, limit or range; nothing says what is asked of it. */
function namesOnlyAThing(draft: Draft): boolean {
  return (
    draft.verb === undefined &&
    draft.scopes.length === 0 &&
    draft.where.length === 0 &&
    draft.order === undefined &&
    draft.limit === undefined &&
    draft.between === undefined &&
    !draft.ranking &&
    draft.latest !== true &&
    draft.identified !== true
  );
}

/** readQuestion for a model's access pattern, with its `order`. */
export function readAccessPattern(model: Model, pattern: AccessPatternSpec): PatternMeaning {
  return readQuestion(pattern.question, model, pattern.order);
}
