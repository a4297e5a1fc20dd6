/**
 * One broken variant per rule (an edit of an example's YAML) that the rule must
 * catch, and a near miss it must not. Each positive case runs only its own
 * rule, so removing the rule fails it.
 */
import { describe, expect, it } from 'vitest';
import { LINT_RULES, lintModel } from '../../src/lint/index.js';
import type { LintLocation } from '../../src/lint/index.js';
import type { Model } from '../../src/model/types.js';
import { example } from './variants.js';

interface RuleCase {
  readonly rule: string;
  readonly name: string;
  readonly broken: () => Model;
  /** What the finding must point at. */
  readonly at: LintLocation;
  readonly nearMiss: () => Model;
}

const TICKET_BASE = 'PK: TICKET#{ticketId}\n      SK: TICKET';
const TICKET_KEYS_WHEN = '    keysWhen:\n      GSI2PK: { status: open }\n      GSI2SK: { status: open }\n';
const AUDIT_EVENT_ID = 'eventId: { type: string, minLength: 6, maxLength: 6 }';
const AUDIT_SK = 'SK: EVT#{at:iso}#{eventId}';
const RATING = 'rating: { type: number, integer: true, min: 0, max: 99999, mutable: true }';
const LSI = '    timeToLiveAttribute: expiresAt\n    localSecondaryIndexes:\n      LSI1:\n        sortKey: { name: LSI1SK, type: S }\n        projection: ALL\n';

/** Ticket desk's GSI1 sorted by [status, ticketId], a multi-attribute key, instead of STATUS#{status}#TICKET#{ticketId}. */
const MULTI_ATTRIBUTE_GSI1 = [
  ['sortKey: { name: GSI1SK, type: S }', 'sortKey: [status, ticketId]'],
  ['GSI1SK: STATUS#{status}#TICKET#{ticketId}', 'status: "{status}"\n      ticketId: "{ticketId}"'],
] as const;

const addPattern = (line: string) => ['accessPatterns:\n', `accessPatterns:\n  - ${line}\n`] as const;

