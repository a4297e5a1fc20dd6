/**
 * The three example models and a task queue, and their plans. For the seeds
 * the planner's plans are used once it can read their questions (it needs the
 * access-pattern grammar); until then the plans written here stand in.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Model, PatternPlan } from '../../src/model/types.js';
import { parseModel } from '../../src/model/index.js';
import { planAccessPattern } from '../../src/design/index.js';

/** The three seed models, and two models that exercise what they do not (see task-queue.yaml, counters.yaml). */
export const EXAMPLE_NAMES = ['leaderboard', 'audit-log', 'ticket-desk', 'task-queue', 'counters'] as const;
/** Models written for these tests: they exercise the generator, not the planner, so their plans are fixed. */
const FIXTURES: readonly ExampleName[] = ['task-queue', 'counters'];
export type ExampleName = (typeof EXAMPLE_NAMES)[number];

export function loadExample(name: ExampleName): Model {
  const file =
    FIXTURES.includes(name)
      ? fileURLToPath(new URL(`./${name}.yaml`, import.meta.url))
      : fileURLToPath(new URL(`../../../../examples/${name}.yaml`, import.meta.url));
  return parseModel(readFileSync(file, 'utf8'), `${name}.yaml`);
}

type Stub = Omit<PatternPlan, 'why' | 'table'> & { why?: string };

