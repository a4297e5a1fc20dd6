import { describe, expect, it } from 'vitest';
import { inferModelFromQuestions, PatternError, readQuestion } from '@dynotable/core';

describe('a question that only names a thing, without a model', () => {
  it('is not read: "blah blah" would design an entity BlahBlah on one constant partition', () => {
    let error: unknown;
    try {
      readQuestion('blah blah');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PatternError);
    expect((error as PatternError).message).toBe(
      '"blah blah" is not a question DynoTable can read: it has no verb (get, list, find, count...) and nothing to select by (by, of, for, where...), so it only names a thing. Write what it reads, e.g. "list blah blah by owner, newest first" or "get a blah blah by id"',
    );
    expect((error as PatternError).notUnderstood).toEqual(['blah blah']);
  });

  it('is left out of a design from questions, as a warning, beside the questions that read', () => {
    const { model, warnings } = inferModelFromQuestions(['blah blah', 'list tickets by team']);
    expect(model.entities.map((entity) => entity.name)).toEqual(['Ticket']);
    expect(warnings.map((warning) => warning.question)).toEqual(['blah blah']);
  });

  it('still reads with a verb, a scope, a condition or an order', () => {
    for (const question of ['list tickets', 'tickets by team', 'open tickets', 'tickets newest first', 'top 10 players by rating']) {
      expect(() => readQuestion(question), question).not.toThrow();
    }
  });
});
