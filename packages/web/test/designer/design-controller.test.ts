import { describe, expect, it } from 'vitest';
import type { DesignAnswer, QuestionReading } from '../../src/designer/design-api.js';
import { designController, type DesignState } from '../../src/designer/design-controller.js';
import type { DesignRequest } from '../../src/designer/design-request.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const READS: QuestionReading = { ok: true, meaning: { kind: 'get', entity: 'player', equals: ['id'], where: [], direction: 'ascending', reading: 'get player' } };
const UNREAD: QuestionReading = { ok: false, message: 'could not place "where"', understood: 'list Ticket', notUnderstood: ['where'] };

function harness(readingOf: (question: string) => QuestionReading) {
  const reads: string[] = [];
  const designs: DesignRequest[] = [];
  let state: DesignState = { answer: undefined, error: undefined };
  let readings: ReadonlyMap<string, QuestionReading> = new Map();
  const controller = designController({
    read: async (question) => {
      reads.push(question);
      return readingOf(question);
    },
    design: async (request) => {
      designs.push(request);
      return { model: { name: 'x' }, plans: [], decisions: [], mode: 'designed', problems: [] } as unknown as DesignAnswer;
    },
    onReadings: (next) => (readings = next),
    onDesign: (update) => (state = update(state)),
  });
  return { controller, reads, designs, state: () => state, readings: () => readings };
}

describe('the design controller', () => {
  it('reads each new question once, then designs from the questions that read', async () => {
    const run = harness((question) => (question.includes('where') ? UNREAD : READS));
    run.controller.update({ name: 'app', questions: ['get player by id', 'list tickets where'], entities: [] });
    expect(run.designs).toEqual([]);
    await settle();
    expect(run.designs).toEqual([{ questions: ['get player by id'], name: 'app' }]);
    expect(run.readings().get('list tickets where')).toEqual(UNREAD);
    expect(run.state().answer).toBeDefined();
    run.controller.update({ name: 'app', questions: ['get player by id', 'get player by handle'], entities: [] });
    await settle();
    expect(run.reads).toEqual(['get player by id', 'list tickets where', 'get player by handle']);
    expect(run.designs.at(-1)).toEqual({ questions: ['get player by id', 'get player by handle'], name: 'app' });
  });

  it('clears the proposal when no question is left', async () => {
    const run = harness(() => READS);
    run.controller.update({ name: 'app', questions: ['get player by id'], entities: [] });
    await settle();
    expect(run.state().answer).toBeDefined();
    run.controller.update({ name: 'app', questions: [], entities: [] });
    expect(run.state().answer).toBeUndefined();
  });

  it('does nothing more once closed', async () => {
    const run = harness(() => READS);
    run.controller.update({ name: 'app', questions: ['get player by id'], entities: [] });
    run.controller.close();
    await settle();
    expect(run.designs).toEqual([]);
    expect(run.state().answer).toBeUndefined();
  });
});

describe('the design controller with the grammar in the page', () => {
  it('asks for the design on the keystroke itself, leaving out what does not read, and still reads each question for its note', async () => {
    const reads: string[] = [];
    const designs: DesignRequest[] = [];
    const controller = designController({
      read: async (question) => {
        reads.push(question);
        return READS;
      },
      design: async (request) => {
        designs.push(request);
        return {} as DesignAnswer;
      },
      onReadings: () => {},
      onDesign: () => {},
      readsHere: (question) => !question.includes('where'),
    });
    controller.update({ name: 'app', questions: ['get player by id', 'list tickets where'], entities: [] });
    expect(designs).toEqual([{ questions: ['get player by id'], name: 'app' }]);
    expect(reads).toEqual(['get player by id', 'list tickets where']);
    await settle();
    expect(designs).toHaveLength(1);
  });
});