const STUB_PLANS: Record<ExampleName, Stub[]> = {
  leaderboard: [
    { pattern: 'getPlayer', entity: 'Player', operation: 'GetItem', partition: { attribute: 'PK', template: 'PLAYER#{playerId}' }, sort: { attribute: 'SK', template: 'PROFILE', operator: 'equals' }, parameters: ['playerId'] },
    { pattern: 'listRecentMatches', entity: 'Match', operation: 'Query', partition: { attribute: 'PK', template: 'PLAYER#{playerId}' }, sort: { attribute: 'SK', template: 'MATCH#{playedAt:iso}#{matchId}', operator: 'beginsWith' }, scanIndexForward: false, parameters: ['playerId'] },
    { pattern: 'topPlayersOfSeason', entity: 'Player', operation: 'Query', index: 'GSI1', partition: { attribute: 'GSI1PK', template: 'SEASON#{season}' }, sort: { attribute: 'GSI1SK', template: 'RATING#{rating:05}', operator: 'beginsWith' }, scanIndexForward: false, limit: 10, parameters: ['season'] },
    { pattern: 'findPlayerByHandle', entity: 'Player', operation: 'Query', index: 'GSI2', partition: { attribute: 'GSI2PK', template: 'HANDLE#{handle}' }, sort: { attribute: 'GSI2SK', template: 'PLAYER#{playerId}', operator: 'beginsWith' }, scanIndexForward: true, limit: 1, parameters: ['handle'] },
  ],
  'audit-log': [
    { pattern: 'listActorEvents', entity: 'Event', operation: 'Query', partition: { attribute: 'PK', template: 'ACTOR#{actorId}' }, sort: { attribute: 'SK', template: 'EVT#{at:iso}#{eventId}', operator: 'beginsWith' }, scanIndexForward: false, parameters: ['actorId'] },
    { pattern: 'actorEventsInWindow', entity: 'Event', operation: 'Query', partition: { attribute: 'PK', template: 'ACTOR#{actorId}' }, sort: { attribute: 'SK', template: 'EVT#{at:iso}#{eventId}', operator: 'between', rangeAttribute: 'at' }, scanIndexForward: true, parameters: ['actorId', 'atFrom', 'atTo'] },
  ],
  'ticket-desk': [
    { pattern: 'getTicket', entity: 'Ticket', operation: 'GetItem', partition: { attribute: 'PK', template: 'TICKET#{ticketId}' }, sort: { attribute: 'SK', template: 'TICKET', operator: 'equals' }, parameters: ['ticketId'] },
    { pattern: 'listTeamTicketsByStatus', entity: 'Ticket', operation: 'Query', index: 'GSI1', partition: { attribute: 'GSI1PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'GSI1SK', template: 'STATUS#{status}#TICKET#{ticketId}', operator: 'beginsWith' }, scanIndexForward: true, parameters: ['teamId'] },
    { pattern: 'listOpenTickets', entity: 'Ticket', operation: 'Query', index: 'GSI2', partition: { attribute: 'GSI2PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'GSI2SK', template: 'CREATED#{createdAt:iso}#TICKET#{ticketId}', operator: 'beginsWith' }, scanIndexForward: true, parameters: ['teamId'] },
  ],
  'task-queue': [
    { pattern: 'getTask', entity: 'Task', operation: 'GetItem', partition: { attribute: 'PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'SK', template: 'STATUS#{status}#TASK#{taskId}', operator: 'equals' }, parameters: ['teamId', 'status', 'taskId'] },
    { pattern: 'listTasksByStatus', entity: 'Task', operation: 'Query', partition: { attribute: 'PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'SK', template: 'STATUS#{status}#TASK#{taskId}', operator: 'beginsWith' }, scanIndexForward: true, parameters: ['teamId'] },
    { pattern: 'listOpenTasks', entity: 'Task', operation: 'Query', partition: { attribute: 'PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'SK', template: 'STATUS#open#TASK#{taskId}', operator: 'beginsWith' }, scanIndexForward: false, parameters: ['teamId'] },
    { pattern: 'topTasksByDelta', entity: 'Task', operation: 'Query', index: 'GSI1', partition: { attribute: 'GSI1PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'GSI1SK', template: 'DELTA#{delta:04}#{taskId}', operator: 'beginsWith' }, scanIndexForward: false, limit: 3, parameters: ['teamId'] },
    { pattern: 'listDoingTasksByDelta', entity: 'Task', operation: 'Query', index: 'GSI1', partition: { attribute: 'GSI1PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'GSI1SK', template: 'DELTA#{delta:04}#{taskId}', operator: 'beginsWith' }, scanIndexForward: true, filter: [{ attribute: 'status', value: 'doing' }], parameters: ['teamId'] },
    { pattern: 'tasksByScoreBetween', entity: 'Task', operation: 'Query', index: 'LSI1', partition: { attribute: 'PK', template: 'TEAM#{teamId}' }, sort: { attribute: 'LSI1SK', template: 'SCORE#{score:d6.2}#{taskId}', operator: 'between', rangeAttribute: 'score' }, scanIndexForward: true, parameters: ['teamId', 'scoreFrom', 'scoreTo'] },
    { pattern: 'findTasksByResult', entity: 'Task', operation: 'Scan', parameters: ['result'] },
    { pattern: 'listDoneTasks', entity: 'Task', operation: 'Query', index: 'GSI2', partition: { attribute: 'GSI2PK', template: 'DONE#{teamId}' }, sort: { attribute: 'GSI2SK', template: 'AT#{due:iso-ms}#{taskId}', operator: 'beginsWith' }, scanIndexForward: true, parameters: ['teamId'] },
  ],
  counters: [
    { pattern: 'getReading', entity: 'Reading', operation: 'GetItem', partition: { attribute: 'PK', template: 'METER#{meter}' }, sort: { attribute: 'SK', template: '{seq}', operator: 'equals' }, parameters: ['meter', 'seq'] },
    { pattern: 'listReadings', entity: 'Reading', operation: 'Query', partition: { attribute: 'PK', template: 'METER#{meter}' }, scanIndexForward: false, parameters: ['meter'] },
    { pattern: 'readingsBetween', entity: 'Reading', operation: 'Query', partition: { attribute: 'PK', template: 'METER#{meter}' }, sort: { attribute: 'SK', template: '{seq}', operator: 'between', rangeAttribute: 'seq' }, scanIndexForward: true, parameters: ['meter', 'seqFrom', 'seqTo'] },
  ],
};

/** The planner's plans when it can read the questions, else the stand-ins above. */
export function examplePlans(name: ExampleName, model: Model): PatternPlan[] {
  const stubs = () => STUB_PLANS[name].map((stub) => ({ why: 'stand-in plan', table: model.tables[0]!.name, ...stub }));
  if (FIXTURES.includes(name)) return stubs();
  try {
    return model.accessPatterns.map((pattern) => planAccessPattern(model, pattern));
  } catch {
    return stubs();
  }
}
