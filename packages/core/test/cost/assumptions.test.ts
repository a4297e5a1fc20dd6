import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSUMED_DEFAULTS,
  applyModelEditsToText,
  assumedFills,
  assumptionEdits,
  costModel,
  designModel,
  modelFromQuestions,
  parseModel,
  serializeModel,
  withAssumptions,
} from '@dynotable/core';
import type { Model } from '@dynotable/core';
import { attribute, entity, example, model } from './fixtures.js';

/** A model with every rate and count taken out: what a model file written before its volumes are known looks like. */
function withoutFigures(source: Model): Model {
  return {
    ...source,
    entities: source.entities.map(({ count: _count, ...rest }) => rest),
    accessPatterns: source.accessPatterns.map(({ rate: _rate, ...rest }) => rest),
    writePaths: source.writePaths.map(({ rate: _rate, ...rest }) => rest),
  };
}

const TICKETS = `# The help desk, before anyone knew the volumes.
name: desk
tables:
  Desk:
    partitionKey: PK  # generic keys
    sortKey: SK
entities:
  # One ticket per problem reported.
  Ticket:
    attributes:
      ticketId: string
      team: string
      status: { type: enum, values: [open, closed], mutable: true }
    keys: { PK: "TICKET#{ticketId}", SK: TICKET }
accessPatterns:
  - name: getTicket # the busiest read
    question: get ticket by id
`;

describe('assumed cost inputs', () => {
  it('fills every missing rate and count with the defaults, and marks each one assumed', () => {
    const bare = withoutFigures(example('ticket-desk'));
    const filled = withAssumptions(bare);
    for (const pattern of filled.accessPatterns) {
      expect(pattern.rate).toBe(ASSUMED_DEFAULTS.readRate);
      expect(pattern.assumed).toEqual(['rate']);
    }
    for (const path of filled.writePaths.slice(0, bare.writePaths.length)) {
      expect(path.rate).toBe(ASSUMED_DEFAULTS.writeRate[path.kind]);
      expect(path.assumed).toEqual(['rate']);
    }
    for (const each of filled.entities) {
      expect(each.count).toBe(ASSUMED_DEFAULTS.count);
      expect(each.assumed).toEqual(['count']);
    }
  });

  it("leaves a person's figures alone and fills only what is missing", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat({ max: 500 }), { nil: undefined }), { minLength: 1, maxLength: 5 }), fc.option(fc.nat(), { nil: undefined }), (rates, count) => {
        const source = model({
          entities: [entity({ name: 'Note', attributes: [attribute('noteId', 'string')], keys: { PK: 'NOTE#{noteId}', SK: 'NOTE' }, ...(count === undefined ? {} : { count }) })],
          accessPatterns: rates.map((rate, index) => ({ name: `p${index}`, question: 'get note by id', ...(rate === undefined ? {} : { rate }) })),
          writePaths: [{ name: 'addNote', entity: 'Note', kind: 'create', attributes: [] }],
        });
        const filled = withAssumptions(source);
        filled.accessPatterns.forEach((pattern, index) => {
          expect(pattern.rate).toBe(rates[index] ?? ASSUMED_DEFAULTS.readRate);
          expect(pattern.assumed).toEqual(rates[index] === undefined ? ['rate'] : undefined);
        });
        expect(filled.entities[0]!.count).toBe(count ?? ASSUMED_DEFAULTS.count);
        expect(filled.entities[0]!.assumed).toEqual(count === undefined ? ['count'] : undefined);
        // The entity has a create path already and no mutable attribute: no write path is added.
        expect(filled.writePaths.map((path) => path.name)).toEqual(['addNote']);
        // Filling twice changes nothing more.
        expect(assumedFills(filled)).toEqual([]);
        expect(withAssumptions(filled)).toBe(filled);
      }),
    );
  });

  it('adds an assumed create for every entity, and an update of the mutable attributes, with names that do not clash', () => {
    const source = model({
      entities: [
        entity({ name: 'Ticket', attributes: [attribute('ticketId', 'string'), attribute('status', 'enum', { values: ['open', 'closed'], mutable: true })], keys: {} }),
        entity({ name: 'Team', attributes: [attribute('teamId', 'string')], keys: {} }),
      ],
      accessPatterns: [{ name: 'createTicket', question: 'get ticket by id' }],
    });
    const added = withAssumptions(source).writePaths;
    expect(added.map((path) => [path.name, path.entity, path.kind, path.attributes, path.rate, path.assumed])).toEqual([
      ['createTicket2', 'Ticket', 'create', [], ASSUMED_DEFAULTS.writeRate.create, ['rate']],
      ['updateTicket', 'Ticket', 'update', ['status'], ASSUMED_DEFAULTS.writeRate.update, ['rate']],
      ['createTeam', 'Team', 'create', [], ASSUMED_DEFAULTS.writeRate.create, ['rate']],
    ]);
    for (const path of added) expect(path.description).toMatch(/^Assumed: /);
  });

  it('gives a model designed from questions assumed rates, counts and writes, so its cost is not $0', () => {
    const designed = designModel(modelFromQuestions(['list tickets by team, by priority', 'get ticket by id'], 'desk')).model;
    expect(designed.accessPatterns.every((pattern) => pattern.rate === ASSUMED_DEFAULTS.readRate && pattern.assumed?.includes('rate'))).toBe(true);
    expect(designed.entities.every((each) => each.count === ASSUMED_DEFAULTS.count && each.assumed?.includes('count'))).toBe(true);
    expect(designed.writePaths.map((path) => path.kind)).toEqual(['create', 'update']);
    // The file the designer hands over reads back the same, assumptions and all.
    expect(parseModel(serializeModel(designed))).toEqual(designed);
    const report = costModel(designed);
    expect(report.totals.onDemandMonthly).toBeGreaterThan(0);
    expect(report.totals.storageMonthly).toBeGreaterThan(0);
    expect(report.zeroReasons).toEqual({});
    expect(report.assumedFigures).toBeGreaterThanOrEqual(designed.accessPatterns.length + designed.entities.length + designed.writePaths.length);
  });

  it('leaves a model whose keys it only checks as it is', () => {
    const checked = example('leaderboard');
    expect(designModel(checked).model).toBe(checked);
  });

  it('writes the same fills into the model file text, keeping its comments and order', () => {
    const filledText = applyModelEditsToText(TICKETS, assumptionEdits(parseModel(TICKETS)));
    expect(parseModel(filledText)).toEqual(withAssumptions(parseModel(TICKETS)));
    for (const comment of ['# The help desk, before anyone knew the volumes.', 'PK  # generic keys', '  # One ticket per problem reported.', '  - name: getTicket # the busiest read']) {
      expect(filledText).toContain(comment);
    }
    // Nothing the fills did not touch moved: the original lines come first, in order.
    const original = TICKETS.trimEnd().split('\n');
    const lines = filledText.split('\n');
    let at = 0;
    for (const line of lines) if (line === original[at]) at += 1;
    expect(at).toBe(original.length);
  });

  it('fills the example models, stripped of their figures, the same way in text and in data', () => {
    for (const name of ['ticket-desk', 'leaderboard', 'audit-log'] as const) {
      const bare = withoutFigures(example(name));
      const text = serializeModel(bare);
      const json = serializeModel(bare, 'json');
      const expected = withAssumptions(bare);
      expect(parseModel(applyModelEditsToText(text, assumptionEdits(bare)))).toEqual(expected);
      expect(parseModel(applyModelEditsToText(json, assumptionEdits(bare), 'model.json'), 'model.json')).toEqual(expected);
    }
  });
});