const CASES: RuleCase[] = [
  {
    rule: 'unordered-sort-key',
    name: 'a UUID sort key used for order (audit log)',
    broken: () => example('audit-log', [[AUDIT_EVENT_ID, 'eventId: uuid'], [AUDIT_SK, 'SK: EVT#{eventId}']]),
    at: { entity: 'Event', keyAttribute: 'SK', attribute: 'eventId', pattern: 'listActorEvents' },
    // The UUID after the timestamp only breaks ties.
    nearMiss: () => example('audit-log', [[AUDIT_EVENT_ID, 'eventId: uuid']]),
  },
  {
    rule: 'non-sortable-date',
    name: 'a 6/23/2026 date (M/D/YYYY) in the audit sort key',
    broken: () =>
      example('audit-log', [
        ['at: timestamp', 'at: { type: timestamp, format: M/D/YYYY, examples: [6/23/2026] }'],
        [AUDIT_SK, 'SK: EVT#{at}#{eventId}'],
      ]),
    at: { entity: 'Event', keyAttribute: 'SK', attribute: 'at' },
    nearMiss: () => example('audit-log', [['at: timestamp', 'at: { type: date, format: YYYY-MM-DD, examples: [2026-06-23] }'], [AUDIT_SK, 'SK: EVT#{at}#{eventId}']]),
  },
  {
    rule: 'unpadded-number-in-key',
    name: 'an unpadded RATING#{rating} (leaderboard)',
    broken: () => example('leaderboard', [['RATING#{rating:05}', 'RATING#{rating}']]),
    at: { entity: 'Player', keyAttribute: 'GSI1SK', index: 'GSI1', attribute: 'rating' },
    // A number in a partition key is only ever compared for equality.
    nearMiss: () => example('leaderboard', [['GSI2PK: HANDLE#{handle}', 'GSI2PK: HANDLE#{handle}#{rating}']]),
  },
  {
    rule: 'number-padding-too-narrow',
    name: '{rating:04} with max 99999',
    broken: () => example('leaderboard', [['RATING#{rating:05}', 'RATING#{rating:04}']]),
    at: { entity: 'Player', keyAttribute: 'GSI1SK', index: 'GSI1', attribute: 'rating' },
    nearMiss: () => example('leaderboard', [['RATING#{rating:05}', 'RATING#{rating:06}']]),
  },
  {
    rule: 'naive-negative-padding',
    name: 'a rating that can be negative, padded by the application',
    broken: () =>
      example('leaderboard', [
        [RATING, 'rating: { type: number, format: string, integer: true, min: -500, max: 99999, mutable: true }'],
        ['RATING#{rating:05}', 'RATING#{rating}'],
      ]),
    at: { entity: 'Player', keyAttribute: 'GSI1SK', index: 'GSI1', attribute: 'rating' },
    // The key format writes negatives as complements.
    nearMiss: () => example('leaderboard', [[RATING, 'rating: { type: number, integer: true, min: -500, max: 99999, mutable: true }']]),
  },
  {
    rule: 'number-stored-as-string',
    name: 'a rating stored as a string, ordered by topPlayersOfSeason',
    broken: () => example('leaderboard', [[RATING, 'rating: { type: number, format: string, integer: true, min: 0, max: 99999, mutable: true }']]),
    at: { entity: 'Player', attribute: 'rating', pattern: 'topPlayersOfSeason' },
    // Digits in a string no pattern orders by: the ticket id.
    nearMiss: () => example('ticket-desk'),
  },
  {
    rule: 'mutable-base-key',
    name: "STATUS#{status} in the ticket's base sort key, changed by changeStatus",
    broken: () => example('ticket-desk', [[TICKET_BASE, 'PK: TEAM#{teamId}\n      SK: STATUS#{status}#TICKET#{ticketId}']]),
    at: { entity: 'Ticket', keyAttribute: 'SK', attribute: 'status', writePath: 'changeStatus' },
    // The same status in a GSI sort key is the recommended design.
    nearMiss: () => example('ticket-desk'),
  },
  {
    rule: 'stale-index-key',
    name: 'GSI1SK STATUS#{status}#PRIORITY#{priority:01} with changeStatus and changePriority',
    broken: () => example('ticket-desk', [['GSI1SK: STATUS#{status}#TICKET#{ticketId}', 'GSI1SK: STATUS#{status}#PRIORITY#{priority:01}']]),
    at: { entity: 'Ticket', keyAttribute: 'GSI1SK', index: 'GSI1', attribute: 'priority', writePath: 'changeStatus' },
    // One write path changes both: it knows the whole key.
    nearMiss: () =>
      example('ticket-desk', [
        ['GSI1SK: STATUS#{status}#TICKET#{ticketId}', 'GSI1SK: STATUS#{status}#PRIORITY#{priority:01}'],
        ['attributes: [status], rate: 20', 'attributes: [status, priority], rate: 20'],
        ['  - { name: changePriority, entity: Ticket, kind: update, attributes: [priority], rate: 5 }\n', ''],
      ]),
  },
  {
    rule: 'scan-required',
    name: 'a pattern no key answers',
    broken: () => example('ticket-desk', [addPattern('{ name: ticketsByTitle, question: list tickets by title }')]),
    at: { entity: 'Ticket', pattern: 'ticketsByTitle' },
    nearMiss: () => example('ticket-desk', [addPattern('{ name: ticketsOfTeam, question: "list tickets by team, oldest first" }')]),
  },
  {
    rule: 'filter-required',
    name: 'a condition no key holds, left to a filter',
    broken: () =>
      example('ticket-desk', [[TICKET_KEYS_WHEN, ''], addPattern('{ name: urgentTickets, question: "list tickets by team where priority is 1, oldest first" }')]),
    at: { entity: 'Ticket', index: 'GSI2', pattern: 'urgentTickets' },
    // The sparse index holds only open tickets, so "open" needs no filter.
    nearMiss: () => example('ticket-desk'),
  },
  {
    rule: 'unused-index',
    name: 'GSI2 without findPlayerByHandle',
    broken: () => example('leaderboard', [['  - name: findPlayerByHandle\n    question: find player by handle\n    rate: 40\n', '']]),
    at: { index: 'GSI2' },
    nearMiss: () => example('leaderboard'),
  },
  {
    rule: 'sort-order-without-index',
    name: "an actor's events by action, on a key sorted by time",
    broken: () => example('audit-log', [addPattern('{ name: eventsByAction, question: "list events of an actor by action" }')]),
    at: { entity: 'Event', keyAttribute: 'SK', attribute: 'action', pattern: 'eventsByAction' },
    // Oldest first is the same key read forwards.
    nearMiss: () => example('audit-log', [addPattern('{ name: oldestEvents, question: "list events of an actor, oldest first" }')]),
  },
  {
    rule: 'reversed-timestamp',
    name: 'an inverted time for newest-first reads',
    broken: () =>
      example('audit-log', [
        ['      at: timestamp\n', '      at: timestamp\n      invertedAt: { type: number, integer: true, min: 0, max: 9999999999999 }\n'],
        [AUDIT_SK, 'SK: EVT#{invertedAt:013}#{eventId}'],
      ]),
    at: { entity: 'Event', keyAttribute: 'SK', attribute: 'invertedAt' },
    nearMiss: () => example('audit-log'),
  },
  {
    rule: 'consistent-read-on-gsi',
    name: 'ConsistentRead on the season ranking (GSI1)',
    broken: () => example('leaderboard', [['    rate: 50\n', '    rate: 50\n    consistentRead: true\n']]),
    at: { entity: 'Player', index: 'GSI1', pattern: 'topPlayersOfSeason' },
    // The base table supports it.
    nearMiss: () => example('leaderboard', [['    rate: 300\n', '    rate: 300\n    consistentRead: true\n']]),
  },
  {
    rule: 'sort-key-collision',
    name: 'EVT#{at:iso} without the event id',
    broken: () => example('audit-log', [[AUDIT_SK, 'SK: EVT#{at:iso}']]),
    at: { entity: 'Event', keyAttribute: 'SK', attribute: 'at' },
    // Index keys need no uniqueness: GSI1SK RATING#{rating:05} repeats freely.
    nearMiss: () => example('leaderboard'),
  },
  {
    rule: 'hot-partition',
    name: "5,000 events/s into one actor's partition",
    broken: () => example('audit-log', [['kind: create, rate: 200', 'kind: create, rate: 5000']]),
    at: { entity: 'Event', keyAttribute: 'PK', writePath: 'recordEvent' },
    // A high rate keyed by the item's own id spreads over the players.
    nearMiss: () => example('leaderboard', [['    rate: 300\n', '    rate: 100000\n']]),
  },
  {
    rule: 'reserved-attribute-name',
    name: 'status on the ticket',
    broken: () => example('ticket-desk'),
    at: { entity: 'Ticket', attribute: 'status' },
    nearMiss: () => example('ticket-desk', [['      status: {', '      stage: {'], ['status: open }\n      GSI2SK: { status: open }', 'stage: open }\n      GSI2SK: { stage: open }'], ['STATUS#{status}', 'STATUS#{stage}'], ['attributes: [status]', 'attributes: [stage]']]),
  },
  {
    rule: 'key-too-long',
    name: 'a handle of up to 600 characters in GSI2PK',
    broken: () =>
      example('leaderboard', [['handle: { type: string, unique: true, minLength: 3, maxLength: 20, examples: [nighthawk] }', 'handle: { type: string, unique: true, minLength: 3, maxLength: 600 }']]),
    at: { entity: 'Player', keyAttribute: 'GSI2PK', index: 'GSI2', attribute: 'handle' },
    // 600 ASCII characters (the examples show ASCII) fit in 2,048 bytes.
    nearMiss: () =>
      example('leaderboard', [
        ['handle: { type: string, unique: true, minLength: 3, maxLength: 20, examples: [nighthawk] }', 'handle: { type: string, unique: true, minLength: 3, maxLength: 600, examples: [nighthawk] }'],
      ]),
  },
  {
    rule: 'item-collection-too-large',
    name: '50 million events over 2 actors, on a table with an LSI',
    broken: () =>
      example('audit-log', [
        ['    timeToLiveAttribute: expiresAt\n', LSI],
        ['cardinality: 100000', 'cardinality: 2'],
        [`      ${AUDIT_SK}\n`, `      ${AUDIT_SK}\n      LSI1SK: ACTION#{action}#{at:iso}#{eventId}\n`],
      ]),
    at: { entity: 'Event', keyAttribute: 'PK' },
    // 500 events per actor stay far below 10 GB.
    nearMiss: () =>
      example('audit-log', [
        ['    timeToLiveAttribute: expiresAt\n', LSI],
        [`      ${AUDIT_SK}\n`, `      ${AUDIT_SK}\n      LSI1SK: ACTION#{action}#{at:iso}#{eventId}\n`],
      ]),
  },
  {
    rule: 'pattern-not-understood',
    name: 'a question the grammar cannot read',
    broken: () => example('ticket-desk', [['question: get ticket by id', 'question: frobnicate the widgets']]),
    at: { pattern: 'getTicket' },
    nearMiss: () => example('ticket-desk'),
  },
  {
    rule: 'invalid-key-template',
    name: 'a key template naming an undeclared attribute',
    broken: () => {
      const model = example('ticket-desk');
      const ticket = model.entities[0]!;
      return { ...model, entities: [{ ...ticket, keys: { ...ticket.keys, GSI2SK: 'CREATED#{createdAt:iso}#TICKET#{nope}' } }] };
    },
    at: { entity: 'Ticket', keyAttribute: 'GSI2SK', index: 'GSI2', attribute: 'nope' },
    nearMiss: () => example('ticket-desk'),
  },
  {
    rule: 'optional-index-key-field',
    name: 'a GSI partition key built from an optional teamId',
    broken: () => example('ticket-desk', [['teamId: { type: string, cardinality: 40, examples: ["7"] }', 'teamId: { type: string, cardinality: 40, examples: ["7"], required: false }']]),
    at: { entity: 'Ticket', keyAttribute: 'GSI1PK', index: 'GSI1', attribute: 'teamId' },
    // An optional attribute no key is built from.
    nearMiss: () => example('ticket-desk', [['title: { type: string, maxLength: 200 }', 'title: { type: string, maxLength: 200, required: false }']]),
  },
  {
    rule: 'concatenated-index-key',
    name: 'STATUS#{status}#TICKET#{ticketId} with a changing status (ticket desk)',
    broken: () => example('ticket-desk'),
    at: { entity: 'Ticket', keyAttribute: 'GSI1SK', index: 'GSI1', attribute: 'status' },
    // The same index with the multi-attribute sort key it suggests.
    nearMiss: () => example('ticket-desk', MULTI_ATTRIBUTE_GSI1),
  },
];

