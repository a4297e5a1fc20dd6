import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PatternError, readQuestion } from '@dynotable/core';
import type { Model, PatternMeaning } from '@dynotable/core';
import { exampleModel, shopModel } from './models.js';

const leaderboard = exampleModel('leaderboard');
const ticketDesk = exampleModel('ticket-desk');
/** Players, matches and tickets in one model. */
const combined: Model = { ...leaderboard, tables: [...leaderboard.tables, ...ticketDesk.tables], entities: [...leaderboard.entities, ...ticketDesk.entities] };

interface EntityWords {
  readonly plural: string;
  readonly name: string;
  /** [words, attribute] */
  readonly scopes: readonly (readonly [string, string])[];
  readonly orders: readonly (readonly [string, string])[];
  readonly time: string;
  /** [adjective, attribute, value] */
  readonly adjectives: readonly (readonly [string, string, string])[];
}

const ENTITIES: readonly EntityWords[] = [
  { plural: 'tickets', name: 'Ticket', scopes: [['team', 'teamId']], orders: [['priority', 'priority'], ['title', 'title']], time: 'createdAt', adjectives: [['open', 'status', 'open'], ['closed', 'status', 'closed']] },
  { plural: 'matches', name: 'Match', scopes: [['player', 'playerId'], ['map', 'mapId']], orders: [['rating delta', 'ratingDelta']], time: 'playedAt', adjectives: [['draw', 'result', 'draw']] },
  { plural: 'players', name: 'Player', scopes: [['season', 'season'], ['region', 'region']], orders: [['rating', 'rating']], time: 'createdAt', adjectives: [['eu', 'region', 'eu']] },
];

type Order = { kind: 'none' } | { kind: 'by' | 'highest' | 'newest' | 'oldest' } | { kind: 'sorted'; direction: 'ascending' | 'descending' };
type Limit = { form: 'top' | 'first' | 'last'; count: number } | undefined;

const phraseSpec = fc.record({
  entity: fc.constantFrom(...ENTITIES),
  scopeIndex: fc.nat(),
  orderIndex: fc.nat(),
  adjectiveIndex: fc.option(fc.nat(), { nil: undefined }),
  verb: fc.constantFrom('', 'list ', 'show ', 'query '),
  scopeWord: fc.constantFrom('by', 'per', 'for', 'of', 'in'),
  article: fc.constantFrom('', 'a ', 'the ', 'each ', 'a given '),
  comma: fc.constantFrom(', ', ' '),
  order: fc.constantFrom<Order>({ kind: 'none' }, { kind: 'by' }, { kind: 'highest' }, { kind: 'newest' }, { kind: 'oldest' }, { kind: 'sorted', direction: 'ascending' }, { kind: 'sorted', direction: 'descending' }),
  limit: fc.option(fc.record({ form: fc.constantFrom('top' as const, 'first' as const, 'last' as const), count: fc.integer({ min: 1, max: 1000 }) }), { nil: undefined }),
  between: fc.boolean(),
  shout: fc.boolean(),
});

type Spec = typeof phraseSpec extends fc.Arbitrary<infer T> ? T : never;

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

/** The phrase, and its meaning worked out from the parts rather than by the grammar. */
function build(spec: Spec): { question: string; expected: Omit<PatternMeaning, 'reading'> } {
  const entity = spec.entity;
  const [scopeWords, scope] = pick(entity.scopes, spec.scopeIndex);
  const [orderWords, orderAttribute] = pick(entity.orders, spec.orderIndex);
  const adjective = spec.adjectiveIndex === undefined ? undefined : pick(entity.adjectives, spec.adjectiveIndex);
  // "top 5 tickets by team" ranks by team: the generated ranking questions name their scope with another word.
  const scopeWord = spec.limit?.form === 'top' && spec.scopeWord === 'by' ? 'for' : spec.scopeWord;
  const limit: Limit = spec.limit;

  const orderText = {
    none: '',
    by: `${spec.comma}by ${orderWords}`,
    highest: `${spec.comma}highest ${orderWords} first`,
    newest: `${spec.comma}newest first`,
    oldest: `${spec.comma}oldest first`,
    sorted: `${spec.comma}sorted by ${orderWords} ${spec.order.kind === 'sorted' ? spec.order.direction : ''}`,
  }[spec.order.kind];
  const parts = [
    spec.verb,
    limit ? `${limit.form} ${limit.count} ` : '',
    adjective ? `${adjective[0]} ` : '',
    `${entity.plural} ${scopeWord} ${spec.article}${scopeWords}`,
    orderText,
    spec.between ? ' between two times' : '',
  ];
  const question = spec.shout ? parts.join('').toUpperCase() : parts.join('');

  // "last 5 tickets": the newest five, so by time when nothing else orders them.
  const lastOrder = limit?.form === 'last' ? entity.time : undefined;
  const orderBy = { none: lastOrder, by: orderAttribute, highest: orderAttribute, newest: entity.time, oldest: entity.time, sorted: orderAttribute }[spec.order.kind];
  const explicit = { none: undefined, by: undefined, highest: 'descending', newest: 'descending', oldest: 'ascending', sorted: spec.order.kind === 'sorted' ? spec.order.direction : undefined }[
    spec.order.kind
  ] as 'ascending' | 'descending' | undefined;
  const implied = limit && limit.form !== 'first' ? 'descending' : undefined;
  const expected: Omit<PatternMeaning, 'reading'> = {
    kind: 'list',
    entity: entity.name,
    equals: [scope],
    where: adjective ? [{ attribute: adjective[1], value: adjective[2] }] : [],
    ...(spec.between ? { between: entity.time } : {}),
    ...(orderBy === undefined ? {} : { orderBy }),
    direction: explicit ?? implied ?? 'ascending',
    ...(limit ? { limit: limit.count } : {}),
  };
  return { question, expected };
}

