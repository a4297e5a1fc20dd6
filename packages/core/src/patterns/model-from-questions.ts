/**
 * A first model from questions alone: one table (PK/SK, no indexes), one entity
 * per entity word, the attributes the questions mention with types guessed from
 * their names, and one access pattern per question. No keys and no write paths:
 * the designer chooses the keys.
 */
import type { AccessPatternSpec, AttributeSpec, EntitySpec, Model, PatternMeaning, TableSpec } from '../model/types.js';
import { PatternError } from './errors.js';
import { questionWarning } from './warnings.js';
import type { InferredModel, QuestionWarning } from './warnings.js';
import { FILLERS, STATUS_ATTRIBUTE, STATUS_GROUPS, STATUS_WORDS } from './lexicon.js';
import { readQuestion } from './read-question.js';
import { tokenize } from './tokens.js';
import { camelCase, pascalCase, pluralize } from './words.js';

/** Names (their last word) read as integers that change over an item's life. */
const COUNTER_WORDS = new Set([
  'rating', 'score', 'priority', 'count', 'amount', 'price', 'age', 'level', 'rank', 'points', 'quantity', 'total', 'balance', 'size', 'version',
]);

interface Mention {
  /** Constant values the questions compare it with. */
  readonly values: Set<string>;
  unique: boolean;
}

function lastWord(name: string): string {
  const match = /([A-Z]?[a-z0-9]+|[A-Z]+)$/.exec(name);
  return (match?.[0] ?? name).toLowerCase();
}

function statusValues(values: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const group of STATUS_GROUPS) if (group.some((word) => values.has(word))) out.push(...group);
  for (const value of values) if (!out.includes(value)) out.push(value);
  return out;
}

/** The declared type from the name: createdAt → timestamp, rating → integer, open/closed → enum status. */
function attributeSpec(name: string, mention: Mention, idName: string): AttributeSpec {
  const base = { name, mutable: false, unique: mention.unique, required: true };
  if (name === idName) return { ...base, type: 'string', unique: true };
  const last = lastWord(name);
  if (['at', 'time', 'timestamp'].includes(last)) return { ...base, type: 'timestamp' };
  if (['date', 'day'].includes(last)) return { ...base, type: 'date' };
  const values = [...mention.values];
  if (name === STATUS_ATTRIBUTE || (values.length > 0 && values.every((value) => STATUS_WORDS.has(value.toLowerCase())))) {
    return { ...base, type: 'enum', mutable: true, values: statusValues(new Set(values.map((value) => value.toLowerCase()))) };
  }
  if (COUNTER_WORDS.has(last)) return { ...base, type: 'number', integer: true, mutable: true };
  return values.length > 0 ? { ...base, type: 'string', examples: values } : { ...base, type: 'string' };
}

/** listTicketsByTeamByPriority: the question's words without fillers or punctuation. */
function patternName(question: string, meaning: PatternMeaning, taken: Set<string>): string {
  const words = tokenize(question)
    .filter((token) => (token.kind === 'word' && !FILLERS.has(token.lower)) || token.kind === 'number')
    .map((token) => token.lower.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  let name = camelCase(words);
  if (!/^\p{L}/u.test(name)) name = meaning.kind + pascalCase(words);
  let unique = name;
  for (let suffix = 2; taken.has(unique); suffix += 1) unique = `${name}${suffix}`;
  taken.add(unique);
  return unique;
}

function tableName(name: string | undefined): string {
  const words = (name ?? 'App').split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const pascal = pascalCase(words);
  return pascal.length >= 3 ? pascal : `${pascal}Table`;
}

/**
 * Reads each question without a model and returns the model the questions
 * imply. An attribute named after another entity ("list matches by player")
 * becomes that entity's id (playerId). Throws PatternError for a question the
 * grammar cannot read.
 */
export function modelFromQuestions(questions: readonly string[], name?: string): Model {
  if (questions.length === 0) throw new PatternError('no questions: give at least one, e.g. "list tickets by team, by priority"');
  const { model, warnings } = inferModelFromQuestions(questions, name);
  const first = warnings[0];
  if (first !== undefined) throw new PatternError(first.message, first.understood, [...first.notUnderstood], first.suggestions);
  return model;
}

/**
 * modelFromQuestions that never gives up on the whole list: a question the
 * grammar cannot read is left out of the model and comes back as a warning,
 * with what was understood, the words that were not, and suggestions.
 */
export function inferModelFromQuestions(questions: readonly string[], name?: string): InferredModel {
  const read: { question: string; meaning: PatternMeaning }[] = [];
  const warnings: QuestionWarning[] = [];
  for (const question of questions) {
    try {
      read.push({ question, meaning: readQuestion(question) });
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      warnings.push(questionWarning(question, error));
    }
  }
  return { model: modelOfMeanings(read, name), warnings };
}

function modelOfMeanings(read: readonly { question: string; meaning: PatternMeaning }[], name: string | undefined): Model {
  const meanings = read.map((each) => each.meaning);
  const entityNames = [...new Set(meanings.map((meaning) => meaning.entity))];
  const references = new Map(entityNames.map((entity) => [camelCase([entity]).toLowerCase(), `${camelCase([entity])}Id`]));
  const rename = (attribute: string): string => references.get(attribute.toLowerCase()) ?? attribute;

  const mentions = new Map(entityNames.map((entity) => [entity, new Map<string, Mention>()]));
  for (const meaning of meanings) {
    const attributes = mentions.get(meaning.entity)!;
    const mention = (attribute: string): Mention => {
      const renamed = rename(attribute);
      let found = attributes.get(renamed);
      if (!found) attributes.set(renamed, (found = { values: new Set(), unique: false }));
      return found;
    };
    mention(`${camelCase([meaning.entity])}Id`);
    for (const attribute of meaning.equals) mention(attribute);
    for (const condition of meaning.where) mention(condition.attribute).values.add(condition.value);
    if (meaning.between !== undefined) mention(meaning.between);
    if (meaning.orderBy !== undefined) mention(meaning.orderBy);
    // "find player by handle": one item by one attribute, so the attribute is unique.
    if (meaning.kind === 'get' && meaning.equals.length === 1) mention(meaning.equals[0]!).unique = true;
  }

  const table: TableSpec = {
    name: tableName(name),
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    billingMode: 'PAY_PER_REQUEST',
    globalSecondaryIndexes: [],
    localSecondaryIndexes: [],
  };
  const entities = entityNames.map((entity): EntitySpec => {
    const idName = `${camelCase([entity])}Id`;
    return {
      name: entity,
      plural: pluralize(entity),
      table: table.name,
      attributes: [...mentions.get(entity)!].map(([attribute, mention]) => attributeSpec(attribute, mention, idName)),
      keys: {},
      keysWhen: {},
    };
  });
  const taken = new Set<string>();
  const accessPatterns = read.map(({ question, meaning }): AccessPatternSpec => ({ name: patternName(question, meaning, taken), question }));
  return { name: name ?? 'app', tables: [table], entities, accessPatterns, writePaths: [] };
}