describe.each(CASES)('$rule', ({ rule, name, broken, at, nearMiss }) => {
  it(`catches ${name}`, () => {
    const findings = lintModel(broken(), { rules: [rule] });
    expect(findings).toContainEqual(expect.objectContaining({ rule, location: at }));
  });

  it('stays quiet on the near miss', () => {
    expect(lintModel(nearMiss(), { rules: [rule] })).toEqual([]);
  });
});

it('has a broken variant for every rule', () => {
  expect(new Set(CASES.map((rule) => rule.rule))).toEqual(new Set(LINT_RULES.map((rule) => rule.id)));
});

describe('what the findings say', () => {
  it('names the transactional move and the GSI alternative for a mutable base key', () => {
    const [finding] = lintModel(CASES.find((c) => c.rule === 'mutable-base-key')!.broken(), { rules: ['mutable-base-key'] });
    expect(finding!.fix).toMatch(/TransactWriteItems/);
    expect(finding!.fix).toMatch(/GSI sort key/);
  });

  it('reports the stale composite for each write path that changes half of it', () => {
    const findings = lintModel(CASES.find((c) => c.rule === 'stale-index-key')!.broken(), { rules: ['stale-index-key'] });
    expect(findings.map((finding) => [finding.location.writePath, finding.location.attribute])).toEqual([
      ['changeStatus', 'priority'],
      ['changePriority', 'status'],
    ]);
  });

  it('suggests a width that covers the declared range', () => {
    const [finding] = lintModel(CASES.find((c) => c.rule === 'unpadded-number-in-key')!.broken(), { rules: ['unpadded-number-in-key'] });
    expect(finding!.fix).toContain('{rating:05}');
  });

  it('catches the unpadded rating also through the sort-order rules being silent: the order field is right, only its text is wrong', () => {
    const findings = lintModel(CASES.find((c) => c.rule === 'unpadded-number-in-key')!.broken());
    expect(findings.filter((finding) => finding.severity !== 'info').map((finding) => finding.rule)).toEqual(['unpadded-number-in-key']);
  });

  it('flags DD.MM.YYYY and unpadded epoch numbers as non-sortable dates', () => {
    const dotted = example('audit-log', [['at: timestamp', 'at: { type: date, format: DD.MM.YYYY }'], [AUDIT_SK, 'SK: EVT#{at}#{eventId}']]);
    const epoch = example('audit-log', [['at: timestamp', 'at: { type: timestamp, format: epoch-millis }'], [AUDIT_SK, 'SK: EVT#{at}#{eventId}']]);
    const paddedEpoch = example('audit-log', [['at: timestamp', 'at: { type: timestamp, format: epoch-millis }'], [AUDIT_SK, 'SK: EVT#{at:013}#{eventId}']]);
    expect(lintModel(dotted, { rules: ['non-sortable-date'] })).toHaveLength(1);
    expect(lintModel(epoch, { rules: ['non-sortable-date'] })).toHaveLength(1);
    expect(lintModel(paddedEpoch, { rules: ['non-sortable-date'] })).toEqual([]);
  });

  it('reports key templates that do not compile or name no key attribute of the table', () => {
    const model = example('ticket-desk');
    const ticket = model.entities[0]!;
    const broken = { ...model, entities: [{ ...ticket, keys: { ...ticket.keys, GSI1SK: 'STATUS#{status', GSI9PK: 'X#{teamId}' } }] };
    const findings = lintModel(broken, { rules: ['invalid-key-template'] });
    expect(findings.map((finding) => finding.location.keyAttribute).sort()).toEqual(['GSI1SK', 'GSI9PK']);
  });

  it('reads a 9999… minus description as a reversed time, and a negative number as none', () => {
    const withSortField = (attribute: string) =>
      example('audit-log', [
        ['      at: timestamp\n', `      at: timestamp\n      ${attribute}\n`],
        [AUDIT_SK, 'SK: EVT#{ts:013}#{eventId}'],
      ]);
    const described = withSortField('ts: { type: number, integer: true, min: 0, max: 9999999999999, description: 9999999999999 - epoch millis }');
    const negative = withSortField('ts: { type: number, integer: true, min: -5, max: 9999999999999, description: can be negative }');
    expect(lintModel(described, { rules: ['reversed-timestamp'] })).toHaveLength(1);
    expect(lintModel(negative, { rules: ['reversed-timestamp'] })).toEqual([]);
  });

  it('assumes 4 UTF-8 bytes per character when no example shows ASCII', () => {
    const [finding] = lintModel(CASES.find((c) => c.rule === 'key-too-long')!.broken(), { rules: ['key-too-long'] });
    expect(finding!.message).toContain('2407 bytes');
  });
});