describe('the grammar, generated', () => {
  it('phrases built from the grammar read to the meaning they were built from', () => {
    fc.assert(
      fc.property(phraseSpec, (spec) => {
        const { question, expected } = build(spec);
        const { reading, ...meaning } = readQuestion(question, combined);
        expect(meaning, question).toEqual(expected);
        expect(reading).toContain(`list ${expected.entity}`);
      }),
      { numRuns: 500 },
    );
  });

  it('the same phrases read without a model, to the entity word', () => {
    fc.assert(
      fc.property(phraseSpec, (generated) => {
        // Without a model only status words (open, closed) are adjectives; others join the entity's name.
        const spec = generated.entity.name === 'Ticket' ? generated : { ...generated, adjectiveIndex: undefined };
        const { question, expected } = build(spec);
        const meaning = readQuestion(question);
        expect(meaning.entity).toBe(expected.entity);
        expect(meaning.equals).toHaveLength(1);
        expect(meaning.direction).toBe(expected.direction);
        expect(meaning.limit).toBe(expected.limit);
        expect(meaning.where).toEqual(expected.where);
      }),
      { numRuns: 300 },
    );
  });
});

const WORDS = [
  'get', 'list', 'find', 'look', 'up', 'top', 'first', 'last', 'limit', 'by', 'per', 'for', 'of', 'in', 'within', 'from', 'on', 'with', 'where',
  'whose', 'that', 'which', 'is', 'are', 'not', 'equals', 'between', 'and', 'or', 'two', 'times', 'time', 'range', 'newest', 'oldest', 'most',
  'recent', 'highest', 'lowest', 'ascending', 'descending', 'sorted', 'ordered', 'order', 'a', 'the', 'tickets', 'ticket', 'players', 'matches',
  'team', 'status', 'open', 'priority', 'rating', 'season', 'id', 'handle', 'orders', 'people', 'categories', 'fluffy', '10', '0', '2.5', ',',
  '=', '?', '"x"', "'", "player's", '%', '',
];

function neverCrashes(question: string, model?: Model): void {
  try {
    const meaning = readQuestion(question, model);
    expect(typeof meaning.reading).toBe('string');
    expect(['get', 'list']).toContain(meaning.kind);
  } catch (error) {
    if (!(error instanceof PatternError)) throw error;
    expect(error.message.length).toBeGreaterThan(0);
  }
}

describe('the grammar, on anything', () => {
  const models = [undefined, combined, exampleModel('audit-log'), shopModel()];

  it('arbitrary text either reads or throws PatternError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom(...models), (text, model) => neverCrashes(text, model)),
      { numRuns: 1000 },
    );
  });

  it('soups of the grammar words either read or throw PatternError', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 14 }), fc.constantFrom(...models), (words, model) => neverCrashes(words.join(' '), model)),
      { numRuns: 3000 },
    );
  });

  it('an order text of anything either reads or throws PatternError', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }), fc.constantFrom(...models.slice(1)), (words, model) => {
        try {
          readQuestion(`list ${model!.entities[0]!.plural}`, model, words.join(' '));
        } catch (error) {
          if (!(error instanceof PatternError)) throw error;
        }
      }),
      { numRuns: 1000 },
    );
  });
});