describe('multi-attribute GSI keys', () => {
  it('reads the order of a pattern from the sort attribute after the supplied ones', () => {
    // listTeamTicketsByStatus orders by status on GSI1 [status, ticketId]; with ticketId a UUID and status supplied, a list by team and status orders by ticketId.
    const model = example('ticket-desk', [
      ...MULTI_ATTRIBUTE_GSI1,
      ['ticketId: { type: string, minLength: 4, maxLength: 10, examples: ["8842"] }', 'ticketId: uuid'],
      ['question: list tickets by team, by status', 'question: list tickets by team and status, oldest first'],
    ]);
    const findings = lintModel(model, { rules: ['unordered-sort-key'] });
    expect(findings).toContainEqual(expect.objectContaining({ location: expect.objectContaining({ keyAttribute: 'ticketId', index: 'GSI1', attribute: 'ticketId' }) }));
  });

  it('names every key attribute of the index an item needs', () => {
    const model = example('ticket-desk', [
      ...MULTI_ATTRIBUTE_GSI1,
      ['status: { type: enum, values: [open, pending, closed], mutable: true }', 'status: { type: enum, values: [open, pending, closed], mutable: true, required: false }'],
    ]);
    const [finding] = lintModel(model, { rules: ['optional-index-key-field'] });
    expect(finding).toMatchObject({ location: { entity: 'Ticket', keyAttribute: 'status', index: 'GSI1', attribute: 'status' } });
    expect(finding!.message).toMatch(/only with all 3 of its key attributes/);
  });
});
